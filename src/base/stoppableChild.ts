import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { guardGroup, releaseGroup } from './GroupGuard.js';
import { type Interruption, interruption } from './interruption.js';
import { type EndStatus, endStatus } from './processStatus.js';
import { sleepWall, wallClock } from './realTime.js';
import { InterruptedError } from './runErrors.js';

/** How a stoppable child is run. */
export interface StoppableOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Each of its output streams: this process's own (the user reads it as it comes), or kept and returned. */
  stdout: 'inherit' | 'keep';
  stderr: 'inherit' | 'keep';
  /** What the child does, for the line an interruption gives: `evaluating launch file x.py`. */
  doing: string;
}

/** How it ended, and what it wrote on the streams kept (all of it: no buffer to overflow). */
export type StoppableEnd = EndStatus & { stdout: string; stderr: string };

/** A child that could not start: no such program, or not one this machine can run. */
export class NotStartedError extends Error {
  constructor(command: string) {
    super(`'${command}' could not be started (no such program, or not one this machine can run)`);
    this.name = 'NotStartedError';
  }
}

/** How long a child stopped by an interruption has to end (make deletes what it was writing) before its group is killed. */
const STOP_GRACE_MS = 500;
/** The longest sleep between two looks at whether the child ended. */
const MAX_POLL_MS = 20;
/** Whether this machine tells a child's end in /proc (Linux); elsewhere a child is waited for as spawnSync waits, unstoppable. */
const PROC = existsSync('/proc/self/stat');

/**
 * Runs a program to its end synchronously, as spawnSync does, but stoppable: the child leads a
 * process group of its own (what it starts belongs to it: make, the compilers, a launch file's
 * subprocesses), which GroupGuard kills should rclsim die, and which an interruption of this
 * thread (`interruption()`: SIGINT/SIGTERM taken by the main thread) ends — SIGTERM to the
 * group, SIGKILL after a grace — before it throws InterruptedError naming what was `doing`.
 * An interruption raised before the child starts starts nothing. Its kept output goes to files,
 * never through a pipe of bounded size.
 */
export function runStoppable(command: string, args: readonly string[], options: StoppableOptions): StoppableEnd {
  const stop = interruption();
  const interrupted = (): InterruptedError => new InterruptedError(stop.signal!, `while ${options.doing}`);
  if (stop.signal !== null) throw interrupted();
  const scratch = mkdtempSync(join(tmpdir(), 'rclsim-child-'));
  try {
    const files = { stdout: join(scratch, 'stdout'), stderr: join(scratch, 'stderr') };
    const stdio = (['stdout', 'stderr'] as const).map((stream) => (options[stream] === 'keep' ? openSync(files[stream], 'w') : 'inherit'));
    let status: EndStatus | 'interrupted';
    try {
      status = PROC ? startAndWait(command, args, options, stdio, stop) : waitBlocked(command, args, options, stdio);
    } finally {
      for (const fd of stdio) if (typeof fd === 'number') closeSync(fd);
    }
    if (status === 'interrupted') throw interrupted();
    const kept = (stream: 'stdout' | 'stderr'): string => (options[stream] === 'keep' ? readFileSync(files[stream], 'utf8') : '');
    return { ...status, stdout: kept('stdout'), stderr: kept('stderr') };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The spawn options of a child with these output streams. */
function spawnOptions(
  options: StoppableOptions,
  stdio: readonly (number | 'inherit')[],
): { stdio: ('ignore' | number | 'inherit')[]; cwd?: string; env?: NodeJS.ProcessEnv } {
  return {
    stdio: ['ignore', ...stdio],
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.env === undefined ? {} : { env: options.env }),
  };
}

/** Starts the child as the leader of a group of its own, guarded, and waits for it. */
function startAndWait(
  command: string,
  args: readonly string[],
  options: StoppableOptions,
  stdio: readonly (number | 'inherit')[],
  stop: Interruption,
): EndStatus | 'interrupted' {
  // setsid(): the leader of a process group of its own, outside the terminal's: rclsim decides what a Ctrl-C does to it.
  const child = spawn(command, args, { ...spawnOptions(options, stdio), detached: true });
  // A program that cannot start says so in an 'error' event, which this thread reads only later.
  child.on('error', () => {});
  const pid = child.pid;
  if (pid === undefined) throw new NotStartedError(command);
  guardGroup(pid);
  try {
    return waitFor(pid, stop);
  } finally {
    releaseGroup(pid);
  }
}

/** Without /proc (not Linux): waited for as spawnSync waits, which no signal stops. */
function waitBlocked(command: string, args: readonly string[], options: StoppableOptions, stdio: readonly (number | 'inherit')[]): EndStatus {
  const run = spawnSync(command, args, spawnOptions(options, stdio));
  if (run.error !== undefined) throw new NotStartedError(command);
  return run.signal === null ? { code: run.status ?? 0, signal: null } : { code: null, signal: run.signal };
}

/** Waits for child `pid` to end; on an interruption ends its group first. */
function waitFor(pid: number, stop: Interruption): EndStatus | 'interrupted' {
  let sleep = 1;
  for (;;) {
    const status = endStatus(pid);
    // No /proc entry: it was reaped by someone else, which this thread's own child never is.
    if (status === null) return { code: null, signal: 'SIGKILL' };
    if (status !== 'running') return stop.signal === null ? status : 'interrupted';
    if (stop.signal !== null) {
      endGroup(pid);
      return 'interrupted';
    }
    stop.sleep(sleep);
    sleep = Math.min(sleep * 2, MAX_POLL_MS);
  }
}

/** SIGTERM to the group, then SIGKILL to what is left of it once the leader ended or the grace passed. */
function endGroup(pid: number): void {
  const signal = (name: NodeJS.Signals): void => {
    try {
      process.kill(-pid, name);
    } catch {
      // Every process of the group is gone.
    }
  };
  signal('SIGTERM');
  const until = wallClock() + STOP_GRACE_MS;
  // The leader stays a zombie until this thread's event loop reaps it: its group's id is not reused meanwhile.
  while (endStatus(pid) === 'running' && wallClock() < until) sleepWall(5);
  signal('SIGKILL');
}
