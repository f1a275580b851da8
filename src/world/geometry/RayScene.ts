import { type Pose, rotate, type Vec3 } from './pose.js';

/**
 * Static geometry that rays are cast against: boxes, spheres, cylinders, capsules, ellipsoids and
 * triangles under a bounding volume hierarchy, and infinite planes beside it. Rays are what
 * lidars, depth cameras and cameras see; this is their hot path, so primitives live in flat
 * arrays and a cast allocates nothing. Every operation is `+ - * /` or Math.sqrt, evaluated as
 * written: every CPU gives the same bits. Each primitive carries the `tag` it was added with
 * (the collision it belongs to), which the nearest hit reports. Ties: a plane is tested first and
 * wins; of primitives met at the same distance, the one added first. A ray is met only where it
 * enters a solid: one that starts inside a box, sphere, cylinder, capsule or ellipsoid does not see
 * it (as a renderer that culls back faces does not: a lidar inside its own housing sees out).
 */
enum Kind {
  Sphere = 0,
  Box = 1,
  Cylinder = 2,
  Capsule = 3,
  Ellipsoid = 4,
  Triangle = 5,
}

/**
 * Per primitive, 16 numbers. Shapes with a frame: centre (0..2), the rows of the rotation from
 * world to local (3..11), then parameters: box half sizes (12..14); sphere radius (12); cylinder
 * and capsule radius, half length (12, 13); ellipsoid radii (12..14). Triangles: v0 (0..2), edge
 * v1 − v0 (3..5), edge v2 − v0 (6..8).
 */
const STRIDE = 16;

/** The nearest hit of a cast: distance along the ray (Infinity: none) and the primitive's tag. */
export interface RayHit {
  distance: number;
  tag: number;
}

export class RayScene {
  #kinds: number[] = [];
  #tags: number[] = [];
  #data: number[] = [];
  #bounds: number[] = [];
  /** Per plane, 7 numbers: a point (0..2), the unit normal (3..5), the tag (6). */
  readonly #planes: number[] = [];
  // The hierarchy, built once: per node its bounds (6), then either two children or a leaf range.
  #nodeBounds = new Float64Array(0);
  #nodeLinks = new Int32Array(0);
  #order = new Int32Array(0);
  #kindOf = new Uint8Array(0);
  #prims = new Float64Array(0);
  #built = false;
  /** Set by build(): see `reach`. */
  #reach = 0;

  get size(): number {
    return this.#kinds.length + this.#planes.length / 7;
  }

