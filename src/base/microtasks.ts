import { realSetImmediate } from './realTime.js';

/**
 * Resolves after every microtask queued so far (and every microtask those queue) has run.
 * The engine awaits this only at deterministic points of the step loop, so promise
 * continuations of user code always run at the same position in the callback sequence.
 */
export function drainMicrotasks(): Promise<void> {
  return new Promise((resolve) => realSetImmediate(resolve));
}
