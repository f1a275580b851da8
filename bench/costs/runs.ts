/** How `npm run costs` starts what it measures, and reads what a run says. */
import { execFile } from 'node:child_process';

export const CLI = new URL('../../src/cli/main.js', import.meta.url).pathname;
export const REPO = new URL('../../..', import.meta.url).pathname;

/**
 * V8 on one thread (compilation and collection on the main thread, in the same order every run),
 * its hash and random seeds fixed, and collections scheduled by the heap alone, never by timers
 * or wall-clock rates, which would move them, and the instructions they take, from run to run.
 */
export const NODE_FLAGS = [
  '--single-threaded',
  '--predictable-gc-schedule',
  '--no-incremental-marking',
  '--no-memory-reducer',
  '--hash-seed=1',
  '--random-seed=1',
];

/** Runs a command to its end: its stdout, or an error with the end of its stderr. */
export function run(command: string, args: string[], cwd?: string, env?: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 1 << 28 }, (error, stdout, stderr) => {
      if (error === null) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} failed (${error.code ?? error.signal}): ${stderr.slice(-2000)}`));
    }),
  );
}

/** The callbacks of an `rclsim run --json` summary (its last line). */
export function summaryCallbacks(output: string): number {
  return (JSON.parse(output.trim().split('\n').pop()!) as { callbacks: number }).callbacks;
}
