import { bounds2, type Shape2 } from './shapes2d.js';

/** Side of the grid's cells, metres: a room's walls fall in a few cells each. */
const CELL = 1;

/**
 * The world's fixed obstacles as the plane sees them, found by the cells of a uniform grid they
 * cover. Candidates come back in the order the obstacles were added (each once), so that contacts
 * are solved in the same order on every run.
 */
export class ObstacleMap {
  readonly shapes: Shape2[] = [];
  /** The collision each shape belongs to: its friction, and what a contact sensor names. */
  readonly owners: number[] = [];
  /** Per shape, its bounds: minX, minY, maxX, maxY. */
  bounds = new Float64Array(64);
  readonly #cells = new Map<number, number[]>();
  #marks = new Uint32Array(0);
  #stamp = 0;

  add(shape: Shape2, owner: number): void {
    const index = this.shapes.length;
    this.shapes.push(shape);
    this.owners.push(owner);
    const [minX, minY, maxX, maxY] = bounds2(shape);
    if (this.bounds.length < (index + 1) * 4) {
      const grown = new Float64Array(this.bounds.length * 2);
      grown.set(this.bounds);
      this.bounds = grown;
    }
    this.bounds.set([minX, minY, maxX, maxY], index * 4);
    for (let cx = Math.floor(minX / CELL); cx <= Math.floor(maxX / CELL); cx++) {
      for (let cy = Math.floor(minY / CELL); cy <= Math.floor(maxY / CELL); cy++) {
        const key = cellKey(cx, cy);
        const cell = this.#cells.get(key);
        if (cell === undefined) this.#cells.set(key, [index]);
        else cell.push(index);
      }
    }
  }

  /** The obstacles whose bounds meet the box, in the order they were added, into `out`. */
  near(minX: number, minY: number, maxX: number, maxY: number, out: number[]): void {
    out.length = 0;
    if (this.#marks.length < this.shapes.length) this.#marks = new Uint32Array(this.shapes.length);
    this.#stamp++;
    for (let cx = Math.floor(minX / CELL); cx <= Math.floor(maxX / CELL); cx++) {
      for (let cy = Math.floor(minY / CELL); cy <= Math.floor(maxY / CELL); cy++) {
        const cell = this.#cells.get(cellKey(cx, cy));
        if (cell === undefined) continue;
        for (const index of cell) {
          if (this.#marks[index] === this.#stamp) continue;
          this.#marks[index] = this.#stamp;
          const b = index * 4;
          const bounds = this.bounds;
          if (bounds[b]! > maxX || bounds[b + 2]! < minX || bounds[b + 1]! > maxY || bounds[b + 3]! < minY) continue;
          out.push(index);
        }
      }
    }
    out.sort((a, b) => a - b);
  }
}

/** A cell's key: its two indices in one number (cells within ±2^20 m of the origin). */
function cellKey(cx: number, cy: number): number {
  return (cx + 1048576) * 2097152 + (cy + 1048576);
}
