import type { SeededRandom } from '../base/SeededRandom.js';
import type { TimerHandle } from '../client/JsTimers.js';

/**
 * What a program's virtual globals (VirtualGlobals) read and call: sim time, the program's
 * random streams, timers on sim time, the end of the program. In the simulation's process it is
 * the simulation itself (simulationMachine.ts); in a separate program's process, the node port
 * (program/portMachine.ts): the same globals either way, so a program sees the same in both.
 */
export interface ProgramMachine {
  /** Sim time now, ns since the epoch. */
  now(): bigint;
  /** Stream `stream` of the program whose code calls. */
  random(stream: number): SeededRandom;
  /** setTimeout & co. on sim time, Node-shaped. */
  readonly timers: {
    setTimeout(callback: (...args: unknown[]) => unknown, delay?: number, ...args: unknown[]): TimerHandle;
    setInterval(callback: (...args: unknown[]) => unknown, delay?: number, ...args: unknown[]): TimerHandle;
    setImmediate(callback: (...args: unknown[]) => unknown, ...args: unknown[]): TimerHandle;
    clear(timer: unknown): void;
  };
  /** Something was queued that must run before sim time moves on. */
  requestYield(): void;
  /** A queueMicrotask or process.nextTick callback, wrapped so that a throw in it fails as an uncaught exception of its program would. */
  deferred(kind: string, callback: (...args: unknown[]) => void): (...args: unknown[]) => void;
  /** Queues a (wrapped) tick where Node.js would run it. */
  nextTick(tick: (...args: unknown[]) => void, args: unknown[]): void;
  /** process.exit(code) of the program whose code calls: it ends, not the simulator. */
  exit(code: number): never;
}
