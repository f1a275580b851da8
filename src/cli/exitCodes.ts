/** Exit codes of the rclsim command besides the job's own exit code (documented in README). */
export const ExitCode = {
  internalError: 1,
  badInput: 2,
  callbackThrew: 3,
  livelock: 4,
} as const;
