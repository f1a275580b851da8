/**
 * Actions due at a future sim time: delayed message deliveries and internal wake-ups (service
 * timeouts, rate sleeps). Kept apart from the timers heap so that they never change its shape.
 * Ordered by (due time, insertion sequence): equal due times keep insertion order.
 */
export interface ScheduledAction {
  at: number;
  seq: number;
  run(): void;
  /** Set by Engine#cancelAction; a canceled action is dropped when it reaches the top. */
  canceled?: boolean;
  /** Does not keep the simulation going by itself (like an unref'd Node timer). */
  weak?: boolean;
  /**
   * Runs only once its instant's callbacks ran: after this many drains of the executors at its
   * time (Engine#scheduleAt's `afterReady`): a wait with a deadline returns what is ready then.
   */
  afterDrains?: number;
}

function before(a: ScheduledAction, b: ScheduledAction): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

export class ScheduledActions {
  readonly #heap: ScheduledAction[] = [];

  get size(): number {
    return this.#heap.length;
  }

  /** The earliest action that is not canceled. */
  get top(): ScheduledAction | undefined {
    while (this.#heap[0]?.canceled) this.pop();
    return this.#heap[0];
  }

  push(action: ScheduledAction): void {
    const heap = this.#heap;
    heap.push(action);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(action, heap[parent]!)) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = action;
  }

  pop(): ScheduledAction | undefined {
    const heap = this.#heap;
    const first = heap[0];
    const last = heap.pop();
    if (first === undefined || last === undefined || heap.length === 0) return first;
    let i = 0;
    const n = heap.length;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && before(heap[child + 1]!, heap[child]!)) child++;
      if (!before(heap[child]!, last)) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = last;
    return first;
  }
}
