/** Bins a series may have before neighbours merge (the bound of every plot over time). */
export const MAX_BINS = 500;
/** The narrowest bin, ns. */
export const MIN_BIN_WIDTH = 1_000_000;
/** Values a plane's columns may hold together (16 M): with very many ids, fewer and wider bins. */
const MAX_VALUES = 1 << 24;

/** The width (ns) of `bins` bins over `span` seconds: the first power-of-two multiple of 1 ms that covers the span in that many. */
export function binWidth(span: number, bins: number): number {
  let width = MIN_BIN_WIDTH;
  while (width * bins < span * 1e9) width *= 2;
  return width;
}

/** How a plane keeps its values: counts (Int32, summed), amounts (Float64, summed), or the largest amount. */
export type PlaneKind = 'count' | 'sum' | 'max';

type Values = Int32Array | Float64Array;

/**
 * Per-id values over sim time, in bins of equal width stored time-major: each bin is a column
 * holding every id's value side by side. A run goes forward in time, so the values it adds lie
 * in one column at a time, a few kilobytes that stay in the cache however many ids there are
 * (per-id series, each a row of its own, cost a cache miss per value), and memory is touched
 * once, in order. Each field is a plane of its own, allocated when first asked for (a field
 * that stays zero, such as busy time in a run without execution times, costs nothing). The
 * width starts at the width given and doubles (neighbouring columns merged) whenever a time
 * falls past the last column; with very many ids there are fewer columns, so that a plane holds
 * at most MAX_VALUES values.
 */
export class BinColumns {
  /** Bin width, ns. */
  width: number;
  /** Columns in use: up to the latest that was added to. */
  columns = 0;
  /** Whether bins were merged to hold many ids (not only to reach a later time). */
  capped = false;
  readonly #kinds: readonly PlaneKind[];
  readonly #planes: (Values | null)[];
  /** Ids a column has room for, and columns the planes have room for (more as time goes on, up to #maxColumns). */
  #ids = 64;
  #capacity: number;
  /** Ids held so far (the rest of each column is zero). */
  #used = 0;
  /** The column of the latest time asked for: its start and end (ns) and where it begins in a plane. */
  #from = 0;
  #to = -1;
  #offset = 0;

  /** `columns`: as many as the run is expected to fill, allocated at once (untouched, they cost no memory). */
  constructor(width: number, kinds: readonly PlaneKind[], columns = 16) {
    this.width = width;
    this.#kinds = kinds;
    this.#planes = kinds.map(() => null);
    this.#capacity = Math.min(columns, this.#maxColumns(this.#ids));
  }

  /** Where the column that holds `time` (ns from the start; earlier times count in the first) begins: id `i`'s value is at `at(time) + i` of a plane. */
  at(time: number): number {
    return time >= this.#from && time < this.#to ? this.#offset : this.#seek(time);
  }

  /** Plane `p`'s values (allocated at the first call). */
  plane(p: number): Values {
    return this.#planes[p] ?? this.#allocate(p);
  }

