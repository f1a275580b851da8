/**
 * How a program's process ended, told apart as docs/design.md#faults-stay-in-their-process needs: an exit code,
 * a signal, out of memory, or no start at all.
 *
 * V8 ends a process that runs out of heap with SIGABRT, as process.abort() and native aborts
 * do; only its stderr ("FATAL ERROR: … JavaScript heap out of memory") tells them apart, and
 * that stays the program's (a terminal, a log) and may not be read while the simulation waits
 * synchronously. So a Node program runs with `--report-on-fatalerror`: Node writes a diagnostic
 * report on a fatal error before it aborts, whose trigger is "OOMError" for a heap out of
 * memory, and nothing on a plain abort or signal. The reports go to one directory per user,
 * named by process id, and are removed once read: nothing stays behind a program.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endStatus } from '../../base/processStatus.js';
import { sleepWall } from '../../base/realTime.js';

export type ProgramExit =
  | { kind: 'code'; code: number }
  | { kind: 'signal'; signal: NodeJS.Signals }
  /** V8's heap ran out (the process then aborted). */
  | { kind: 'out-of-memory' }
  /** The process could not be started (no such program, no permission). */
  | { kind: 'not-started'; message: string };

/** How an exit reads in a one-line error: "exited with code 3", "was killed by SIGKILL" … */
export function describeExit(exit: ProgramExit): string {
  switch (exit.kind) {
    case 'code':
      return `exited with code ${exit.code}`;
    case 'signal':
      return exit.signal === 'SIGABRT' ? 'aborted (SIGABRT)' : `was killed by ${exit.signal}`;
    case 'out-of-memory':
      return 'ran out of memory (JavaScript heap)';
    case 'not-started':
      return `could not start: ${exit.message}`;
  }
}

/**
 * How process `pid` ended, read synchronously: a run thread that found a program's socket closed
 * in the middle of a callback cannot wait for the 'exit' event (the event loop reaps children
 * only when it runs), so it reads the dead process's wait status from /proc. Waits until
 * `deadline` (wall ms) for it to die; null when it has not, or /proc cannot tell.
 */
export function exitOfDeadProcess(pid: number, deadline: number, now: () => number): ProgramExit | null {
  for (;;) {
    const status = endStatus(pid);
    if (status === null) return null;
    if (status !== 'running') return classifyExit(pid, status.code, status.signal);
    if (now() >= deadline) return null;
    sleepWall(1);
  }
}

/** Whether process `pid` has ended: a zombie, or no longer there (or /proc cannot tell). */
export function processEnded(pid: number): boolean {
  return endStatus(pid) !== 'running';
}

/** Where Node programs write their fatal-error reports, as report.<date>.<time>.<pid>.<thread>.<n>.json. */
function reportDirectory(): string {
  const directory = join(tmpdir(), `rclsim-reports-${process.getuid?.() ?? 0}`);
  mkdirSync(directory, { recursive: true });
  return directory;
}

/** `env` with the report options added to its NODE_OPTIONS (after the user's, so they win); inherited by what the program starts. */
export function withFatalErrorReports(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const quoted = `"${reportDirectory().replace(/["\\]/g, '\\$&')}"`;
  const options = `--report-on-fatalerror --report-directory=${quoted}`;
  return { ...env, NODE_OPTIONS: env.NODE_OPTIONS ? `${env.NODE_OPTIONS} ${options}` : options };
}

/** Removes reports of process `pid`: called as it starts, a report of an earlier process with its pid says nothing of it. */
export function clearFatalErrorReports(pid: number): void {
  reportsOf(pid, () => {});
}

/** How process `pid` ended, from its 'exit' event and its fatal-error report if it wrote one. */
export function classifyExit(pid: number, code: number | null, signal: NodeJS.Signals | null): ProgramExit {
  if (signal === null) return { kind: 'code', code: code ?? 0 };
  let outOfMemory = false;
  reportsOf(pid, (report) => {
    const header = (report as { header?: { processId?: number; trigger?: string; event?: string } }).header;
    if (header?.processId === pid && (header.trigger === 'OOMError' || /heap out of memory/.test(header.event ?? ''))) outOfMemory = true;
  });
  return outOfMemory ? { kind: 'out-of-memory' } : { kind: 'signal', signal };
}

/** Reads each report of process `pid` (a report cut short by the process's death as undefined), then removes it. */
function reportsOf(pid: number, read: (report: unknown) => void): void {
  const directory = reportDirectory();
  for (const file of readdirSync(directory)) {
    if (file.split('.')[3] !== String(pid)) continue;
    const path = join(directory, file);
    let report: unknown;
    try {
      report = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      report = undefined;
    }
    read(report);
    rmSync(path, { force: true });
  }
}
