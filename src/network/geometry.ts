/** A point in the local frame of the environment, metres (z up). */
export interface Point {
  x: number;
  y: number;
  z: number;
}

/** An obstacle: a vertical prism over a footprint polygon, from `base` to `top`, with a penetration loss. */
export interface Prism {
  readonly name: string;
  /** Footprint vertices, in order (either direction); the polygon closes itself. */
  readonly xs: readonly number[];
  readonly ys: readonly number[];
  readonly base: number;
  readonly top: number;
  readonly lossDb: number;
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
}

export function makePrism(name: string, footprint: readonly (readonly [number, number])[], base: number, height: number, lossDb: number): Prism {
  const xs = footprint.map((p) => p[0]);
  const ys = footprint.map((p) => p[1]);
  return {
    name,
    xs,
    ys,
    base,
    top: base + height,
    lossDb,
    minX: Math.min(...xs),
    maxX: Math.max(...xs),
    minY: Math.min(...ys),
    maxY: Math.max(...ys),
  };
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z);
}

/** What the segment between two antennas passes through: the obstacles' losses summed (multi-wall model), and how many. */
export function obstruction(a: Point, b: Point, prisms: readonly Prism[]): { lossDb: number; crossed: number } {
  let lossDb = 0;
  let crossed = 0;
  for (const prism of prisms) {
    if (crosses(a, b, prism)) {
      lossDb += prism.lossDb;
      crossed++;
    }
  }
  return { lossDb, crossed };
}

/** Whether the segment a–b has a point inside the prism (its boundary counts as inside). */
export function crosses(a: Point, b: Point, prism: Prism): boolean {
  return insideSpans(a, b, prism, true).length > 0;
}

/**
 * Where the segment a–b enters and leaves obstacles (ROS-NetSim's PathDetails hop points): an
 * entry and an exit point per stretch inside a prism, in order along the segment.
 */
export function crossingPoints(a: Point, b: Point, prisms: readonly Prism[]): Point[] {
  const spans = prisms.flatMap((prism) => insideSpans(a, b, prism, false)).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const at = (t: number): Point => ({ x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y), z: a.z + t * (b.z - a.z) });
  return spans.flatMap(([from, to]) => [at(from), at(to)]);
}

/**
 * The stretches [from, to] of the segment a–b (parameter t in [0, 1]) that are inside the prism,
 * its boundary included; with `first`, at most the first one (all a yes-or-no question needs).
 */
function insideSpans(a: Point, b: Point, prism: Prism, first: boolean): [number, number][] {
  if (Math.max(a.x, b.x) < prism.minX || Math.min(a.x, b.x) > prism.maxX) return [];
  if (Math.max(a.y, b.y) < prism.minY || Math.min(a.y, b.y) > prism.maxY) return [];
  // The part of the segment whose height is within the prism.
  let from = 0;
  let to = 1;
  const dz = b.z - a.z;
  if (dz === 0) {
    if (a.z < prism.base || a.z > prism.top) return [];
  } else {
    const t1 = (prism.base - a.z) / dz;
    const t2 = (prism.top - a.z) / dz;
    from = Math.max(0, Math.min(t1, t2));
    to = Math.min(1, Math.max(t1, t2));
    if (from > to) return [];
  }
  // Split that part where it crosses the footprint's edges: each piece is inside or outside as a
  // whole (its middle tells), and its ends are inside when they lie on the boundary.
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const cuts = [from, to];
  const { xs, ys } = prism;
  for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
    const ex = xs[i]! - xs[j]!;
    const ey = ys[i]! - ys[j]!;
    const denominator = dx * ey - dy * ex;
    if (denominator === 0) continue;
    const t = ((xs[j]! - a.x) * ey - (ys[j]! - a.y) * ex) / denominator;
    const s = ((xs[j]! - a.x) * dy - (ys[j]! - a.y) * dx) / denominator;
    if (s >= 0 && s <= 1 && t > from && t < to) cuts.push(t);
  }
  cuts.sort((p, q) => p - q);
  const inside = (t: number): boolean => insideFootprint(a.x + t * dx, a.y + t * dy, prism);
  const spans: [number, number][] = [];
  const add = (start: number, end: number): void => {
    const last = spans[spans.length - 1];
    if (last !== undefined && last[1] >= start) last[1] = Math.max(last[1], end);
    else spans.push([start, end]);
  };
  if (inside(cuts[0]!)) add(cuts[0]!, cuts[0]!);
  for (let k = 1; k < cuts.length && !(first && spans.length > 0); k++) {
    if (inside((cuts[k - 1]! + cuts[k]!) / 2)) add(cuts[k - 1]!, cuts[k]!);
    else if (inside(cuts[k]!)) add(cuts[k]!, cuts[k]!);
  }
  return spans;
}

/** Point in polygon by the even–odd rule; points on an edge count as inside. */
export function insideFootprint(x: number, y: number, prism: Prism): boolean {
  const { xs, ys } = prism;
  let inside = false;
  for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
    const xi = xs[i]!;
    const yi = ys[i]!;
    const xj = xs[j]!;
    const yj = ys[j]!;
    // On the edge: collinear and within its box.
    const cross = (xj - xi) * (y - yi) - (yj - yi) * (x - xi);
    if (cross === 0 && x >= Math.min(xi, xj) && x <= Math.max(xi, xj) && y >= Math.min(yi, yj) && y <= Math.max(yi, yj)) return true;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
