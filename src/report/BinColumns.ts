import { MAX_BINS, MIN_BIN_WIDTH } from './TimeBins.js';

const NO_COLUMN = new Float64Array(0);

/**
 * Many series over sim time binned as TimeBins bins one (same widths, same merges), stored
 * time-major: per bin a column holding each series' sum and count side by side. A run's events
 * come in time order, so the events of a stretch of time all fall in one column, a few kilobytes
 * that stay in the cache whichever series they belong to; one TimeBins per series made each
 * event touch memory of its own. Series are numbered densely from 0.
 */
export class BinColumns {
  /** Bin width, ns. */
  width: number;
  /** Bins in use. */
  length = 0;
  /** Per bin, the sums and counts of the series (2 × series; shorter when later series have nothing there). */
  #columns: Float64Array[] = [];
  /** The bin the last time fell in, and its bounds (most times fall in the same one: no division). */
  #bin = -1;
  #from = 0;
  #to = 0;
  /** The longest column so far: a new one is made as long (the series seen so far come again). */
  #capacity = 64;

  constructor(width = MIN_BIN_WIDTH) {
    this.width = width;
  }

  /** Adds `value` to `series` at `time` (ns from the start; earlier times count in the first bin). */
  add(series: number, time: number, value: number): void {
    if (time < this.#from || time >= this.#to) this.#find(time);
    let column = this.#columns[this.#bin]!;
    if (2 * series >= column.length) column = this.#grow(series);
    column[2 * series]! += value;
    column[2 * series + 1]!++;
  }

  #find(time: number): void {
    let bin = Math.floor(time / this.width);
    while (bin >= MAX_BINS) {
      this.#merge();
      bin = Math.floor(time / this.width);
    }
    if (bin < 0) bin = 0;
    while (this.#columns.length <= bin) this.#columns.push(NO_COLUMN);
    if (bin >= this.length) this.length = bin + 1;
    this.#bin = bin;
    this.#from = bin === 0 ? -Infinity : bin * this.width;
    this.#to = (bin + 1) * this.width;
  }

  /** The current column, grown to hold `series` (at least doubled: series are added as a run goes). */
  #grow(series: number): Float64Array {
    const old = this.#columns[this.#bin]!;
    const size = Math.max(2 * (series + 1), 2 * old.length, this.#capacity);
    this.#capacity = size;
    const column = new Float64Array(size);
    column.set(old);
    this.#columns[this.#bin] = column;
    return column;
  }

  /** Per bin the sum (or count) of `series`. */
  values(series: number, ofSums: boolean): number[] {
    const at = 2 * series + (ofSums ? 0 : 1);
    const out = new Array<number>(this.length);
    for (let i = 0; i < this.length; i++) out[i] = this.#columns[i]![at] ?? 0;
    return out;
  }

  /** Adds each bin's sum of `series` to `totals` (by bin). */
  addSumsTo(series: number, totals: number[]): void {
    for (let i = 0; i < this.length; i++) totals[i]! += this.#columns[i]![2 * series] ?? 0;
  }

  /**
   * Per bin up to the last that holds anything of `series`, its sum (or count) as a share of
   * the largest, 0–255; a bin that holds anything is at least 1.
   */
  shares(series: number, ofSums: boolean): Uint8Array {
    const columns = this.#columns;
    const at = 2 * series + (ofSums ? 0 : 1);
    let used = this.length;
    while (used > 0 && !((columns[used - 1]![2 * series + 1] ?? 0) > 0)) used--;
    let peak = 0;
    for (let i = 0; i < used; i++) peak = Math.max(peak, columns[i]![at] ?? 0);
    const shares = new Uint8Array(used);
    if (peak === 0) return shares;
    for (let i = 0; i < used; i++) {
      const value = columns[i]![at] ?? 0;
      shares[i] = Math.max(value > 0 ? 1 : 0, Math.round((255 * value) / peak));
    }
    return shares;
  }

  /** Widens to `width` (a power-of-two multiple of this width). */
  widenTo(width: number): void {
    while (this.width < width) this.#merge();
  }

  /** Neighbouring bins summed: twice the width, half the bins. */
  #merge(): void {
    const columns = this.#columns;
    const merged: Float64Array[] = [];
    for (let i = 0; i < columns.length; i += 2) {
      const [a, b = NO_COLUMN] = [columns[i]!, columns[i + 1]];
      const [long, short] = a.length >= b.length ? [a, b] : [b, a];
      for (let j = 0; j < short.length; j++) long[j]! += short[j]!;
      merged.push(long);
    }
    this.#columns = merged;
    this.length = Math.ceil(this.length / 2);
    this.width *= 2;
    this.#bin = -1;
    this.#from = this.#to = 0;
  }
}
