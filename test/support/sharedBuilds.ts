import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cliPath, has, repoRoot, tempDir } from './helpers.js';

// What several test files build and use. Each build is atomic and locked (the build cache's
// folders, adapters/ns3/build.sh): whoever asks first builds, the others wait and find it built.
// A build takes minutes on a loaded 2-vCPU machine, so none runs in a test's timed part: these
// functions have no time limit, and scripts/test.mjs calls them before the files start; the files
// call them again in hooks (finding it built), so that a file run alone builds what it needs.

/** A build as a command: run to its end by a file that needs it, or beside the others by the runner. */
interface BuildCommand {
  file: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
}

const NS3_BUILD: BuildCommand = { file: join(repoRoot, 'adapters/ns3/build.sh'), args: [] };

/** adapters/ns3/build.sh's programs, built unless up to date. */
export function ns3Programs(): { adapter: string; errorCurves: string } {
  execFileSync(NS3_BUILD.file, NS3_BUILD.args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const folder = join(repoRoot, 'adapters/ns3/build');
  return { adapter: join(folder, 'rclsim-ns3'), errorCurves: join(folder, 'ns3-error-curves') };
}

/** Where `rclsim exec` runs a C++ program: each is a build of the client of its own. */
type Placement = 'in-process' | 'separate';

/** `rclsim exec` of a C++ program that does nothing, run `placement`: what builds the client for it. */
function emptyProgram(placement: Placement, env: Record<string, string>): BuildCommand {
  const dir = tempDir();
  writeFileSync(join(dir, 'empty.cpp'), 'int main() {}\n');
  return {
    file: process.execPath,
    args: [cliPath, 'exec', '--process', placement, 'empty.cpp'],
    cwd: dir,
    env: { ...process.env, ...env } as Record<string, string>,
  };
}

/**
 * rclsim's C++ client and its precompiled header for the compiler and CXXFLAGS of `env`, built
 * into the build cache: what `rclsim exec` builds before a C++ program (here, one that does
 * nothing), in the variants of `placements` (both by default: for rclsim's process and for a
 * process of its own). A test that runs its programs one way asks for that one: the other is
 * minutes on a loaded machine for nothing.
 */
export function cppClientBuilt(env: Record<string, string> = {}, placements: readonly Placement[] = ['in-process', 'separate']): void {
  for (const placement of placements) {
    const { file, args, cwd, env: withEnv } = emptyProgram(placement, env);
    const result = spawnSync(file, args, { cwd, encoding: 'utf8', env: withEnv });
    if (result.status !== 0) throw new Error(`rclsim exec of an empty C++ program (${placement}) exited ${result.status}:\n${result.stderr}`);
  }
}

/** Runs `command` to its end; rejects with its exit status and the end of its stderr. */
function ran(command: BuildCommand): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command.file, command.args, { cwd: command.cwd, env: command.env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status, signal) => {
      if (status === 0) resolve();
      else reject(new Error(`${command.file} ${command.args.join(' ')} exited ${status ?? signal}: ${stderr.trim().split('\n').at(-1) ?? ''}`));
    });
  });
}

/**
 * Builds what many test files use, of what this machine can build, and says what it built and in
 * how long. The builds run at once: each has steps that keep one core of two (CMake's configure,
 * a precompiled header, ns-3's two programs one after the other), which the others fill, and they
 * share nothing but the build cache's folders, which its locks give to one of them.
 */
export async function buildShared(log: (line: string) => void): Promise<void> {
  const cpp = has('C++ toolchain');
  const builds: [string, boolean, () => BuildCommand][] = [
    ['the ns-3 adapter', has('ns-3'), () => NS3_BUILD],
    ["rclsim's C++ client for rclsim's process", cpp, () => emptyProgram('in-process', {})],
    ["rclsim's C++ client for programs' own processes", cpp, () => emptyProgram('separate', {})],
  ];
  await Promise.all(
    builds
      .filter(([, present]) => present)
      .map(async ([what, , command]) => {
        const start = performance.now();
        try {
          await ran(command());
          log(`ready before the tests: ${what} (${((performance.now() - start) / 1000).toFixed(1)} s)`);
        } catch (error) {
          // The tests that need it build it again and fail with the reason where it belongs.
          log(`did not build before the tests: ${what}: ${(error as Error).message.split('\n')[0]}`);
        }
      }),
  );
}