  #allocate(p: number): Values {
    const plane = this.#kinds[p] === 'count' ? new Int32Array(this.#capacity * this.#ids) : new Float64Array(this.#capacity * this.#ids);
    this.#planes[p] = plane;
    return plane;
  }

  #seek(time: number): number {
    let column = Math.max(0, Math.floor(time / this.width));
    while (column >= this.#capacity) {
      const most = this.#maxColumns(this.#ids);
      if (this.#capacity < most) this.#layOut(this.#ids, Math.min(most, Math.max(2 * this.#capacity, column + 1)));
      else {
        if (most < MAX_BINS) this.capped = true;
        this.#merge();
        column = Math.max(0, Math.floor(time / this.width));
      }
    }
    if (column >= this.columns) this.columns = column + 1;
    this.#from = column === 0 ? -Infinity : column * this.width;
    this.#to = (column + 1) * this.width;
    this.#offset = column * this.#ids;
    return this.#offset;
  }

  #maxColumns(ids: number): number {
    return Math.max(1, Math.min(MAX_BINS, Math.floor(MAX_VALUES / ids)));
  }

  /** Makes room for ids up to `id` (more ids: each column laid out anew). */
  hold(id: number): void {
    if (id >= this.#ids) {
      // As many as asked for, when that is more than twice as many: a run describes most of its
      // entities at once (its first log), and a power of two above them would leave up to half
      // of every column empty, memory allocated and zeroed for nothing.
      const ids = Math.max(id + 1, 2 * this.#ids);
      const most = this.#maxColumns(ids);
      while (this.columns > most) {
        this.capped = true;
        this.#merge();
      }
      this.#layOut(ids, Math.min(this.#capacity, most));
    }
    if (id >= this.#used) this.#used = id + 1;
  }

  /** Planes with room for `ids` ids in each of `capacity` columns, holding what the columns in use hold. */
  #layOut(ids: number, capacity: number): void {
    const old = this.#ids;
    const planes = [...this.#planes];
    this.#ids = ids;
    this.#capacity = capacity;
    planes.forEach((plane, p) => {
      if (plane === null) return;
      const grown = this.#allocate(p);
      if (ids === old) grown.set(plane.subarray(0, this.columns * ids));
      else for (let c = 0; c < this.columns; c++) grown.set(plane.subarray(c * old, (c + 1) * old), c * ids);
    });
    this.#to = -1;
  }

  /** Doubles the width: each pair of neighbouring columns becomes one. */
  #merge(): void {
    const ids = this.#ids;
    const half = Math.ceil(this.columns / 2);
    this.#planes.forEach((plane, p) => {
      if (plane === null) return;
      const maxima = this.#kinds[p] === 'max';
      const used = this.#used;
      for (let c = 0; c < half; c++) {
        const to = c * ids;
        const a = 2 * c * ids;
        if (2 * c + 1 === this.columns) plane.copyWithin(to, a, a + used);
        else if (maxima) for (let i = 0; i < used; i++) plane[to + i] = Math.max(plane[a + i]!, plane[a + ids + i]!);
        else for (let i = 0; i < used; i++) plane[to + i] = plane[a + i]! + plane[a + ids + i]!;
      }
      plane.fill(0, half * ids, this.columns * ids);
    });
    this.columns = half;
    this.width *= 2;
    this.#to = -1;
  }

  /**
   * Plane `p`'s values for each of `ids`, in `bins` bins of `width` (a power-of-two multiple of
   * this width): per id a view into one Float64Array (zeros for a plane never asked for), filled
   * column by column, the order the values lie in.
   */
  series(ids: readonly number[], p: number, width: number, bins: number): Float64Array[] {
    const all = new Float64Array(ids.length * bins);
    const plane = this.#planes[p];
    if (plane != null) {
      const factor = width / this.width;
      const maxima = this.#kinds[p] === 'max';
      const count = ids.length;
      for (let c = 0; c < Math.min(this.columns, bins * factor); c++) {
        const bin = Math.floor(c / factor);
        const base = c * this.#ids;
        for (let j = 0; j < count; j++) {
          const value = plane[base + ids[j]!]!;
          const at = j * bins + bin;
          all[at] = maxima ? Math.max(all[at]!, value) : all[at]! + value;
        }
      }
    }
    return ids.map((_, j) => all.subarray(j * bins, (j + 1) * bins));
  }

  /** Plane `p` summed over every id (of a plane that sums), in `bins` bins of `width` (as series()). */
  total(p: number, width: number, bins: number): Float64Array {
    const factor = width / this.width;
    const out = new Float64Array(bins);
    const plane = this.#planes[p];
    if (plane == null) return out;
    const ids = this.#ids;
    for (let c = 0; c < Math.min(this.columns, bins * factor); c++) {
      const bin = Math.floor(c / factor);
      let sum = 0;
      for (let i = c * ids; i < (c + 1) * ids; i++) sum += plane[i]!;
      out[bin]! += sum;
    }
    return out;
  }

  /** Per id (ids 0 … count-1), plane `p` summed over every column, and its largest column. */
  totals(p: number, count: number): { sums: Float64Array; peaks: Float64Array } {
    const sums = new Float64Array(count);
    const peaks = new Float64Array(count);
    const plane = this.#planes[p];
    if (plane == null) return { sums, peaks };
    // Two columns a pass: half the reads and writes of the sums and peaks, which dominate. A
    // last column without a partner is paired with itself and counted once. Values are counts
    // or whole nanoseconds, so adding them in pairs changes no sum.
    const ids = this.#ids;
    for (let c = 0; c < this.columns; c += 2) {
      const first = c * ids;
      const paired = c + 1 < this.columns ? 1 : 0;
      const second = first + paired * ids;
      for (let i = 0; i < count; i++) {
        const a = plane[first + i]!;
        const b = plane[second + i]!;
        sums[i]! += a + paired * b;
        const value = a > b ? a : b;
        if (value > peaks[i]!) peaks[i] = value;
      }
    }
    return { sums, peaks };
  }

  /** Bins of `width` (as series()) that cover every column in use. */
  binsOf(width: number): number {
    return Math.ceil((this.columns * this.width) / width);
  }

  /**
   * Per id in `ids`, plane `p` in `bins` bins of `width` (as series()) as shares of the id's
   * largest bin, 0–255 (a bin with anything in it at least 1): `bins` bytes per id, one id after
   * the other. Read bin by bin, the order the values lie in: from the plane itself when the bins
   * are its columns (`columnPeaks`, per id its largest column as totals() gives it, then saves a
   * pass), else from one merged copy.
   */
  shares(ids: readonly number[], p: number, width: number, bins: number, columnPeaks?: Float64Array): Uint8Array {
    const count = ids.length;
    const out = new Uint8Array(count * bins);
    const plane = this.#planes[p];
    if (plane == null || count === 0) return out;
    const factor = width / this.width;
    let values: Values = plane;
    let stride = this.#ids;
    let index = Int32Array.from(ids);
    if (factor > 1) {
      values = new Float64Array(bins * count);
      for (let c = 0; c < Math.min(this.columns, bins * factor); c++) {
        const from = c * stride;
        const to = Math.floor(c / factor) * count;
        for (let j = 0; j < count; j++) values[to + j]! += plane[from + index[j]!]!;
      }
      stride = count;
      index = Int32Array.from(ids, (_, j) => j);
    }
    const filled = factor > 1 ? bins : Math.min(bins, this.columns);
    const given = factor === 1 ? columnPeaks : undefined;
    const peaks = given !== undefined ? Float64Array.from(ids, (id) => given[id]!) : new Float64Array(count);
    for (let b = 0; b < filled && given === undefined; b++) {
      const base = b * stride;
      for (let j = 0; j < count; j++) {
        const value = values[base + index[j]!]!;
        if (value > peaks[j]!) peaks[j] = value;
      }
    }
    for (let b = 0; b < filled; b++) {
      const base = b * stride;
      for (let j = 0; j < count; j++) {
        const value = values[base + index[j]!]!;
        if (value > 0) out[j * bins + b] = Math.max(1, Math.round((255 * value) / peaks[j]!));
      }
    }
    return out;
  }
}
