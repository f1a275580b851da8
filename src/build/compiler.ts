import { spawnSync } from 'node:child_process';

/** A C++ program or package that did not build: the compiler said why on stderr; this is rclsim's one line. */
export class CppBuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CppBuildError';
  }
}

/** The C++ compiler: `CXX` when set (as CMake takes it), else `g++`. */
export function compilerCommand(): string {
  return process.env.CXX || 'g++';
}

const identities = new Map<string, string>();

/** What the compiler says it is (`g++ --version`): a build by another compiler is another build. */
export function compilerIdentity(): string {
  const command = compilerCommand();
  const known = identities.get(command);
  if (known !== undefined) return known;
  const run = spawnSync(command, ['--version'], { encoding: 'utf8' });
  if (run.error !== undefined || run.status !== 0) {
    throw new CppBuildError(`cannot run the C++ compiler '${command}' (set CXX to one, or install g++): ${run.error?.message ?? run.stderr.trim()}`);
  }
  identities.set(command, run.stdout);
  return run.stdout;
}

/**
 * Runs a build tool with its diagnostics on rclsim's stderr, as a compiler's own (the user reads
 * them); what it says on stdout (a build's progress) shows only when it fails. Throws `failure`
 * as one line when it fails.
 */
export function runTool(command: string, args: readonly string[], failure: string, cwd?: string): void {
  const run = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024, ...(cwd === undefined ? {} : { cwd }) });
  if (run.error !== undefined) throw new CppBuildError(`${failure}: ${run.error.message}`);
  if (run.status !== 0) {
    process.stderr.write(run.stdout);
    throw new CppBuildError(`${failure} (${command} exited with ${run.status ?? run.signal})`);
  }
}

/**
 * The user's own flags from `CXXFLAGS` (as make and CMake take them; split at white space, no
 * quoting): include folders, macros, warnings. In a program's compile they come before rclsim's, so C++17 and the
 * floating-point flags that keep the bits the same on every CPU stay in force.
 */
export function userFlags(): string[] {
  return (process.env.CXXFLAGS ?? '').split(/\s+/).filter((flag) => flag !== '');
}
