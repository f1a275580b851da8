import { type ChildProcess, spawn } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { STOP_GRACE_MS } from './runDeadlines.js';
import { type CheckJson, describeFailure, failedChecks } from './runVerdict.js';

const WATCHED_MAIN = fileURLToPath(new URL('./watchedMain.js', import.meta.url));

/** What a run in a child process did. */
export interface ChildOutcome {
  /** Its exit status (128 + the signal's number when a signal ended it). */
  status: number;
  /** Its `--json` summary, if it printed one. */
  summary: Record<string, unknown> | null;
  /** Its one-line failure ('' when it exited 0). */
  failure: string;
  /** It took longer than its wall-time limit, and was stopped. */
  hung: boolean;
}

/**
 * `rclsim run|exec … --json` in a child process (cli/run/watchedMain.ts), in its own process group
 * (a terminal's Ctrl-C reaches it once, through whoever started it), which ends when this process
 * does, however this one ends. A run that takes longer than `timeoutMs` of wall time has hung:
 * it gets SIGTERM, which stops it where it stands with its trace and recordings finished, and its
 * process group SIGKILL when it has not ended some seconds later.
 */
export class ChildRun {
  readonly outcome: Promise<ChildOutcome>;
  readonly #child: ChildProcess;

  constructor(args: string[], timeoutMs: number) {
    // fd 3: the socket whose close tells the child that this process is gone (see watchedMain.ts).
    this.#child = spawn(process.execPath, [WATCHED_MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe', 'pipe'], detached: true });
    this.outcome = this.#finished(timeoutMs);
  }

  /** Passes a signal on to the run (SIGINT/SIGTERM stop it at its next step). */
  kill(signal: NodeJS.Signals): void {
    this.#child.kill(signal);
  }

  #finished(timeoutMs: number): Promise<ChildOutcome> {
    const child = this.#child;
    let hung = false;
    let kill: NodeJS.Timeout | undefined;
    const limit = setTimeout(() => {
      hung = true;
      child.kill('SIGTERM');
      kill = setTimeout(() => killGroup(child.pid!), STOP_GRACE_MS);
    }, timeoutMs);
    return new Promise((resolve, reject) => {
      let stdout = '';
      let stderr = '';
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.on('error', (error) => {
        clearTimeout(limit);
        reject(error);
      });
      child.on('close', (code, signal) => {
        clearTimeout(limit);
        clearTimeout(kill);
        child.stdio[3]?.destroy();
        const status = code ?? 128 + (signal === null ? 0 : constants.signals[signal]);
        const lines = stderr.trim().split('\n');
        // Its own line, else whatever it said last (a crash of Node.js itself).
        const failure =
          lines
            .filter((line) => line.startsWith('rclsim: '))
            .pop()
            ?.slice('rclsim: '.length) ||
          lines.pop() ||
          '';
        const summary = jsonSummary(stdout);
        // A run that ended with a failed check says why in its summary, not on stderr.
        const verdict = { exitCode: status, checks: (summary?.checks ?? []) as CheckJson[], error: null, faults: null };
        const checked = failedChecks(verdict).length > 0 ? describeFailure(verdict) : failure;
        resolve({ status, summary, failure: status === 0 ? '' : checked, hung });
      });
    });
  }
}

/** The run and whatever it started in its process group, at once. */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

/** The summary `--json` prints on the last line of stdout, or null when there is none (a failed run's last line is the program's). */
function jsonSummary(stdout: string): Record<string, unknown> | null {
  try {
    const summary: unknown = JSON.parse(stdout.trimEnd().split('\n').pop() ?? '');
    return typeof summary === 'object' && summary !== null && 'fingerprint' in summary ? (summary as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
