/** How far past its last match a take looks for the message it consumed. */
const SEARCH_AHEAD = 256;
/** How far before its last match a take looks when it found nothing after it (messages delayed differently arrive out of order). */
const SEARCH_BEHIND = 64;
/** Entries a log may hold; past it, the oldest half goes (a subscription that far behind finds no latency). */
const MAX_ENTRIES = 16_384;

/**
 * The messages published on one topic (time and digest, in publish order), so that a take can
 * be matched with its publish: a subscription (a reader here) consumes the topic's messages in
 * publish order (skipping what it lost or had overwritten), so it looks for the digest it
 * consumed from after its last match, and then a little before it (a message delayed less than
 * the one before it overtakes it). A take that finds none (a digest that appears nowhere near, a
 * run without digests) has no latency. Only what a reader may still consume is kept: with
 * readers that keep up, 512 entries, whatever the length of the run.
 */
export class PublishLog {
  // Allocated at the first publish, as large as what a reader before its first match keeps (see #makeRoom).
  #times = new Float64Array(0);
  /** Each entry's digest: low and high word side by side. */
  #digests = new Int32Array(0);
  #length = 0;
  /** Position (counted from the topic's first publish) of entry 0. */
  #base = 0;
  /** Per reader the position after its last match; -1 before its first. */
  readonly #after: number[] = [];

  /** A new reader (a subscription of the topic): its number for take(). */
  reader(): number {
    return this.#after.push(-1) - 1;
  }

  published(time: number, lo: number, hi: number): void {
    if (this.#length === this.#times.length) this.#makeRoom();
    const i = this.#length++;
    this.#times[i] = time;
    this.#digests[2 * i] = lo;
    this.#digests[2 * i + 1] = hi;
  }

  /**
   * The publish time of the message `reader` consumed in a take (its digest), or -1 when not
   * found. It looks from after the reader's last match; at its first take, among the newest
   * messages (the subscription joined at some point of the topic's history).
   */
  take(reader: number, lo: number, hi: number): number {
    if (lo === 0 && hi === 0) return -1;
    const digests = this.#digests;
    const length = this.#length;
    const after = this.#after[reader]!;
    let found = -1;
    if (after < 0) {
      for (let i = length - 1; i >= Math.max(0, length - SEARCH_AHEAD); i--) {
        if (digests[2 * i] === lo && digests[2 * i + 1] === hi) {
          found = i;
          break;
        }
      }
    } else {
      const from = Math.max(after - this.#base, 0);
      const to = Math.min(length, from + SEARCH_AHEAD);
      for (let i = from; i < to; i++) {
        if (digests[2 * i] === lo && digests[2 * i + 1] === hi) {
          found = i;
          break;
        }
      }
      for (let i = from - 1; found < 0 && i >= Math.max(0, from - SEARCH_BEHIND); i--) {
        if (digests[2 * i] === lo && digests[2 * i + 1] === hi) found = i;
      }
    }
    if (found < 0) return -1;
    this.#after[reader] = Math.max(after, this.#base + found + 1);
    return this.#times[found]!;
  }

  /** Drops what no reader can consume any more, or grows, or (at the bound) drops the oldest half. */
  #makeRoom(): void {
    const length = this.#length;
    // A reader before its first match looks among the newest SEARCH_AHEAD.
    let keepFrom = this.#base + length - SEARCH_AHEAD;
    for (const after of this.#after) if (after >= 0 && after - SEARCH_BEHIND < keepFrom) keepFrom = after - SEARCH_BEHIND;
    let drop = keepFrom - this.#base;
    if (drop < length / 2) {
      if (length < MAX_ENTRIES) {
        this.#grow();
        return;
      }
      drop = length / 2;
    }
    this.#times.copyWithin(0, drop, length);
    this.#digests.copyWithin(0, 2 * drop, 2 * length);
    this.#length -= drop;
    this.#base += drop;
  }

  #grow(): void {
    const size = Math.max(2 * SEARCH_AHEAD, 2 * this.#times.length);
    const times = new Float64Array(size);
    const digests = new Int32Array(2 * size);
    times.set(this.#times);
    digests.set(this.#digests);
    this.#times = times;
    this.#digests = digests;
  }
}
