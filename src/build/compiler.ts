import { spawnSync } from 'node:child_process';
import { writeSync } from 'node:fs';
import { basename } from 'node:path';
import { NotStartedError, runStoppable, type StoppableEnd } from '../base/stoppableChild.js';

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
 * as one line when it fails, naming the tool by its file's name (rclsim's compilers are scripts
 * named as the compilers they run). The tool and what it starts (make, the compilers) are stopped by
 * SIGINT/SIGTERM to rclsim (base/stoppableChild.ts: InterruptedError).
 */
export function runTool(command: string, args: readonly string[], failure: string, cwd?: string, env?: NodeJS.ProcessEnv): void {
  let run: StoppableEnd;
  try {
    run = runStoppable(command, args, {
      stdout: 'keep',
      stderr: 'inherit',
      doing: `running ${command}`,
      ...(cwd === undefined ? {} : { cwd }),
      ...(env === undefined ? {} : { env }),
    });
  } catch (error) {
    if (error instanceof NotStartedError) throw new CppBuildError(`${failure}: ${error.message}`);
    throw error;
  }
  if (run.code !== 0) {
    // At once, on the stderr the tool's own diagnostics went to.
    writeSync(2, run.stdout);
    throw new CppBuildError(`${failure} (${basename(command)} exited with ${run.code ?? run.signal})`);
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

/**
 * The libraries a program links besides the client, from `LDLIBS` (as make takes them: after the
 * program's source; split at white space): `LDLIBS=-ltbb rclsim exec icp.cpp`. Only the program's
 * link: the client is not built again for them.
 */
export function userLibraries(): string[] {
  return (process.env.LDLIBS ?? '').split(/\s+/).filter((flag) => flag !== '');
}

/** Flags that only say where a program's own headers are, and the folder when it is the next word. */
const INCLUDE_FOLDER = /^-(I|isystem|iquote|idirafter)(.*)$/;

/**
 * The user's flags the C++ client is built with: all but the include folders, which say where the
 * program's headers are; the client needs none of them, and a program's new folder (rslcpp's
 * `CXXFLAGS=-I../include`) does not build it again. Macros and code generation flags stay: they
 * may change what the client's code must be (`-D_GLIBCXX_DEBUG`, `-fsanitize=address`).
 */
export function clientFlags(): string[] {
  const flags = userFlags();
  const kept: string[] = [];
  for (let i = 0; i < flags.length; i++) {
    const folder = INCLUDE_FOLDER.exec(flags[i]!);
    if (folder === null) kept.push(flags[i]!);
    else if (folder[2] === '') i++;
  }
  return kept;
}
