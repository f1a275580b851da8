/** How far past its last match a take looks for the message it consumed. */
const SEARCH_AHEAD = 256;
/** Entries kept behind the newest, for subscriptions that take late (or never). */
const KEPT = 8_192;

/**
 * The messages published on one topic (time and digest, in publish order), so that a take can
 * be matched with its publish: a subscription consumes the topic's messages in publish order
 * (skipping what it lost or had overwritten), so it looks for the digest it consumed from after
 * its last match. A take that finds none (a digest that appears nowhere near, a run without
 * digests) has no latency. Positions count from the topic's first publish.
 */
export class PublishLog {
  // Grown as needed, up to 2 × KEPT (a topic of a few messages keeps little).
  #times = new Float64Array(64);
  #digestsLo = new Int32Array(64);
  #digestsHi = new Int32Array(64);
  #length = 0;
  /** Position of entry 0. */
  #base = 0;

  published(time: number, lo: number, hi: number): void {
    if (this.#length === this.#times.length && this.#length < 2 * KEPT) this.#grow();
    else if (this.#length === this.#times.length) {
      // The oldest half goes: subscriptions that far behind find no latency.
      this.#times.copyWithin(0, KEPT);
      this.#digestsLo.copyWithin(0, KEPT);
      this.#digestsHi.copyWithin(0, KEPT);
      this.#length -= KEPT;
      this.#base += KEPT;
    }
    const i = this.#length++;
    this.#times[i] = time;
    this.#digestsLo[i] = lo;
    this.#digestsHi[i] = hi;
  }

  /**
   * The position of the message a take consumed (its digest), looking from `after` (the
   * position after the subscription's last match; -1 for its first take: then the newest such
   * message, since it joined at some point of the topic's history), or -1 when not found.
   */
  find(after: number, lo: number, hi: number): number {
    if (lo === 0 && hi === 0) return -1;
    const los = this.#digestsLo;
    const his = this.#digestsHi;
    const length = this.#length;
    if (after < 0) {
      for (let i = length - 1; i >= Math.max(0, length - SEARCH_AHEAD); i--) if (los[i] === lo && his[i] === hi) return this.#base + i;
      return -1;
    }
    const from = Math.max(after - this.#base, 0);
    const to = Math.min(length, from + SEARCH_AHEAD);
    for (let i = from; i < to; i++) if (los[i] === lo && his[i] === hi) return this.#base + i;
    return -1;
  }

  #grow(): void {
    const size = 2 * this.#times.length;
    const times = new Float64Array(size);
    const los = new Int32Array(size);
    const his = new Int32Array(size);
    times.set(this.#times);
    los.set(this.#digestsLo);
    his.set(this.#digestsHi);
    this.#times = times;
    this.#digestsLo = los;
    this.#digestsHi = his;
  }

  /** The publish time at a position `find` returned. */
  timeAt(position: number): number {
    return this.#times[position - this.#base]!;
  }
}
