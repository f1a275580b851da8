/**
 * A binary min-heap of timers on `key` (the next call time), manipulated with exactly the
 * algorithms of libstdc++'s std::push_heap / std::pop_heap / std::make_heap, as rclcpp's
 * TimersManager uses them. Ties between equal keys are therefore broken by the heap's shape,
 * which is what makes rslcpp's reference results reproducible.
 *
 * The comparator is rclcpp's `timer_greater(a, b) = a.key > b.key`; a canceled timer has key
 * +Infinity so it sinks to the bottom, as its infinite time-until-trigger does in rclcpp.
 */
export interface HeapTimer {
  key: number;
  /** Where it is in its heap (kept by the heap: finding a timer whose key grew is then no search). */
  heapIndex: number;
}

export class TimersHeap<T extends HeapTimer> {
  readonly items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  get top(): T | undefined {
    return this.items[0];
  }

  /** std::vector::push_back + std::push_heap. */
  push(timer: T): void {
    this.items.push(timer);
    this.#siftUp(this.items.length - 1, 0, timer);
  }

  /**
   * rclcpp's TimersHeap::heapify_root after the root fired: append a copy of the root,
   * std::pop_heap over the whole range, drop the last element.
   */
  heapifyRoot(): void {
    const items = this.items;
    const n = items.length;
    if (n < 2) return;
    // pop_heap on [0, n + 1) with the root's copy as the last element: the value being placed
    // is the root itself, adjusted down from index 0 over a heap of length n.
    this.#adjust(0, n, items[0]!);
  }

  /** std::make_heap over the whole range (used after cancel, reset and removal). */
  makeHeap(): void {
    const items = this.items;
    const len = items.length;
    if (len < 2) return;
    for (let parent = (len - 2) >> 1; ; parent--) {
      this.#adjust(parent, len, items[parent]!);
      if (parent === 0) return;
    }
  }

  /** A timer's key grew (it was called): it moves down from where it is (an executor's heap, where ties need no rule). */
  later(timer: T): void {
    const index = timer.heapIndex;
    if (this.items[index] === timer) this.#adjust(index, this.items.length, timer);
  }

  /** Erase the timer from the vector, then std::make_heap. */
  remove(timer: T): boolean {
    const index = this.items.indexOf(timer);
    if (index < 0) return false;
    const items = this.items;
    items.splice(index, 1);
    // The timers after it moved up one place, and only those make_heap moves are placed anew.
    for (let i = index; i < items.length; i++) items[i]!.heapIndex = i;
    this.makeHeap();
    return true;
  }

  /**
   * libstdc++ __adjust_heap: move the hole from `hole` down to a leaf, always to the earlier
   * child (on equal children the right one; a lone left child is taken at the bottom), then
   * sift `value` up from there.
   */
  #adjust(hole: number, len: number, value: T): void {
    const items = this.items;
    const top = hole;
    let second = hole;
    while (second < (len - 1) >> 1) {
      second = 2 * (second + 1);
      if (items[second]!.key > items[second - 1]!.key) second--;
      const moved = items[second]!;
      items[hole] = moved;
      moved.heapIndex = hole;
      hole = second;
    }
    if ((len & 1) === 0 && second === (len - 2) >> 1) {
      second = 2 * (second + 1);
      const moved = items[second - 1]!;
      items[hole] = moved;
      moved.heapIndex = hole;
      hole = second - 1;
    }
    this.#siftUp(hole, top, value);
  }

  /** libstdc++ __push_heap: a parent moves down only when it is strictly later than `value`. */
  #siftUp(hole: number, top: number, value: T): void {
    const items = this.items;
    let parent = (hole - 1) >> 1;
    while (hole > top && items[parent]!.key > value.key) {
      const moved = items[parent]!;
      items[hole] = moved;
      moved.heapIndex = hole;
      hole = parent;
      parent = (hole - 1) >> 1;
    }
    items[hole] = value;
    value.heapIndex = hole;
  }
}
