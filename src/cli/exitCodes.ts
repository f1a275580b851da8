/** Exit codes of the rclsim command besides the job's own exit code (documented in README). */
export const ExitCode = {
  ok: 0,
  /** `rclsim diff`: the traces differ. */
  tracesDiffer: 1,
  internalError: 1,
  badInput: 2,
  callbackThrew: 3,
  livelock: 4,
  /** `rclsim verify`: the runs did not all agree. */
  notDeterministic: 5,
} as const;