  addSphere(center: Vec3, radius: number, tag: number): void {
    this.#push(Kind.Sphere, tag, [center.x, center.y, center.z, 1, 0, 0, 0, 1, 0, 0, 0, 1, radius, 0, 0, 0], {
      min: { x: center.x - radius, y: center.y - radius, z: center.z - radius },
      max: { x: center.x + radius, y: center.y + radius, z: center.z + radius },
    });
  }

  addBox(pose: Pose, size: Vec3, tag: number): void {
    this.#framed(Kind.Box, pose, [size.x / 2, size.y / 2, size.z / 2], { x: size.x / 2, y: size.y / 2, z: size.z / 2 }, tag);
  }

  /** A cylinder along its frame's z axis. */
  addCylinder(pose: Pose, radius: number, length: number, tag: number): void {
    this.#framed(Kind.Cylinder, pose, [radius, length / 2, 0], { x: radius, y: radius, z: length / 2 }, tag);
  }

  /** A capsule along its frame's z axis: `length` between the centres of its end caps. */
  addCapsule(pose: Pose, radius: number, length: number, tag: number): void {
    this.#framed(Kind.Capsule, pose, [radius, length / 2, 0], { x: radius, y: radius, z: length / 2 + radius }, tag);
  }

  addEllipsoid(pose: Pose, radii: Vec3, tag: number): void {
    this.#framed(Kind.Ellipsoid, pose, [radii.x, radii.y, radii.z], radii, tag);
  }

  addTriangle(a: Vec3, b: Vec3, c: Vec3, tag: number): void {
    this.#push(Kind.Triangle, tag, [a.x, a.y, a.z, b.x - a.x, b.y - a.y, b.z - a.z, c.x - a.x, c.y - a.y, c.z - a.z, 0, 0, 0, 0, 0, 0, 0], {
      min: { x: Math.min(a.x, b.x, c.x), y: Math.min(a.y, b.y, c.y), z: Math.min(a.z, b.z, c.z) },
      max: { x: Math.max(a.x, b.x, c.x), y: Math.max(a.y, b.y, c.y), z: Math.max(a.z, b.z, c.z) },
    });
  }

  /** The plane through `point` with unit `normal`, seen from both sides. */
  addPlane(point: Vec3, normal: Vec3, tag: number): void {
    this.#planes.push(point.x, point.y, point.z, normal.x, normal.y, normal.z, tag);
  }

  #framed(kind: Kind, pose: Pose, parameters: number[], halfExtent: Vec3, tag: number): void {
    const c = pose.position;
    // The local axes in world coordinates are the columns of R; world → local is Rᵀ, whose rows they are.
    const ex = rotate(pose.rotation, { x: 1, y: 0, z: 0 });
    const ey = rotate(pose.rotation, { x: 0, y: 1, z: 0 });
    const ez = rotate(pose.rotation, { x: 0, y: 0, z: 1 });
    const reach = (axis: 'x' | 'y' | 'z'): number => Math.abs(ex[axis]) * halfExtent.x + Math.abs(ey[axis]) * halfExtent.y + Math.abs(ez[axis]) * halfExtent.z;
    const r = { x: reach('x'), y: reach('y'), z: reach('z') };
    const data = [c.x, c.y, c.z, ex.x, ex.y, ex.z, ey.x, ey.y, ey.z, ez.x, ez.y, ez.z, parameters[0]!, parameters[1]!, parameters[2]!, 0];
    this.#push(kind, tag, data, { min: { x: c.x - r.x, y: c.y - r.y, z: c.z - r.z }, max: { x: c.x + r.x, y: c.y + r.y, z: c.z + r.z } });
  }

  #push(kind: Kind, tag: number, data: number[], bounds: { min: Vec3; max: Vec3 }): void {
    if (this.#built) throw new Error('RayScene: a primitive added after the scene was built');
    this.#kinds.push(kind);
    this.#tags.push(tag);
    for (const value of data) this.#data.push(value);
    this.#bounds.push(bounds.min.x, bounds.min.y, bounds.min.z, bounds.max.x, bounds.max.y, bounds.max.z);
  }

  /**
   * Builds the hierarchy by the surface area heuristic: at each node, of the splits of its
   * primitives sorted by centre along each axis (ties by insertion), the one a random ray is
   * cheapest to cross — each side's chance of being entered (its surface) times what it holds —
   * or a leaf when no split is cheaper than testing them all. A room's walls, whose bounds span
   * it, so end up beside its small obstacles rather than in every node a ray enters.
   */
  build(): void {
    if (this.#built) return;
    this.#built = true;
    const count = this.#kinds.length;
    this.#prims = Float64Array.from(this.#data);
    this.#kindOf = Uint8Array.from(this.#kinds);
    this.#data = [];
    const order = Int32Array.from({ length: count }, (_, i) => i);
    const bounds = this.#bounds;
    const centre = (i: number, axis: number): number => bounds[i * 6 + axis]! + bounds[i * 6 + 3 + axis]!;
    const nodeBounds: number[] = [];
    const nodeLinks: number[] = [];
    // Suffix areas of a candidate split, reused for every node.
    const suffix = new Float64Array(count + 1);
    let deepest = 0;
    const node = (from: number, to: number, depth: number): number => {
      const index = nodeLinks.length / 2;
      if (depth > deepest) deepest = depth;
      const box = boundsOf(bounds, order, from, to);
      nodeBounds.push(...box);
      nodeLinks.push(0, 0);
      const n = to - from;
      // Cost in primitive tests: a leaf tests all n; a split tests a node's two children, then
      // each side's primitives as often as a ray through this node enters it.
      let bestCost = n <= 1 ? -1 : n;
      let bestAxis = -1;
      let bestAt = 0;
      const area = surface(box);
      for (let axis = 0; axis < 3 && area > 0; axis++) {
        const part = Array.from(order.subarray(from, to)).sort((a, b) => centre(a, axis) - centre(b, axis) || a - b);
        const side = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
        for (let k = n - 1; k > 0; k--) {
          grow(side, bounds, part[k]!);
          suffix[k] = surface(side);
        }
        side.fill(Infinity, 0, 3).fill(-Infinity, 3, 6);
        for (let k = 1; k < n; k++) {
          grow(side, bounds, part[k - 1]!);
          const cost = TRAVERSAL + (surface(side) * k + suffix[k]! * (n - k)) / area;
          if (cost < bestCost) {
            bestCost = cost;
            bestAxis = axis;
            bestAt = k;
          }
        }
      }
      if (bestAxis < 0) {
        // A leaf: the range of `order` it holds, negated so that it cannot be read as a child.
        nodeLinks[index * 2] = -(from + 1);
        nodeLinks[index * 2 + 1] = n;
        return index;
      }
      const part = Array.from(order.subarray(from, to)).sort((a, b) => centre(a, bestAxis) - centre(b, bestAxis) || a - b);
      order.set(part, from);
      const left = node(from, from + bestAt, depth + 1);
      const right = node(from + bestAt, to, depth + 1);
      nodeLinks[index * 2] = left;
      nodeLinks[index * 2 + 1] = right;
      return index;
    };
    if (count > 0) node(0, count, 0);
    // A cast holds at most one node a level and the root's sibling: the stack must be that deep.
    if (deepest + 2 > STACK.length) {
      STACK = new Int32Array(deepest + 2);
      ENTRIES = new Float64Array(deepest + 2);
    }
    this.#nodeBounds = Float64Array.from(nodeBounds);
    this.#nodeLinks = Int32Array.from(nodeLinks);
    this.#order = order;
    this.#bounds = [];
    if (this.#planes.length > 0) this.#reach = Infinity;
    else if (count > 0) {
      const x = Math.max(Math.abs(nodeBounds[0]!), Math.abs(nodeBounds[3]!));
      const y = Math.max(Math.abs(nodeBounds[1]!), Math.abs(nodeBounds[4]!));
      this.#reach = Math.sqrt(x * x + y * y);
    }
  }

  /**
   * How far from its frame's z axis the scene reaches (Infinity with a plane): a ray that passes
   * farther from the axis than this meets nothing in it.
   */
  get reach(): number {
    if (!this.#built) this.build();
    return this.#reach;
  }

  /**
   * The nearest surface along `ray` — origin (x, y, z), unit direction (x, y, z), near, far: a
   * Float64Array the caller fills, as V8 would allocate each double passed as an argument — into
   * `hit` (distance Infinity when there is none).
   */
  cast(ray: Float64Array, hit: RayHit): void {
    if (!this.#built) this.build();
    const ox = ray[OX]!;
    const oy = ray[OY]!;
    const oz = ray[OZ]!;
    const dx = ray[DX]!;
    const dy = ray[DY]!;
    const dz = ray[DZ]!;
    // Read from a Float64Array, the range is a double to V8; a tagged `far` as the start of `best`
    // made every value the loop below carries a heap number: half a kilobyte allocated a ray, and
    // five sixths of its cost.
    const from = ray[NEAR]!;
    let best = ray[FAR]!;
    RAY.set(ray);
    let bestTag = -1;
    // Which primitive is the nearest so far: the lower index wins a tie, whatever order the tree visits them in.
    let bestIndex = -1;
    const planes = this.#planes;
    for (let at = 0; at < planes.length; at += 7) {
      const nx = planes[at + 3]!;
      const ny = planes[at + 4]!;
      const nz = planes[at + 5]!;
      const denominator = nx * dx + ny * dy + nz * dz;
      if (denominator === 0) continue;
      const t = (nx * (planes[at]! - ox) + ny * (planes[at + 1]! - oy) + nz * (planes[at + 2]! - oz)) / denominator;
      if (t >= from && t < best) {
        best = t;
        bestTag = planes[at + 6]!;
      }
    }
    const links = this.#nodeLinks;
    if (links.length > 0) {
      // Reciprocal directions for the slab tests (±Infinity where a component is 0, as they should be).
      const ix = 1 / dx;
      const iy = 1 / dy;
      const iz = 1 / dz;
      const nodes = this.#nodeBounds;
      const order = this.#order;
      const tags = this.#tags;
      const stack = STACK;
      const entries = ENTRIES;
      let top = 0;
      stack[top] = 0;
      entries[top++] = from;
      while (top > 0) {
        top--;
        // A node entered beyond the nearest hit found since it was pushed has nothing nearer.
        if (entries[top]! > best) continue;
        const n = stack[top]!;
        const first = links[n * 2]!;
        if (first < 0) {
          const start = -first - 1;
          const end = start + links[n * 2 + 1]!;
          for (let k = start; k < end; k++) {
            const i = order[k]!;
            RAY[FAR] = best;
            this.#intersect(i);
            const t = RAY[RESULT]!;
            if (t < best || (t === best && bestIndex >= 0 && i < bestIndex)) {
              best = t;
              bestTag = tags[i]!;
              bestIndex = i;
            }
          }
          continue;
        }
        // Where the ray enters each child's bounds within [near, best] (near when it starts
        // inside), else Infinity; the nearer is visited first, so that a near hit prunes the far one.
        const second = links[n * 2 + 1]!;
        let a = Infinity;
        let b = Infinity;
        for (let side = 0; side < 2; side++) {
          const at = (side === 0 ? first : second) * 6;
          let t0 = from;
          let t1 = best;
          // The three axes written out: as a loop over them (box() is one), a ray cost 15% more.
          let ta = (nodes[at]! - ox) * ix;
          let tb = (nodes[at + 3]! - ox) * ix;
          // NaN (a zero direction component on a face's plane) compares false: that axis does not cut the range.
          if (ta < tb) {
            if (ta > t0) t0 = ta;
            if (tb < t1) t1 = tb;
          } else {
            if (tb > t0) t0 = tb;
            if (ta < t1) t1 = ta;
          }
          ta = (nodes[at + 1]! - oy) * iy;
          tb = (nodes[at + 4]! - oy) * iy;
          if (ta < tb) {
            if (ta > t0) t0 = ta;
            if (tb < t1) t1 = tb;
          } else {
            if (tb > t0) t0 = tb;
            if (ta < t1) t1 = ta;
          }
          ta = (nodes[at + 2]! - oz) * iz;
          tb = (nodes[at + 5]! - oz) * iz;
          if (ta < tb) {
            if (ta > t0) t0 = ta;
            if (tb < t1) t1 = tb;
          } else {
            if (tb > t0) t0 = tb;
            if (ta < t1) t1 = ta;
          }
          if (t0 <= t1) {
            if (side === 0) a = t0;
            else b = t0;
          }
        }
        // The farther pushed first, so that the nearer is popped first.
        const nearerFirst = a <= b;
        const farther = nearerFirst ? b : a;
        const nearer = nearerFirst ? a : b;
        if (farther <= best) {
          stack[top] = nearerFirst ? second : first;
          entries[top++] = farther;
        }
        if (nearer <= best) {
          stack[top] = nearerFirst ? first : second;
          entries[top++] = nearer;
        }
      }
    }
    hit.distance = bestTag < 0 ? Infinity : best;
    hit.tag = bestTag;
  }

  /** Distance along RAY to primitive `i` within RAY's [near, far], else Infinity, into RAY's result. */
  #intersect(i: number): void {
    const p = this.#prims;
    const at = i * STRIDE;
    const kind = this.#kindOf[i]!;
    if (kind === Kind.Triangle) {
      RAY[RESULT] = triangle(p, at);
      return;
    }
    const ray = RAY;
    const local = LOCAL;
    const dx = ray[DX]!;
    const dy = ray[DY]!;
    const dz = ray[DZ]!;
    const rx = ray[OX]! - p[at]!;
    const ry = ray[OY]! - p[at + 1]!;
    const rz = ray[OZ]! - p[at + 2]!;
    local[A] = p[at + 12]!;
    local[B] = p[at + 13]!;
    local[C] = p[at + 14]!;
    if (kind === Kind.Sphere) {
      local[OX] = rx;
      local[OY] = ry;
      local[OZ] = rz;
      local[DX] = dx;
      local[DY] = dy;
      local[DZ] = dz;
      ray[RESULT] = sphere();
      return;
    }
    // Into the shape's frame: the rows of world → local.
    local[OX] = p[at + 3]! * rx + p[at + 4]! * ry + p[at + 5]! * rz;
    local[OY] = p[at + 6]! * rx + p[at + 7]! * ry + p[at + 8]! * rz;
    local[OZ] = p[at + 9]! * rx + p[at + 10]! * ry + p[at + 11]! * rz;
    local[DX] = p[at + 3]! * dx + p[at + 4]! * dy + p[at + 5]! * dz;
    local[DY] = p[at + 6]! * dx + p[at + 7]! * dy + p[at + 8]! * dz;
    local[DZ] = p[at + 9]! * dx + p[at + 10]! * dy + p[at + 11]! * dz;
    switch (kind) {
      case Kind.Box:
        ray[RESULT] = box();
        return;
      case Kind.Cylinder:
        ray[RESULT] = cylinder();
        return;
      case Kind.Capsule:
        ray[RESULT] = capsule();
        return;
      default: {
        // An ellipsoid is the unit sphere scaled: scale the ray, and t is unchanged.
        for (let axis = 0; axis < 3; axis++) {
          local[OX + axis] = local[OX + axis]! / local[A + axis]!;
          local[DX + axis] = local[DX + axis]! / local[A + axis]!;
        }
        local[A] = 1;
        ray[RESULT] = sphere();
      }
    }
  }
}

/** A node's two children's bounds cost a ray about as much as testing one primitive. */
const TRAVERSAL = 1;

/** The bounds of primitives `order[from..to)`: min x, y, z, max x, y, z. */
function boundsOf(bounds: number[], order: Int32Array, from: number, to: number): number[] {
  const box = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (let k = from; k < to; k++) grow(box, bounds, order[k]!);
  return box;
}

/** Widens `box` to hold primitive `i`'s bounds. */
function grow(box: number[], bounds: number[], i: number): void {
  for (let a = 0; a < 3; a++) {
    box[a] = Math.min(box[a]!, bounds[i * 6 + a]!);
    box[a + 3] = Math.max(box[a + 3]!, bounds[i * 6 + 3 + a]!);
  }
}

/** Half the surface area of a box (what the heuristic compares; flat boxes still count). */
function surface(box: number[]): number {
  const x = box[3]! - box[0]!;
  const y = box[4]! - box[1]!;
  const z = box[5]! - box[2]!;
  return x * y + y * z + z * x;
}

/** The traversal stack (nodes and where the ray enters them): one per thread is enough, as a cast never calls another. */
let STACK = new Int32Array(128);
let ENTRIES = new Float64Array(128);

/**
 * The ray of a cast (RAY: origin, direction, range, a primitive test's result) and the same ray in
 * a primitive's frame with the primitive's parameters (LOCAL: origin, direction, A, B, C — a box's
 * half sizes; a radius and half length; an ellipsoid's radii). V8 passes a double to a function it
 * does not inline as a new heap object: with the ray given to each node's and primitive's test as
 * arguments, allocating and collecting those was a third of a cast's cost. So the traversal tests
 * nodes inline, and the primitives' tests take the ray from here.
 */
const OX = 0;
const OY = 1;
const OZ = 2;
const DX = 3;
const DY = 4;
const DZ = 5;
const NEAR = 6;
const FAR = 7;
const RESULT = 8;
const A = 6;
const B = 7;
const C = 8;
/** The length of a ray given to `cast`: origin, direction, near, far. */
export const RAY_LENGTH = 8;
const RAY = new Float64Array(9);
const LOCAL = new Float64Array(9);
/** Where LOCAL's ray enters the sphere |o + t·d|² = A² within range (d need not be unit), else Infinity (from inside too). */
function sphere(): number {
  const l = LOCAL;
  const ox = l[OX]!;
  const oy = l[OY]!;
  const oz = l[OZ]!;
  const dx = l[DX]!;
  const dy = l[DY]!;
  const dz = l[DZ]!;
  const r = l[A]!;
  const a = dx * dx + dy * dy + dz * dz;
  const b = ox * dx + oy * dy + oz * dz;
  const c = ox * ox + oy * oy + oz * oz - r * r;
  if (c < 0) return Infinity;
  const discriminant = b * b - a * c;
  if (discriminant < 0) return Infinity;
  const t0 = (-b - Math.sqrt(discriminant)) / a;
  return t0 >= RAY[NEAR]! && t0 <= RAY[FAR]! ? t0 : Infinity;
}

/** LOCAL's ray against the box [−h, h] (h: A, B, C) in its frame: the slab test. */
function box(): number {
  const l = LOCAL;
  let t0 = -Infinity;
  let t1 = Infinity;
  for (let axis = 0; axis < 3; axis++) {
    const o = l[OX + axis]!;
    const d = l[DX + axis]!;
    const h = l[A + axis]!;
    if (d === 0) {
      if (o < -h || o > h) return Infinity;
      continue;
    }
    const a = (-h - o) / d;
    const b = (h - o) / d;
    const lo = a < b ? a : b;
    const hi = a < b ? b : a;
    if (lo > t0) t0 = lo;
    if (hi < t1) t1 = hi;
  }
  // From inside (the entry behind the origin), the box is not met.
  if (t0 > t1 || t0 < 0) return Infinity;
  return t0 >= RAY[NEAR]! && t0 <= RAY[FAR]! ? t0 : Infinity;
}

/** Where LOCAL's ray enters the side x² + y² = A² (from outside it) within range and |z| ≤ B, else Infinity. */
function side(): number {
  const l = LOCAL;
  const ox = l[OX]!;
  const oy = l[OY]!;
  const dx = l[DX]!;
  const dy = l[DY]!;
  const r = l[A]!;
  const h = l[B]!;
  const a = dx * dx + dy * dy;
  if (a === 0) return Infinity;
  const b = ox * dx + oy * dy;
  const c = ox * ox + oy * oy - r * r;
  if (c < 0) return Infinity;
  const discriminant = b * b - a * c;
  if (discriminant < 0) return Infinity;
  const t0 = (-b - Math.sqrt(discriminant)) / a;
  const z0 = l[OZ]! + t0 * l[DZ]!;
  return t0 >= RAY[NEAR]! && t0 <= RAY[FAR]! && z0 >= -h && z0 <= h ? t0 : Infinity;
}

/** Where LOCAL's ray enters through the top (z = B) or bottom (z = −B) cap, from beyond it, inside the disc of radius A, else Infinity. */
function cap(top: boolean): number {
  const l = LOCAL;
  const oz = l[OZ]!;
  const dz = l[DZ]!;
  const r = l[A]!;
  const capZ = top ? l[B]! : -l[B]!;
  // Entering a cap means coming from its outer side: above the top one, below the bottom one.
  if (dz === 0 || (top ? oz < capZ : oz > capZ)) return Infinity;
  const t = (capZ - oz) / dz;
  const x = l[OX]! + t * l[DX]!;
  const y = l[OY]! + t * l[DY]!;
  return t >= RAY[NEAR]! && t <= RAY[FAR]! && x * x + y * y <= r * r ? t : Infinity;
}

/** LOCAL's ray against the cylinder x² + y² ≤ A², |z| ≤ B in its frame: its side or a cap, where it enters. */
function cylinder(): number {
  const l = LOCAL;
  const ox = l[OX]!;
  const oy = l[OY]!;
  const oz = l[OZ]!;
  const r = l[A]!;
  const h = l[B]!;
  if (ox * ox + oy * oy <= r * r && oz >= -h && oz <= h) return Infinity;
  return Math.min(side(), cap(false), cap(true));
}

/** LOCAL's capsule (radius A, half length B): its cylinder's side and a sphere at each end, where it enters. */
function capsule(): number {
  const l = LOCAL;
  const ox = l[OX]!;
  const oy = l[OY]!;
  const oz = l[OZ]!;
  const r = l[A]!;
  const h = l[B]!;
  const along = oz < -h ? -h : oz > h ? h : oz;
  if (ox * ox + oy * oy + (oz - along) * (oz - along) <= r * r) return Infinity;
  const wall = side();
  // Each end's sphere about the local origin: the ray's origin moved along z by the sphere's centre.
  l[OZ] = oz + h;
  const bottom = sphere();
  l[OZ] = oz - h;
  const top = sphere();
  l[OZ] = oz;
  return Math.min(wall, bottom, top);
}

/** Möller–Trumbore against RAY, both faces seen. */
function triangle(p: Float64Array, at: number): number {
  const ray = RAY;
  const dx = ray[DX]!;
  const dy = ray[DY]!;
  const dz = ray[DZ]!;
  const e1x = p[at + 3]!;
  const e1y = p[at + 4]!;
  const e1z = p[at + 5]!;
  const e2x = p[at + 6]!;
  const e2y = p[at + 7]!;
  const e2z = p[at + 8]!;
  const px = dy * e2z - dz * e2y;
  const py = dz * e2x - dx * e2z;
  const pz = dx * e2y - dy * e2x;
  const det = e1x * px + e1y * py + e1z * pz;
  if (det === 0) return Infinity;
  const tx = ray[OX]! - p[at]!;
  const ty = ray[OY]! - p[at + 1]!;
  const tz = ray[OZ]! - p[at + 2]!;
  const u = (tx * px + ty * py + tz * pz) / det;
  if (u < 0 || u > 1) return Infinity;
  const qx = ty * e1z - tz * e1y;
  const qy = tz * e1x - tx * e1z;
  const qz = tx * e1y - ty * e1x;
  const v = (dx * qx + dy * qy + dz * qz) / det;
  if (v < 0 || u + v > 1) return Infinity;
  const t = (e2x * qx + e2y * qy + e2z * qz) / det;
  return t >= ray[NEAR]! && t <= ray[FAR]! ? t : Infinity;
}
