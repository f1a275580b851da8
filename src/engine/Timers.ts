import { SimTimeRangeError } from '../base/runErrors.js';
import { MAX_OFFSET } from '../base/simTimeRange.js';
import type { EngineTimer } from './EngineTimer.js';
import type { Executor } from './executors/Executor.js';
import { advanceOffset, type SimClock, timeWentBack, toOffset } from './simTime.js';
import { TimersHeap } from './TimersHeap.js';

/**
 * The engine's timers as rcl keeps them: a first call one period after creation, calls that skip
 * missed periods (rcl_timer_call), cancel and reset. Each timer lives in its executor's heap, or
 * in the events executor's (`heap`, here); one made before the start waits in a list with its
 * exact absolute times until the start enters it (see Engine#start).
 */
export class Timers {
  /** The events executor's heap. */
  readonly heap = new TimersHeap<EngineTimer>();
  #preStart: EngineTimer[] = [];
  readonly #clock: SimClock;

  constructor(clock: SimClock) {
    this.#clock = clock;
  }

  /** The heap a timer lives in: its executor's, or the events executor's. */
  #heapOf(timer: EngineTimer): TimersHeap<EngineTimer> {
    return timer.executor?.timers ?? this.heap;
  }

  /** A timer's time enters its heap: never before the instant being run. */
  #enter(timer: EngineTimer): void {
    if (timer.key < this.#clock.earliest) timeWentBack(`the next call of ${timer.label}`, timer.key, this.#clock.earliest);
    timer.inHeap = true;
    this.#heapOf(timer).push(timer);
  }

  /** A newly created timer: its first call is one period after now. */
  add(timer: EngineTimer): void {
    const clock = this.#clock;
    if (!clock.started) {
      timer.preStartNext = clock.nowAbs + BigInt(timer.periodNs);
      timer.preStartLastCall = clock.nowAbs;
      this.#preStart.push(timer);
      return;
    }
    timer.nextCall = advanceOffset(clock.now, timer.periodNs, 'timer next call');
    timer.key = timer.canceled ? Infinity : timer.nextCall;
    timer.lastCall = clock.now;
    this.#enter(timer);
  }

  remove(timer: EngineTimer): void {
    if (!this.#clock.started) {
      this.#preStart = this.#preStart.filter((t) => t !== timer);
    } else if (timer.inHeap) {
      timer.inHeap = false;
      this.#heapOf(timer).remove(timer);
    }
  }

  /** The timer lives in `executor`'s heap from now on, with its times as they are. */
  move(timer: EngineTimer, executor: Executor): void {
    if (timer.inHeap) this.#heapOf(timer).remove(timer);
    timer.executor = executor;
    if (timer.inHeap) this.#heapOf(timer).push(timer);
  }

  cancel(timer: EngineTimer): void {
    timer.canceled = true;
    if (this.#clock.started && timer.inHeap) {
      timer.key = Infinity;
      this.#heapOf(timer).makeHeap();
    }
  }

  /** rcl_timer_reset: next call one period from now, no longer canceled. */
  reset(timer: EngineTimer): void {
    const clock = this.#clock;
    timer.canceled = false;
    if (!clock.started) {
      timer.preStartNext = clock.nowAbs + BigInt(timer.periodNs);
      return;
    }
    timer.preStartNext = null;
    timer.nextCall = advanceOffset(clock.now, timer.periodNs, 'timer next call');
    timer.key = timer.nextCall;
    if (timer.inHeap) this.#heapOf(timer).makeHeap();
  }

  /**
   * rcl_timer_call_with_info from code (not from the loop): the timer counts as called now, its
   * next call moves on as a firing's would. Returns the call time it was due.
   */
  callNow(timer: EngineTimer): bigint {
    const clock = this.#clock;
    const due = this.nextCall(timer);
    if (!clock.started) {
      timer.preStartNext = nextCallAfter(due, BigInt(timer.periodNs), clock.nowAbs);
      timer.preStartLastCall = clock.nowAbs;
      return due;
    }
    this.call(timer);
    if (timer.inHeap) this.#heapOf(timer).makeHeap();
    return due;
  }

  nextCall(timer: EngineTimer): bigint {
    return timer.preStartNext ?? this.#clock.base + BigInt(timer.nextCall);
  }

  lastCall(timer: EngineTimer): bigint {
    return timer.preStartLastCall ?? this.#clock.base + BigInt(timer.lastCall);
  }

  /** The events executor's timer due now (the clock's instant), called, its heap re-heapified; undefined when none is due. */
  callDue(): EngineTimer | undefined {
    const heap = this.heap;
    const head = heap.top;
    if (head === undefined || head.key > this.#clock.now) return undefined;
    this.call(head);
    heap.heapifyRoot();
    return head;
  }

  /** An executor calls a timer whose turn came (rcl_timer_call); false when it was canceled or destroyed. */
  readonly callOf = (timer: EngineTimer): boolean => {
    if (timer.canceled || !timer.inHeap) return false;
    this.call(timer);
    this.#heapOf(timer).later(timer);
    return true;
  };

  /**
   * rcl_timer_call: advance the next call by one period, skipping missed periods (never
   * replaying them), and record the call time. The heap is the caller's to re-heapify.
   */
  call(timer: EngineTimer): void {
    const clock = this.#clock;
    const now = clock.now;
    // Due at or before the start: its key is a rank below 0, its due time the exact one it kept.
    timer.dueAt = timer.preStartNext === null ? timer.key : Number(timer.preStartNext - clock.base);
    const period = timer.periodNs;
    if (timer.preStartNext !== null) {
      // Created before the start: compute the first call after the jump to the start exactly.
      const next = nextCallAfter(timer.preStartNext, BigInt(period), clock.nowAbs);
      timer.preStartNext = null;
      timer.preStartLastCall = null;
      timer.nextCall = toOffset(next, clock.base, 'timer next call');
    } else if (period === 0) {
      timer.nextCall = now;
    } else {
      let next = advanceOffset(timer.nextCall, period, 'timer next call');
      if (next <= now) {
        next += (Math.floor((now - next) / period) + 1) * period;
        while (next <= now) next += period;
      }
      if (next > MAX_OFFSET) throw new SimTimeRangeError('timer next call');
      timer.nextCall = next;
    }
    if (timer.nextCall < clock.earliest) timeWentBack(`the next call of ${timer.label}`, timer.nextCall, clock.earliest);
    timer.key = timer.nextCall;
    timer.lastCall = now;
  }

  /** The absolute next calls of the timers made before the start (for their keys). */
  preStartTimes(): bigint[] {
    return this.#preStart.map((t) => t.preStartNext ?? 0n);
  }

  /**
   * At the start (the clock reads it): the timers made before it enter their heaps in node
   * construction order, then creation order, with the keys `keyOf` gives their next calls.
   */
  start(keyOf: (abs: bigint) => number): void {
    const base = this.#clock.base;
    const timers = [...this.#preStart].sort((a, b) => a.nodeId - b.nodeId);
    for (const timer of timers) {
      const abs = timer.preStartNext ?? 0n;
      if (abs > base) {
        timer.preStartNext = null;
        timer.lastCall = toOffset(timer.preStartLastCall ?? 0n, base, 'timer last call');
        timer.preStartLastCall = null;
      }
      timer.nextCall = keyOf(abs);
      timer.key = timer.canceled ? Infinity : timer.nextCall;
      this.#enter(timer);
    }
    this.#preStart = [];
  }
}

/**
 * rcl_timer_call's next call time in exact nanoseconds: a period after the one that was due,
 * missed periods skipped; a zero period calls again now.
 */
function nextCallAfter(due: bigint, period: bigint, now: bigint): bigint {
  const next = due + period;
  if (next > now) return next;
  return period === 0n ? now : due + ((now - due) / period + 1n) * period;
}
