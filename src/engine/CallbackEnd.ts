import { truncate } from '../base/truncate.js';
import type { ScheduledAction } from './ScheduledActions.js';

/**
 * The end of a callback that took time (docs/design.md#executors-and-execution-time): a scheduled action that runs
 * the callback's effects — events it triggered, messages it sent — in the order it caused them.
 * Once run, it is a spare for a later callback (one object per callback otherwise).
 */
export class CallbackEnd implements ScheduledAction {
  at = 0;
  seq = 0;
  weak = false;
  canceled = false;
  readonly effects: (() => void)[] = [];
  nextSpare: CallbackEnd | null = null;
  readonly #spares: SpareEnds;

  constructor(spares: SpareEnds) {
    this.#spares = spares;
  }

  /** Its effects, now (a callback that ran nothing took no time); it stays the one gathering. */
  runEffects(): void {
    const effects = this.effects;
    for (let i = 0; i < effects.length; i++) effects[i]!();
    truncate(effects);
  }

  run(): void {
    this.runEffects();
    this.nextSpare = this.#spares.first;
    this.#spares.first = this;
  }
}

/** Ends of callbacks already run, linked through `nextSpare` (a list that allocates nothing). */
export class SpareEnds {
  first: CallbackEnd | null = null;

  /** An end to gather the next callback's effects: a spare, or a new one. */
  take(): CallbackEnd {
    const spare = this.first;
    if (spare === null) return new CallbackEnd(this);
    this.first = spare.nextSpare;
    return spare;
  }
}
