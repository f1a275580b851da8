import { drainMicrotasks } from '../base/microtasks.js';
import { Heartbeat } from './Heartbeat.js';
import type { Step } from './Step.js';

/**
 * The step loop's yields to promise continuations: a step stops when a callback or action left
 * some (Step#needsYield), and the loop awaits them here, with the work that must run where they
 * run (a separate program's, atNext). Meanwhile the heartbeat tells a supervisor on another
 * thread that the time is the continuations', not the engine's.
 */
export class Continuations {
  /** Progress for a supervisor on another thread (null: none watches). */
  beat: Float64Array | null = null;
  /** Steps since the last yield (the loop yields now and then though nothing is pending). */
  stepsSince = 0;
  readonly #atNext: (() => void)[] = [];
  readonly #step: Step;
  /** What the loop does once it goes on (Engine#resumed). */
  readonly #resumed: () => void;

  constructor(step: Step, resumed: () => void) {
    this.#step = step;
    this.#resumed = resumed;
  }

  /** See Engine#atNextYield. */
  atNext(work: () => void): void {
    this.#atNext.push(work);
    this.#step.needsYield = true;
  }

  /**
   * Lets every pending promise continuation run, and the work waiting for them; then the loop
   * goes on. One async function, awaited by the loop itself: each yield allocates its promise.
   */
  async run(): Promise<void> {
    this.#step.needsYield = false;
    this.stepsSince = 0;
    const beat = this.beat;
    if (beat !== null) beat[Heartbeat.STATE] = Heartbeat.IN_CONTINUATIONS;
    await drainMicrotasks();
    for (let work = this.#atNext.shift(); work !== undefined; work = this.#atNext.shift()) {
      work();
      await drainMicrotasks();
    }
    if (beat !== null) beat[Heartbeat.STATE] = Heartbeat.IN_ENGINE;
    this.#resumed();
  }

  /** See Engine#watchedElsewhere. */
  watchedElsewhere<T>(wait: () => T): T {
    const beat = this.beat;
    if (beat === null) return wait();
    const state = beat[Heartbeat.STATE]!;
    beat[Heartbeat.STATE] = Heartbeat.IN_ENGINE;
    try {
      return wait();
    } finally {
      beat[Heartbeat.STATE] = state;
    }
  }
}
