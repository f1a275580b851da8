/** The wall-time limit of each run of `verify` and `explore` (`--timeout`): sweep's, by name and default. */
export const RUN_TIMEOUT_MS = 10 * 60_000;

/** What a run that passed its limit is reported as: its outcome, and the line that says so. */
export function hungAfter(timeoutMs: number): string {
  return `hung: no result within ${timeoutMs / 1000} s of wall time (--timeout)`;
}
