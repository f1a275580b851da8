/** Bins a series may have before neighbours merge (the bound of every plot over time). */
export const MAX_BINS = 500;
/** The narrowest bin, ns. */
export const MIN_BIN_WIDTH = 1_000_000;
/** Values a plane's columns may hold together (16 M): with very many ids, fewer and wider bins. */
const MAX_VALUES = 1 << 24;

/** How a plane keeps its values: counts (Float32: exact to 2^24 per bin) or amounts (Float64), summed or the largest kept. */
export interface PlaneKind {
  precise: boolean;
  maxima: boolean;
}

type Values = Float32Array | Float64Array;

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
  /** Ids a column has room for, and columns a plane has room for. */
  #ids = 64;
  #capacity: number;
  /** The column of the latest time asked for: its start and end (ns) and where it begins in a plane. */
  #from = 0;
  #to = -1;
  #offset = 0;

  constructor(width: number, kinds: readonly PlaneKind[]) {
    this.width = width;
    this.#kinds = kinds;
    this.#planes = kinds.map(() => null);
    this.#capacity = this.#maxColumns(this.#ids);
  }

  /** Where the column that holds `time` (ns from the start; earlier times count in the first) begins: id `i`'s value is at `at(time) + i` of a plane. */
  at(time: number): number {
    return time >= this.#from && time < this.#to ? this.#offset : this.#seek(time);
  }

  /** Plane `p`'s values (allocated at the first call). */
  plane(p: number): Values {
    return this.#planes[p] ?? this.#allocate(p);
  }

  /** Whether plane `p` was ever asked for. */
  has(p: number): boolean {
    return this.#planes[p] !== null;
  }

  #allocate(p: number): Values {
    const plane = this.#kinds[p]!.precise ? new Float64Array(this.#capacity * this.#ids) : new Float32Array(this.#capacity * this.#ids);
    this.#planes[p] = plane;
    return plane;
  }

  #seek(time: number): number {
    let column = Math.max(0, Math.floor(time / this.width));
    while (column >= this.#capacity) {
      if (this.#capacity < MAX_BINS) this.capped = true;
      this.#merge();
      column = Math.max(0, Math.floor(time / this.width));
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
    if (id < this.#ids) return;
    let ids = this.#ids;
    while (ids <= id) ids *= 2;
    const capacity = this.#maxColumns(ids);
    while (this.columns > capacity) {
      this.capped = true;
      this.#merge();
    }
    const old = this.#ids;
    this.#ids = ids;
    this.#capacity = capacity;
    this.#planes.forEach((plane, p) => {
      if (plane === null) return;
      const grown = this.#allocate(p);
      for (let c = 0; c < this.columns; c++) grown.set(plane.subarray(c * old, (c + 1) * old), c * ids);
    });
    this.#to = -1;
  }

  /** Doubles the width: each pair of neighbouring columns becomes one. */
  #merge(): void {
    const ids = this.#ids;
    const half = Math.ceil(this.columns / 2);
    this.#planes.forEach((plane, p) => {
      if (plane === null) return;
      const maxima = this.#kinds[p]!.maxima;
      for (let c = 0; c < half; c++) {
        const a = 2 * c * ids;
        const b = 2 * c + 1 < this.columns ? a + ids : -1;
        for (let i = 0; i < ids; i++) {
          const second = b < 0 ? 0 : plane[b + i]!;
          plane[c * ids + i] = maxima ? Math.max(plane[a + i]!, second) : plane[a + i]! + second;
        }
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
      const maxima = this.#kinds[p]!.maxima;
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

  /** Bins of `width` (as series()) that cover every column in use. */
  binsOf(width: number): number {
    return Math.ceil((this.columns * this.width) / width);
  }

  /**
   * Per id in `ids`, plane `p` in `bins` bins of `width` (as series()) as shares of the id's
   * largest bin, 0–255 (a bin with anything in it at least 1): `bins` bytes per id, one id after
   * the other. Two passes over the columns in the order they lie in (the first finds each id's
   * largest bin), without a copy of the values.
   */
  shares(ids: readonly number[], p: number, width: number, bins: number): Uint8Array {
    const count = ids.length;
    const out = new Uint8Array(count * bins);
    const plane = this.#planes[p];
    if (plane == null || count === 0) return out;
    const factor = width / this.width;
    const columns = Math.min(this.columns, bins * factor);
    const sums = new Float64Array(count);
    const peaks = new Float64Array(count);
    for (const pass of [0, 1]) {
      for (let c = 0; c < columns; c++) {
        const base = c * this.#ids;
        for (let j = 0; j < count; j++) sums[j]! += plane[base + ids[j]!]!;
        if ((c + 1) % factor !== 0 && c + 1 < columns) continue;
        const bin = Math.floor(c / factor);
        for (let j = 0; j < count; j++) {
          const sum = sums[j]!;
          if (pass === 0) {
            if (sum > peaks[j]!) peaks[j] = sum;
          } else if (sum > 0) out[j * bins + bin] = Math.max(1, Math.round((255 * sum) / peaks[j]!));
        }
        sums.fill(0);
      }
    }
    return out;
  }
}
