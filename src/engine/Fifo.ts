/**
 * A first-in first-out queue as a growable ring buffer: the engine's ready FIFO and the
 * entities' message buffers, both on the hot path of every publish and every callback.
 */
const NO_ITEMS: never[] = [];

export class Fifo<T> {
  // No storage until the first push: every subscription, service and client has a queue, and
  // many never receive anything (a node's six parameter services); most hold a message or two.
  #items: (T | undefined)[] = NO_ITEMS;
  #head = 0;
  #length = 0;

  get length(): number {
    return this.#length;
  }

  push(item: T): void {
    const items = this.#items;
    if (this.#length === items.length) {
      this.#grow();
    }
    this.#items[(this.#head + this.#length) & (this.#items.length - 1)] = item;
    this.#length++;
  }

  shift(): T | undefined {
    if (this.#length === 0) return undefined;
    const items = this.#items;
    const item = items[this.#head];
    items[this.#head] = undefined;
    this.#head = (this.#head + 1) & (items.length - 1);
    this.#length--;
    return item;
  }

  /** Puts an item back in front of the others (a frame to retransmit first). */
  unshift(item: T): void {
    if (this.#length === this.#items.length) this.#grow();
    this.#head = (this.#head - 1) & (this.#items.length - 1);
    this.#items[this.#head] = item;
    this.#length++;
  }

  /** The item `index` places from the front, without removing it. */
  at(index: number): T | undefined {
    return index < this.#length ? this.#items[(this.#head + index) & (this.#items.length - 1)] : undefined;
  }

  /** The items, oldest first, without removing them. */
  toArray(): T[] {
    const items: T[] = [];
    for (let i = 0; i < this.#length; i++) items.push(this.#items[(this.#head + i) & (this.#items.length - 1)]!);
    return items;
  }

  #grow(): void {
    const old = this.#items;
    const next: (T | undefined)[] = new Array(Math.max(4, old.length * 2));
    for (let i = 0; i < this.#length; i++) {
      next[i] = old[(this.#head + i) & (old.length - 1)];
    }
    this.#items = next;
    this.#head = 0;
  }
}
