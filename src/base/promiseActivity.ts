import { createHook } from 'node:async_hooks';

/**
 * Promises created or resolved in this process while counted. Continuations are queued only when
 * a promise settles (or is created settled), so code that left this count unchanged left none
 * behind: nothing need wait a turn of the event loop after it. The simulation counts a run's
 * (Engine), a separate program's process its program's (WirePort), by the same rule.
 */
let events = 0;

export function promiseEvents(): number {
  return events;
}

const countEvent = (): void => {
  events++;
};
const countPromise = (_id: number, type: string): void => {
  if (type === 'PROMISE') events++;
};

/**
 * Counts until the returned function is called. Through async_hooks, not v8's promiseHooks: with
 * those, and async context tracking on (the simulation's AsyncLocalStorage), a stack overflow in
 * user code that creates promises (an async function calling itself) is a fatal error of the
 * whole process, not a rejection.
 */
export function countPromiseEvents(): () => void {
  const counting = createHook({ init: countPromise, promiseResolve: countEvent }).enable();
  return () => void counting.disable();
}
