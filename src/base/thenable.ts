/**
 * Whether a callback's result is a promise to follow. rclnodejs ignores what a callback returns,
 * so a result whose `then` cannot be read (a throwing getter, a Proxy's trap) is not one.
 */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
  try {
    return typeof (value as PromiseLike<unknown>).then === 'function';
  } catch {
    return false;
  }
}
