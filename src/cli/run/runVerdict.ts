import { formatSimTime } from '../../base/runErrors.js';
import { ExitCode } from '../../job/exitCodes.js';
import type { FaultsSummary } from '../../job/RunSummary.js';
import { type CheckOutcome, failsRun } from '../../sim/checks/CheckConfig.js';
import type { RunAnswer } from '../../sweep/PooledRuns.js';

/** A check's outcome as a summary's JSON carries it (bigints as decimal strings). */
export type CheckJson = Omit<CheckOutcome, 'failure'> & { failure?: { time: string; what: string; callback?: string } };

/** What hunt and shrink read of a run's summary. */
interface SummaryJson {
  exitCode: number;
  checks?: CheckJson[];
  faults?: FaultsSummary;
}

/** What a run that ran came to: the exit code `rclsim run` would exit with, and what explains it. */
export interface RunVerdict {
  exitCode: number;
  /** The checks and assertions (the failed ones explain exit code 8). */
  checks: CheckJson[];
  /** The failure's one line, when the run failed (no summary). */
  error: string | null;
  faults: FaultsSummary | null;
}

/** Exit codes of a run that failed, beside a failed check (8): a callback threw, a livelock, a program's process died. */
const FAILING_CODES: readonly number[] = [ExitCode.callbackThrew, ExitCode.livelock, ExitCode.programDied];

/** Kinds of checks that count over many runs and never fail one. */
const COUNTED_KINDS: readonly CheckOutcome['kind'][] = ['sometimes', 'reachable'];

/** A run's verdict, or null when it was lost (its worker died, or it hung, every attempt). */
export function verdictOf(answer: RunAnswer): RunVerdict | null {
  if (answer.kind === 'lost') return null;
  const result = answer.result;
  if (!result.ok) {
    const findings = JSON.parse(result.findings ?? '{}') as Pick<SummaryJson, 'checks' | 'faults'>;
    return { exitCode: result.exitCode, checks: findings.checks ?? [], error: result.error, faults: findings.faults ?? null };
  }
  const summary = JSON.parse(result.summary) as SummaryJson;
  return { exitCode: summary.exitCode, checks: summary.checks ?? [], error: null, faults: summary.faults ?? null };
}

/**
 * Whether a run is a failure a hunt looks for: a failed check (also in a run that failed
 * otherwise after it), or, unless `checksOnly`, exit code 3, 4 or 7.
 */
export function isFailure(verdict: RunVerdict | null, checksOnly: boolean): verdict is RunVerdict {
  if (verdict === null) return false;
  if (verdict.exitCode === ExitCode.checkFailed || failedChecks(verdict).length > 0) return true;
  return !checksOnly && FAILING_CODES.includes(verdict.exitCode);
}

/** The checks and assertions that failed the run, in the summary's order. */
export function failedChecks(verdict: RunVerdict): CheckJson[] {
  return verdict.checks.filter(failsRun);
}

/** The `sometimes` and `reachable` assertions of a run, which a hunt counts over its runs. */
export function countedChecks(verdict: RunVerdict): CheckJson[] {
  return verdict.checks.filter((check) => COUNTED_KINDS.includes(check.kind));
}

/** Why a run failed, in one line: its failed checks, and its error. */
export function describeFailure(verdict: RunVerdict): string {
  const parts = failedChecks(verdict).map(describeCheck);
  if (verdict.error !== null) parts.push(`exit code ${verdict.exitCode}: ${verdict.error}`);
  if (parts.length > 0) return parts.join('; ');
  return verdict.exitCode === ExitCode.checkFailed ? 'a check failed' : `the job ended with exit code ${verdict.exitCode}`;
}

/** `check corridor-exclusive (never) failed at sim time …s in …: what failed it`; an assertion by its kind and message. */
function describeCheck(check: CheckJson): string {
  const failure = check.failure;
  const what =
    check.kind === 'assert_always' || check.kind === 'unreachable'
      ? `assertion ${JSON.stringify(check.name)} (${check.kind === 'assert_always' ? 'always' : check.kind})`
      : `check ${check.name} (${check.kind})`;
  if (failure === undefined) return `${what} failed`;
  const callback = failure.callback === undefined ? '' : ` in ${failure.callback}`;
  return `${what} failed at sim time ${formatSimTime(BigInt(failure.time))}${callback}: ${failure.what}`;
}

/**
 * How `shrink` recognizes the failure it shrinks: a check by its name and the callback it first
 * failed in, or an exit code with its line (which names the callback).
 */
export type FailureKey = { check: string; callback: string } | { exitCode: number; line: string };

/**
 * The failure of a run to shrink: the check named, or the first that failed, or else the run's
 * exit code with its line; null when the run did not fail.
 */
export function failureKey(verdict: RunVerdict, check: string | undefined): FailureKey | null {
  const failed = failedChecks(verdict);
  const chosen = check === undefined ? failed[0] : failed.find((c) => c.name === check);
  if (chosen !== undefined) return { check: chosen.name, callback: chosen.failure?.callback ?? '' };
  if (check !== undefined || !FAILING_CODES.includes(verdict.exitCode)) return null;
  return { exitCode: verdict.exitCode, line: withoutSimTimes(verdict.error ?? '') };
}

/**
 * Whether a run fails as `key` says: the same failure in the same place — the check fails first
 * in the same callback, or the run fails with the same exit code and line. Sim times are not
 * compared: with fewer faults the same failure may come at another time (a delay less, a retry
 * fewer). Which life of a respawned program a fault hits is in the fault's occurrence (life:), so
 * a loss meant for a second life does nothing without the crash that starts it.
 */
export function failsAs(verdict: RunVerdict | null, key: FailureKey): boolean {
  if (verdict === null) return false;
  if ('check' in key) return failedChecks(verdict).some((check) => check.name === key.check && (check.failure?.callback ?? '') === key.callback);
  return verdict.exitCode === key.exitCode && withoutSimTimes(verdict.error ?? '') === key.line;
}

function withoutSimTimes(line: string): string {
  return line.replace(/-?\d+\.\d{9}s\b/g, '…s');
}
