import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { type CliResult, cliPath } from './helpers.js';

/**
 * An rclsim command started as a terminal starts one: the leader of a process group of its own
 * (a Ctrl-C goes to the whole group), with a marker in its environment that every process it
 * starts inherits — however it detaches them — so that what is left of it can be found.
 */
export interface MarkedCommand {
  pid: number;
  marker: string;
  /** Its end: exit status (null when a signal killed it: `signal`), stdout, stderr. */
  ended: Promise<CliResult & { signal: NodeJS.Signals | null }>;
}

let count = 0;

export function startMarked(args: string[], cwd: string): MarkedCommand {
  const marker = `rclsim-test-${process.pid}-${++count}`;
  const child = spawn(process.execPath, [cliPath, ...args], { cwd, detached: true, env: { ...process.env, RCLSIM_TEST_MARK: marker } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  // Its output is read to the end of its pipes, which processes it left running hold open: those
  // get 10 s after it exited (what is left is the test's finding, not a hang of the test).
  const ended = new Promise<CliResult & { signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (status, signal) => {
      const done = (): void => resolve({ status, signal, stdout, stderr });
      const late = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        done();
      }, 10_000);
      child.on('close', () => {
        clearTimeout(late);
        done();
      });
    }),
  );
  return { pid: child.pid!, marker, ended };
}

/** Waits for `path` to appear (what the command writes once it is under way); fails after `ms`. */
export async function waitForFile(path: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!existsSync(path)) {
    if (Date.now() > until) throw new Error(`${path} did not appear within ${ms} ms`);
    await sleep(50);
  }
}

/** The command lines of the processes still carrying `marker` in their environment. */
function marked(marker: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(`RCLSIM_TEST_MARK=${marker}`)) continue;
      found.push(readFileSync(`/proc/${entry}/cmdline`, 'latin1').replaceAll('\0', ' ').trim());
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/**
 * What is left running of a command that ended: its processes carrying its marker, once those on
 * their way out (a helper that ends when it sees rclsim gone) had up to `ms` to go.
 */
export async function leftBehind(marker: string, ms = 5000): Promise<string[]> {
  const until = Date.now() + ms;
  for (;;) {
    const left = marked(marker);
    if (left.length === 0 || Date.now() > until) return left;
    await sleep(50);
  }
}
