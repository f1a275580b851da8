import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cliPath, has, repoRoot, tempDir } from './helpers.js';

// What several test files build and use. Each build is atomic and locked (the build cache's
// folders, adapters/ns3/build.sh): whoever asks first builds, the others wait and find it built.
// A build takes minutes on a loaded 2-vCPU machine, so none runs in a test's timed part: these
// functions have no time limit, and scripts/test.mjs calls them before the files start; the files
// call them again in hooks (finding it built), so that a file run alone builds what it needs.

/** adapters/ns3/build.sh's programs, built unless up to date. */
export function ns3Programs(): { adapter: string; errorCurves: string } {
  execFileSync(join(repoRoot, 'adapters/ns3/build.sh'), { stdio: ['ignore', 'ignore', 'inherit'] });
  const folder = join(repoRoot, 'adapters/ns3/build');
  return { adapter: join(folder, 'rclsim-ns3'), errorCurves: join(folder, 'ns3-error-curves') };
}

/** Where `rclsim exec` runs a C++ program: each is a build of the client of its own. */
type Placement = 'in-process' | 'separate';

/**
 * rclsim's C++ client and its precompiled header for the compiler and CXXFLAGS of `env`, built
 * into the build cache: what `rclsim exec` builds before a C++ program (here, one that does
 * nothing), in the variants of `placements` (both by default: for rclsim's process and for a
 * process of its own). A test that runs its programs one way asks for that one: the other is
 * minutes on a loaded machine for nothing.
 */
export function cppClientBuilt(env: Record<string, string> = {}, placements: readonly Placement[] = ['in-process', 'separate']): void {
  const dir = tempDir();
  writeFileSync(join(dir, 'empty.cpp'), 'int main() {}\n');
  for (const placement of placements) {
    const result = spawnSync(process.execPath, [cliPath, 'exec', '--process', placement, 'empty.cpp'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });
    if (result.status !== 0) throw new Error(`rclsim exec of an empty C++ program (${placement}) exited ${result.status}:\n${result.stderr}`);
  }
}

/** Builds what many test files use, of what this machine can build, and says what it built and in how long. */
export function buildShared(log: (line: string) => void): void {
  const builds: [string, boolean, () => unknown][] = [
    ['the ns-3 adapter', has('ns-3'), ns3Programs],
    ["rclsim's C++ client", has('C++ toolchain'), cppClientBuilt],
  ];
  for (const [what, present, make] of builds) {
    if (!present) continue;
    const start = performance.now();
    try {
      make();
      log(`ready before the tests: ${what} (${((performance.now() - start) / 1000).toFixed(1)} s)`);
    } catch (error) {
      // The tests that need it build it again and fail with the reason where it belongs.
      log(`did not build before the tests: ${what}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
}
