/**
 * Values by entity id, for a lookup on the path of every publish: the simulation hands ids out in
 * sequence, so an array from the first id held is dense, where a Map hashes every lookup.
 */
export class IdTable<T> {
  /** The id at index 0 (-1 until the first is set). */
  #base = -1;
  #items: (T | undefined)[] = [];

  get(id: number): T | undefined {
    const index = id - this.#base;
    return index >= 0 && index < this.#items.length ? this.#items[index] : undefined;
  }

  set(id: number, value: T): void {
    if (this.#base < 0) this.#base = id;
    else if (id < this.#base) {
      this.#items = new Array<T | undefined>(this.#base - id).fill(undefined).concat(this.#items);
      this.#base = id;
    }
    this.#items[id - this.#base] = value;
  }

  delete(id: number): void {
    const index = id - this.#base;
    if (index >= 0 && index < this.#items.length) this.#items[index] = undefined;
  }
}
