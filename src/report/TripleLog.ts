/** Triples in a block at most (1.5 MB). */
const MAX_BLOCK = 65_536;

/**
 * Triples of numbers appended one after the other, in blocks of Float64Array that double up to
 * 1.5 MB: appending touches the end of one block, nothing grows and is copied, and memory is
 * taken as it fills. Read back block by block, in the order they were appended.
 */
export class TripleLog {
  readonly #full: Float64Array[] = [];
  #block = new Float64Array(3 * 1024);
  #filled = 0;

  push(a: number, b: number, c: number): void {
    let block = this.#block;
    if (this.#filled === block.length) {
      this.#full.push(block);
      block = this.#block = new Float64Array(Math.min(3 * MAX_BLOCK, 2 * block.length));
      this.#filled = 0;
    }
    block[this.#filled++] = a;
    block[this.#filled++] = b;
    block[this.#filled++] = c;
  }

  /** The blocks, the last cut to what it holds: triple k of a block at 3k, 3k + 1, 3k + 2. */
  blocks(): Float64Array[] {
    return [...this.#full, this.#block.subarray(0, this.#filled)];
  }
}
