/**
 * The plane's shapes that planar bodies and obstacles collide as: convex polygons (a segment is a
 * polygon of two points) and circles, each over a height range [zMin, zMax], in some frame's x, y.
 * A collision's narrow phase (contact2d.ts) reads them; footprints.ts makes them from 3D geometry.
 */
export interface Polygon2 {
  readonly kind: 'polygon';
  /** x0, y0, x1, y1, … counter-clockwise (a segment: its two ends). */
  readonly points: Float64Array;
  readonly zMin: number;
  readonly zMax: number;
}

export interface Circle2 {
  readonly kind: 'circle';
  readonly x: number;
  readonly y: number;
  readonly radius: number;
  readonly zMin: number;
  readonly zMax: number;
}

export type Shape2 = Polygon2 | Circle2;

/** The counter-clockwise convex hull of points (x, y pairs), by Andrew's monotone chain; ties by x then y. */
export function convexHull(xy: readonly number[]): Float64Array {
  const points: [number, number][] = [];
  for (let i = 0; i + 1 < xy.length; i += 2) points.push([xy[i]!, xy[i + 1]!]);
  points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const unique = points.filter((p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1]);
  if (unique.length <= 2) return Float64Array.from(unique.flat());
  const cross = (o: [number, number], a: [number, number], b: [number, number]): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const p of unique) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: [number, number][] = [];
  for (let i = unique.length - 1; i >= 0; i--) {
    const p = unique[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  const hull = [...lower, ...upper];
  // Collinear points leave a segment: its two ends.
  if (hull.length < 2) return Float64Array.from(unique[0]!.concat(unique[unique.length - 1]!));
  return Float64Array.from(hull.flat());
}

/** A shape's axis-aligned bounds in its own frame: minX, minY, maxX, maxY. */
export function bounds2(shape: Shape2): [number, number, number, number] {
  if (shape.kind === 'circle') return [shape.x - shape.radius, shape.y - shape.radius, shape.x + shape.radius, shape.y + shape.radius];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const p = shape.points;
  for (let i = 0; i < p.length; i += 2) {
    minX = Math.min(minX, p[i]!);
    maxX = Math.max(maxX, p[i]!);
    minY = Math.min(minY, p[i + 1]!);
    maxY = Math.max(maxY, p[i + 1]!);
  }
  return [minX, minY, maxX, maxY];
}

/** Points around a round outline: enough that a wheel's footprint is within 0.2 % of its radius. */
export const ROUND_POINTS = 16;

/**
 * cos and sin (x, y pairs) of ROUND_POINTS equal steps around the unit circle, counter-clockwise
 * from (1, 0): the first quadrant's four written out (0°, 22.5°, 45°, 67.5°), each turned by 90°
 * three times, so that no CPU's Math.cos shows.
 */
export const UNIT_CIRCLE: readonly number[] = (() => {
  const c = 0.9238795325112867;
  const s = 0.3826834323650898;
  const h = Math.SQRT1_2;
  const first = [
    [1, 0],
    [c, s],
    [h, h],
    [s, c],
  ] as const;
  const out: number[] = [];
  for (const [x, y] of first) out.push(x, y);
  for (const [x, y] of first) out.push(-y, x);
  for (const [x, y] of first) out.push(-x, -y);
  for (const [x, y] of first) out.push(y, -x);
  return out;
})();
