import type { Circle2, Polygon2, Shape2 } from './shapes2d.js';

/** Where two shapes overlap: the unit normal that pushes `a` out of `b`, how deep, and a point of contact. */
export interface Contact2 {
  nx: number;
  ny: number;
  depth: number;
  x: number;
  y: number;
}

/**
 * The contact of `a` with `b` (both in one frame), or null where they do not overlap: the
 * separating axis test over both shapes' edge normals (a circle adds the axis to its nearest
 * vertex). Every operation is `+ - * /` or Math.sqrt; ties go to the first axis tested.
 */
export function contact2(a: Shape2, b: Shape2): Contact2 | null {
  if (a.kind === 'circle' && b.kind === 'circle') return circles(a, b);
  if (a.kind === 'circle') return flipped(circlePolygon(a, b as Polygon2));
  if (b.kind === 'circle') return circlePolygon(b, a);
  return polygons(a, b);
}

function flipped(contact: Contact2 | null): Contact2 | null {
  if (contact === null) return null;
  contact.nx = -contact.nx;
  contact.ny = -contact.ny;
  return contact;
}

function circles(a: Circle2, b: Circle2): Contact2 | null {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const distance = Math.sqrt(dx * dx + dy * dy);
  const depth = a.radius + b.radius - distance;
  if (depth <= 0) return null;
  const nx = distance === 0 ? 1 : dx / distance;
  const ny = distance === 0 ? 0 : dy / distance;
  return { nx, ny, depth, x: b.x + nx * (b.radius - depth / 2), y: b.y + ny * (b.radius - depth / 2) };
}

/** The projection interval of a polygon's points on (nx, ny). */
function project(points: Float64Array, nx: number, ny: number, out: { min: number; max: number }): void {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < points.length; i += 2) {
    const d = points[i]! * nx + points[i + 1]! * ny;
    if (d < min) min = d;
    if (d > max) max = d;
  }
  out.min = min;
  out.max = max;
}

const SPAN_A = { min: 0, max: 0 };
const SPAN_B = { min: 0, max: 0 };

/** The mean of a polygon's points along x (axis 0) or y (axis 1). */
function centroid(points: Float64Array, axis: number): number {
  let sum = 0;
  for (let i = axis; i < points.length; i += 2) sum += points[i]!;
  return sum / (points.length / 2);
}

/** The least overlap found so far by the separating axis test, and its normal. */
const BEST = { depth: Infinity, nx: 0, ny: 0 };

/** The separating axis test over `owner`'s edge normals; false when one separates. */
function edgeAxes(owner: Float64Array, a: Float64Array, b: Float64Array, towardsX: number, towardsY: number): boolean {
  const n = owner.length / 2;
  // A segment has one edge; a polygon of n points, n.
  const edges = n === 2 ? 1 : n;
  for (let i = 0; i < edges; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ex = owner[j * 2]! - owner[i * 2]!;
    const ey = owner[j * 2 + 1]! - owner[i * 2 + 1]!;
    const length = Math.sqrt(ex * ex + ey * ey);
    if (length === 0) continue;
    let nx = ey / length;
    let ny = -ex / length;
    project(a, nx, ny, SPAN_A);
    project(b, nx, ny, SPAN_B);
    const overlap = Math.min(SPAN_A.max - SPAN_B.min, SPAN_B.max - SPAN_A.min);
    if (overlap <= 0) return false;
    if (overlap < BEST.depth) {
      // The normal points from b towards a.
      if (towardsX * nx + towardsY * ny < 0) {
        nx = -nx;
        ny = -ny;
      }
      BEST.depth = overlap;
      BEST.nx = nx;
      BEST.ny = ny;
    }
  }
  return true;
}

/** The separating axis test of two convex polygons (segments included): the axis of least overlap. */
function polygons(a: Polygon2, b: Polygon2): Contact2 | null {
  const towardsX = centroid(a.points, 0) - centroid(b.points, 0);
  const towardsY = centroid(a.points, 1) - centroid(b.points, 1);
  BEST.depth = Infinity;
  if (!edgeAxes(a.points, a.points, b.points, towardsX, towardsY)) return null;
  if (!edgeAxes(b.points, a.points, b.points, towardsX, towardsY)) return null;
  if (BEST.depth === Infinity) return null;
  const bx = BEST.nx;
  const by = BEST.ny;
  // The contact point: the middle of a's points deepest into b along the normal.
  let deepest = Infinity;
  let sx = 0;
  let sy = 0;
  let count = 0;
  for (let i = 0; i < a.points.length; i += 2) {
    const d = a.points[i]! * bx + a.points[i + 1]! * by;
    if (d < deepest - 1e-9) {
      deepest = d;
      sx = a.points[i]!;
      sy = a.points[i + 1]!;
      count = 1;
    } else if (d <= deepest + 1e-9) {
      sx += a.points[i]!;
      sy += a.points[i + 1]!;
      count++;
    }
  }
  return { nx: bx, ny: by, depth: BEST.depth, x: sx / count, y: sy / count };
}

/** A circle against a convex polygon (or segment): the normal pushes the polygon out of the circle. */
function circlePolygon(circle: Circle2, polygon: Polygon2): Contact2 | null {
  const p = polygon.points;
  const n = p.length / 2;
  // The polygon's nearest point to the centre.
  let nearest = Infinity;
  let qx = 0;
  let qy = 0;
  const edges = n === 2 ? 1 : n;
  for (let i = 0; i < edges; i++) {
    const j = (i + 1) % n;
    const x0 = p[i * 2]!;
    const y0 = p[i * 2 + 1]!;
    const ex = p[j * 2]! - x0;
    const ey = p[j * 2 + 1]! - y0;
    const lengthSquared = ex * ex + ey * ey;
    let t = lengthSquared === 0 ? 0 : ((circle.x - x0) * ex + (circle.y - y0) * ey) / lengthSquared;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const x = x0 + t * ex;
    const y = y0 + t * ey;
    const d = (circle.x - x) * (circle.x - x) + (circle.y - y) * (circle.y - y);
    if (d < nearest) {
      nearest = d;
      qx = x;
      qy = y;
    }
  }
  const inside = n > 2 && contains(p, circle.x, circle.y);
  const distance = Math.sqrt(nearest);
  if (!inside && distance >= circle.radius) return null;
  // From the nearest point towards the centre (out of the polygon); inside, the other way round.
  let nx = distance === 0 ? 0 : (circle.x - qx) / distance;
  let ny = distance === 0 ? 1 : (circle.y - qy) / distance;
  if (inside) {
    nx = -nx;
    ny = -ny;
  }
  const depth = inside ? circle.radius + distance : circle.radius - distance;
  // The normal pushes the polygon out of the circle: it points from the circle to the polygon.
  return { nx: -nx, ny: -ny, depth, x: qx, y: qy };
}

/** Whether (x, y) is inside the counter-clockwise convex polygon. */
function contains(p: Float64Array, x: number, y: number): boolean {
  const n = p.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const cross = (p[j * 2]! - p[i * 2]!) * (y - p[i * 2 + 1]!) - (p[j * 2 + 1]! - p[i * 2 + 1]!) * (x - p[i * 2]!);
    if (cross < 0) return false;
  }
  return true;
}
