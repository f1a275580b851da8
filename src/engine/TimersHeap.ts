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
}

export class TimersHeap<T extends HeapTimer> {
  readonly items: T[] = [];
  /**
   * items[i].key, side by side in one dense array: sifting compares keys only, and reading
   * them from thousands of scattered timer objects would miss the CPU cache at every level.
   * Between operations only the root's key may change (it fired: heapifyRoot follows); any
   * other change is followed by makeHeap, which takes every key afresh.
   */
  readonly #keys: number[] = [];

  get size(): number {
    return this.items.length;
  }

  get top(): T | undefined {
    return this.items[0];
  }

  /** std::vector::push_back + std::push_heap. */
  push(timer: T): void {
    this.items.push(timer);
    this.#keys.push(timer.key);
    this.#siftUp(this.items.length - 1, 0, timer, timer.key);
  }

  /**
   * rclcpp's TimersHeap::heapify_root after the root fired: append a copy of the root,
   * std::pop_heap over the whole range, drop the last element.
   */
  heapifyRoot(): void {
    const items = this.items;
    const n = items.length;
    if (n === 0) return;
    const root = items[0]!;
    this.#keys[0] = root.key;
    if (n < 2) return;
    // pop_heap on [0, n + 1) with the root's copy as the last element: the value being placed
    // is the root itself, adjusted down from index 0 over a heap of length n.
    this.#adjust(0, n, root, root.key);
  }

  /** std::make_heap over the whole range (used after cancel, reset and removal). */
  makeHeap(): void {
    const items = this.items;
    const keys = this.#keys;
    const len = items.length;
    for (let i = 0; i < len; i++) keys[i] = items[i]!.key;
    if (len < 2) return;
    for (let parent = (len - 2) >> 1; ; parent--) {
      this.#adjust(parent, len, items[parent]!, keys[parent]!);
      if (parent === 0) return;
    }
  }

  /** Erase the timer from the vector, then std::make_heap. */
  remove(timer: T): boolean {
    const index = this.items.indexOf(timer);
    if (index < 0) return false;
    this.items.splice(index, 1);
    this.#keys.splice(index, 1);
    this.makeHeap();
    return true;
  }

  /**
   * libstdc++ __adjust_heap: move the hole from `hole` down to a leaf, always to the earlier
   * child (on equal children the right one; a lone left child is taken at the bottom), then
   * sift `value` up from there.
   */
  #adjust(hole: number, len: number, value: T, key: number): void {
    const items = this.items;
    const keys = this.#keys;
    const top = hole;
    let second = hole;
    while (second < (len - 1) >> 1) {
      second = 2 * (second + 1);
      if (keys[second]! > keys[second - 1]!) second--;
      items[hole] = items[second]!;
      keys[hole] = keys[second]!;
      hole = second;
    }
    if ((len & 1) === 0 && second === (len - 2) >> 1) {
      second = 2 * (second + 1);
      items[hole] = items[second - 1]!;
      keys[hole] = keys[second - 1]!;
      hole = second - 1;
    }
    this.#siftUp(hole, top, value, key);
  }

  /** libstdc++ __push_heap: a parent moves down only when it is strictly later than `value`. */
  #siftUp(hole: number, top: number, value: T, key: number): void {
    const items = this.items;
    const keys = this.#keys;
    let parent = (hole - 1) >> 1;
    while (hole > top && keys[parent]! > key) {
      items[hole] = items[parent]!;
      keys[hole] = keys[parent]!;
      hole = parent;
      parent = (hole - 1) >> 1;
    }
    items[hole] = value;
    keys[hole] = key;
  }
}
