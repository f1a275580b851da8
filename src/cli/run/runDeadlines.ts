/** How long a run that was told to stop (SIGTERM) has to finish its trace and recordings before it is killed. */
export const STOP_GRACE_MS = 10_000;

/** What explore's thread says as it begins a run, before its result: the run's wall time starts then. */
export const RUN_STARTED = 'started';

/** What a run that passed its limit is reported as: its outcome, and the line that says so. */
export function hungAfter(timeoutMs: number): string {
  return `hung: no result within ${timeoutMs / 1000} s of wall time (--timeout)`;
}
