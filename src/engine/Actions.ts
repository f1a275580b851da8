import type { CallbackEnd } from './CallbackEnd.js';
import { type ScheduledAction, ScheduledActions } from './ScheduledActions.js';
import { advanceOffset, type SimClock, timeWentBack, toOffset } from './simTime.js';

/**
 * The engine's scheduled actions (delayed deliveries, wake-ups, the ends of callbacks that take
 * time): when each is due, whether it keeps the run going, and those that wait for the drain of
 * their instant. One made before the start waits in a list with its absolute time until the
 * start enters it (see Engine#start).
 */
export class Actions {
  readonly #queue = new ScheduledActions();
  #seq = 0;
  /** Scheduled actions that keep the simulation going (not weak, not canceled, not yet run). */
  live = 0;
  #preStart: { at: bigint; action: ScheduledAction }[] = [];
  /** The drains of the executors done at this instant (an afterReady action waits for one after it was scheduled). */
  #drainsNow = 0;
  /** Actions due now that wait for this instant's drain (afterReady). */
  readonly #afterDrain: ScheduledAction[] = [];
  readonly #clock: SimClock;

  constructor(clock: SimClock) {
    this.#clock = clock;
  }

  /** The earliest action that is not canceled. */
  get top(): ScheduledAction | undefined {
    return this.#queue.top;
  }

  /** An action's time enters the queue: never before the instant being run. */
  #push(action: ScheduledAction): void {
    if (action.at < this.#clock.earliest) timeWentBack('a scheduled action', action.at, this.#clock.earliest);
    this.#queue.push(action);
  }

  /** See Engine#scheduleAt. */
  at(at: bigint, run: () => void, weak: boolean, afterReady: boolean): ScheduledAction {
    const clock = this.#clock;
    const action: ScheduledAction = { at: 0, seq: this.#seq++, run, weak };
    if (!weak) this.live++;
    if (afterReady) action.afterDrains = 1;
    if (!clock.started) {
      this.#preStart.push({ at, action });
      return action;
    }
    action.at = at < clock.nowAbs ? clock.now : toOffset(at, clock.base, 'scheduled time');
    if (afterReady && action.at === clock.now) action.afterDrains = this.#drainsNow + 1;
    this.#push(action);
    return action;
  }

  /** See Engine#scheduleAfter. */
  after(delay: number, run: () => void, weak: boolean): ScheduledAction {
    const clock = this.#clock;
    if (!clock.started) return this.at(clock.nowAbs + BigInt(delay), run, weak, false);
    const action: ScheduledAction = {
      at: advanceOffset(clock.now, delay, 'scheduled time'),
      seq: this.#seq++,
      run,
      weak,
    };
    if (!weak) this.live++;
    this.#push(action);
    return action;
  }

  /** The end of a callback that took time, due at `at` (an offset): it keeps the run going. */
  end(end: CallbackEnd, at: number): void {
    end.at = at;
    end.seq = this.#seq++;
    end.weak = false;
    end.canceled = false;
    this.live++;
    this.#push(end);
  }

  cancel(action: ScheduledAction): void {
    if (action.canceled) return;
    action.canceled = true;
    this.setWeak(action, true);
  }

  /** Makes an action weak or strong (Node's timer.unref() and ref()). */
  setWeak(action: ScheduledAction, weak: boolean): void {
    if (action.weak === weak || (action.canceled && !weak)) return;
    action.weak = weak;
    this.live += weak ? -1 : 1;
  }

  /**
   * The next action due now (the clock's instant) to run, taken from the queue as run; undefined
   * when none is due. One that waits for the instant's drain is set aside until drained().
   */
  takeDue(): ScheduledAction | undefined {
    const queue = this.#queue;
    const now = this.#clock.now;
    for (let action = queue.top; action !== undefined && action.at <= now; action = queue.top) {
      queue.pop();
      if (action.at < this.#clock.earliest) timeWentBack('a scheduled action taken', action.at, this.#clock.earliest);
      // One that waits for the instant's callbacks comes after them (the drain); the others go on.
      if (action.afterDrains !== undefined && this.#drainsNow < action.afterDrains) {
        this.#afterDrain.push(action);
        continue;
      }
      if (!action.weak) this.live--;
      // Run, it is over: canceling it afterwards (a timeout that fired) or ref() must not count it again.
      action.weak = true;
      action.canceled = true;
      return action;
    }
    return undefined;
  }

  /** The executors ran what was ready at this instant: the actions that waited for it are due now. */
  drained(): void {
    this.#drainsNow++;
    for (const action of this.#afterDrain) this.#push(action);
    this.#afterDrain.length = 0;
  }

  /** Time moved on: a new instant, whose drains are yet to come. */
  movedOn(): void {
    this.#drainsNow = 0;
  }

  /** The absolute times of the actions made before the start (for their keys). */
  preStartTimes(): bigint[] {
    return this.#preStart.map((a) => a.at);
  }

  /** At the start: the actions made before it enter the queue, in the order they were made, with the keys `keyOf` gives their times. */
  start(keyOf: (abs: bigint) => number): void {
    for (const { at, action } of this.#preStart) {
      action.at = keyOf(at);
      this.#push(action);
    }
    this.#preStart = [];
  }
}
