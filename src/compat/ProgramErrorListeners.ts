import type { UncaughtOrigin } from '../base/runErrors.js';

const EVENTS: readonly UncaughtOrigin[] = ['uncaughtException', 'unhandledRejection'];

/**
 * The `process.on('uncaughtException' | 'unhandledRejection')` listeners that programs installed
 * during a run (test frameworks such as mocha do): an error nothing caught goes to them, as
 * Node.js gives it, instead of failing the run. Listeners present when the run started are
 * rclsim's own and the host's.
 */
export class ProgramErrorListeners {
  // biome-ignore lint/complexity/noBannedTypes: the type @types/node gives process.rawListeners()
  readonly #baseline = new Map<UncaughtOrigin, Set<Function>>();

  constructor() {
    for (const event of EVENTS) this.#baseline.set(event, new Set(process.rawListeners(event)));
  }

  // biome-ignore lint/complexity/noBannedTypes: the type @types/node gives process.rawListeners()
  listeners(event: UncaughtOrigin): Function[] {
    const baseline = this.#baseline.get(event)!;
    return process.rawListeners(event).filter((listener) => !baseline.has(listener));
  }

  /** An exception nothing caught: false when no program listens (the run then fails). */
  deliverException(error: unknown, origin: UncaughtOrigin = 'uncaughtException'): boolean {
    const listeners = this.listeners('uncaughtException');
    for (const listener of listeners) listener.call(process, error, origin);
    return listeners.length > 0;
  }

  /** A rejection nothing handled: to 'unhandledRejection' listeners, else as an exception (Node's default mode). */
  deliverRejection(reason: unknown): boolean {
    const listeners = this.listeners('unhandledRejection');
    if (listeners.length === 0) return this.deliverException(reason, 'unhandledRejection');
    const promise = Promise.reject(reason);
    promise.catch(() => {});
    for (const listener of listeners) listener.call(process, reason, promise);
    return true;
  }
}
