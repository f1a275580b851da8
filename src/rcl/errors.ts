/** rclnodejs's error for a request that got no answer within its timeout. */
export class TimeoutError extends Error {
  readonly timeout: number;

  constructor(operation: string, timeout: number) {
    super(`${operation} timed out after ${timeout} ms of sim time`);
    this.name = 'TimeoutError';
    this.timeout = timeout;
  }
}

/** rclnodejs's error for a request canceled through its AbortSignal. */
export class AbortError extends Error {
  constructor(operation: string) {
    super(`${operation} was aborted`);
    this.name = 'AbortError';
  }
}
