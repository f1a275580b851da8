import type { Executor } from './executors/Executor.js';

/** Returned by `execute()` when the entity's buffer was empty, so no callback ran. */
export const SKIPPED: unique symbol = Symbol('rclsim.skipped');

/**
 * Anything the engine can run for an event: a subscription, a service, a client, a guard
 * condition, a timer. The engine knows nothing about messages or names; it only needs ids for
 * the fingerprint and text for error messages.
 */
export interface Executable {
  /** Construction index of the owning node (-1 when none): timers built before the start enter the heap in this order. */
  readonly nodeId: number;
  /** Creation index of the entity within its simulation (unique in a run); part of the fingerprint. */
  readonly entityId: number;
  /** Human description for errors, e.g. `subscription /t1 of node /NodeC`. */
  readonly label: string;
  /** What kind of entity it is, for traces: `timer`, `subscription`, `service`, `setTimeout`, … */
  readonly kind: string;
  /** Who owns it, for traces: a node's fully qualified name, or a program. */
  readonly owner: string;
  /**
   * Whose code the callback is (a context of the rcl layer). The engine makes it the scope of
   * the promise continuations the callback starts (Engine#enterScope), so that code running
   * after an `await` still knows which program it belongs to.
   */
  readonly scope: object;
  /** Topic or service the entity listens on ('' for none); used to name livelock cycles. */
  readonly channel: string;
  /** Digest of the item the last `execute()` consumed (0, 0 when it had none). */
  digestLo: number;
  digestHi: number;
  /** Runs the callback for the entity's oldest buffered item; SKIPPED if there was none. */
  execute(): unknown;
  /** The executor that runs it, when not the engine's own events executor. */
  readonly executor?: Executor | null;
}

/** What a system outputs: a message published (received or not), a service's response, a message a network lost, a fault that fired. */
export type OutputKind = 'publish' | 'response' | 'drop' | 'fault';

/** An entity whose outputs count in the fingerprint and appear in traces (a publisher, a service). */
export interface OutputSource {
  readonly nodeId: number;
  readonly entityId: number;
  /** Who owns it, for traces. */
  readonly owner: string;
  /** Its topic or service. */
  readonly channel: string;
}

/**
 * Something that follows every executed callback and every output (a trace, a perturbation).
 * It gets the entity's id and the digest as the engine read them (the entity itself only for
 * what else it needs): entities are of many classes, and reading their fields again costs.
 */
export interface EngineObserver {
  onCallback(entity: Executable, entityId: number, digestLo: number, digestHi: number): void;
  onOutput?(kind: OutputKind, source: OutputSource, entityId: number, digestLo: number, digestHi: number): void;
}
