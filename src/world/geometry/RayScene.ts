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
  readonly #planes: { point: Vec3; normal: Vec3; tag: number }[] = [];
  // The hierarchy, built once: per node its bounds (6), then either two children or a leaf range.
  #nodeBounds = new Float64Array(0);
  #nodeLinks = new Int32Array(0);
  #order = new Int32Array(0);
  #kindOf = new Uint8Array(0);
  #prims = new Float64Array(0);
  #built = false;

  get size(): number {
    return this.#kinds.length + this.#planes.length;
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
    this.#planes.push({ point, normal, tag });
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

  /** Builds the hierarchy: median splits along the longest axis of the centres, ties by insertion. */
  build(): void {
    if (this.#built) return;
    this.#built = true;
    const count = this.#kinds.length;
    this.#prims = Float64Array.from(this.#data);
    this.#kindOf = Uint8Array.from(this.#kinds);
    this.#data = [];
    const order = Int32Array.from({ length: count }, (_, i) => i);
    const bounds = this.#bounds;
    const centre = (i: number, axis: number): number => (bounds[i * 6 + axis]! + bounds[i * 6 + 3 + axis]!) / 2;
    const nodeBounds: number[] = [];
    const nodeLinks: number[] = [];
    const LEAF = 4;
    const node = (from: number, to: number): number => {
      const index = nodeLinks.length / 2;
      const box = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
      const centres = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
      for (let k = from; k < to; k++) {
        const i = order[k]!;
        for (let a = 0; a < 3; a++) {
          box[a] = Math.min(box[a]!, bounds[i * 6 + a]!);
          box[a + 3] = Math.max(box[a + 3]!, bounds[i * 6 + 3 + a]!);
          centres[a] = Math.min(centres[a]!, centre(i, a));
          centres[a + 3] = Math.max(centres[a + 3]!, centre(i, a));
        }
      }
      nodeBounds.push(...box);
      nodeLinks.push(0, 0);
      if (to - from <= LEAF) {
        // A leaf: the range of `order` it holds, negated so that it cannot be read as a child.
        nodeLinks[index * 2] = -(from + 1);
        nodeLinks[index * 2 + 1] = to - from;
        return index;
      }
      const spans = [0, 1, 2].map((a) => centres[a + 3]! - centres[a]!);
      const axis = spans[0]! >= spans[1]! && spans[0]! >= spans[2]! ? 0 : spans[1]! >= spans[2]! ? 1 : 2;
      const part = Array.from(order.subarray(from, to)).sort((a, b) => centre(a, axis) - centre(b, axis) || a - b);
      order.set(part, from);
      const middle = from + ((to - from) >> 1);
      const left = node(from, middle);
      const right = node(middle, to);
      nodeLinks[index * 2] = left;
      nodeLinks[index * 2 + 1] = right;
      return index;
    };
    if (count > 0) node(0, count);
    this.#nodeBounds = Float64Array.from(nodeBounds);
    this.#nodeLinks = Int32Array.from(nodeLinks);
    this.#order = order;
    this.#bounds = [];
  }

  /**
   * The nearest surface along the ray from `o` in the unit direction `d`, between `near` and
   * `far`, into `hit` (distance Infinity when there is none).
   */
  cast(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, near: number, far: number, hit: RayHit): void {
    if (!this.#built) this.build();
    let best = far;
    let bestTag = -1;
    // Which primitive is the nearest so far: the lower index wins a tie, whatever order the tree visits them in.
    let bestIndex = -1;
    for (const plane of this.#planes) {
      const denominator = plane.normal.x * dx + plane.normal.y * dy + plane.normal.z * dz;
      if (denominator === 0) continue;
      const t = (plane.normal.x * (plane.point.x - ox) + plane.normal.y * (plane.point.y - oy) + plane.normal.z * (plane.point.z - oz)) / denominator;
      if (t >= near && t < best) {
        best = t;
        bestTag = plane.tag;
      }
    }
    if (this.#nodeLinks.length > 0 && this.#entry(0, ox, oy, oz, 1 / dx, 1 / dy, 1 / dz, near, best) <= best) {
      // Reciprocal directions for the slab tests (±Infinity where a component is 0, as they should be).
      const ix = 1 / dx;
      const iy = 1 / dy;
      const iz = 1 / dz;
      const stack = STACK;
      const entries = ENTRIES;
      let top = 0;
      stack[top] = 0;
      entries[top++] = near;
      const links = this.#nodeLinks;
      while (top > 0) {
        top--;
        // A node entered beyond the nearest hit found since it was pushed has nothing nearer.
        if (entries[top]! > best) continue;
        const n = stack[top]!;
        const first = links[n * 2]!;
        if (first < 0) {
          const from = -first - 1;
          const to = from + links[n * 2 + 1]!;
          for (let k = from; k < to; k++) {
            const i = this.#order[k]!;
            const t = this.#intersect(i, ox, oy, oz, dx, dy, dz, near, best);
            if (t < best || (t === best && bestIndex >= 0 && i < bestIndex)) {
              best = t;
              bestTag = this.#tags[i]!;
              bestIndex = i;
            }
          }
          continue;
        }
        // Both children, the nearer visited first, so that a near hit prunes the far side.
        const second = links[n * 2 + 1]!;
        const a = this.#entry(first, ox, oy, oz, ix, iy, iz, near, best);
        const b = this.#entry(second, ox, oy, oz, ix, iy, iz, near, best);
        if (a <= b) {
          if (b <= best) {
            stack[top] = second;
            entries[top++] = b;
          }
          if (a <= best) {
            stack[top] = first;
            entries[top++] = a;
          }
        } else {
          if (a <= best) {
            stack[top] = first;
            entries[top++] = a;
          }
          if (b <= best) {
            stack[top] = second;
            entries[top++] = b;
          }
        }
      }
    }
    hit.distance = bestTag < 0 ? Infinity : best;
    hit.tag = bestTag;
  }

  /** Where the ray enters node `n`'s bounds within [near, far] (near when it starts inside), else Infinity. */
  #entry(n: number, ox: number, oy: number, oz: number, ix: number, iy: number, iz: number, near: number, far: number): number {
    const nodes = this.#nodeBounds;
    const b = n * 6;
    let t0 = near;
    let t1 = far;
    let ta = (nodes[b]! - ox) * ix;
    let tb = (nodes[b + 3]! - ox) * ix;
    // NaN (a zero direction component on a face's plane) compares false: that axis does not cut the range.
    if (ta < tb) {
      if (ta > t0) t0 = ta;
      if (tb < t1) t1 = tb;
    } else {
      if (tb > t0) t0 = tb;
      if (ta < t1) t1 = ta;
    }
    ta = (nodes[b + 1]! - oy) * iy;
    tb = (nodes[b + 4]! - oy) * iy;
    if (ta < tb) {
      if (ta > t0) t0 = ta;
      if (tb < t1) t1 = tb;
    } else {
      if (tb > t0) t0 = tb;
      if (ta < t1) t1 = ta;
    }
    ta = (nodes[b + 2]! - oz) * iz;
    tb = (nodes[b + 5]! - oz) * iz;
    if (ta < tb) {
      if (ta > t0) t0 = ta;
      if (tb < t1) t1 = tb;
    } else {
      if (tb > t0) t0 = tb;
      if (ta < t1) t1 = ta;
    }
    return t0 <= t1 ? t0 : Infinity;
  }

  /** Distance along the ray to primitive `i` within [near, far], else Infinity. */
  #intersect(i: number, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, near: number, far: number): number {
    const p = this.#prims;
    const at = i * STRIDE;
    const kind = this.#kindOf[i]!;
    if (kind === Kind.Triangle) return triangle(p, at, ox, oy, oz, dx, dy, dz, near, far);
    // Into the shape's frame: relative origin, then the rows of world → local.
    const rx = ox - p[at]!;
    const ry = oy - p[at + 1]!;
    const rz = oz - p[at + 2]!;
    const lx = p[at + 3]! * rx + p[at + 4]! * ry + p[at + 5]! * rz;
    const ly = p[at + 6]! * rx + p[at + 7]! * ry + p[at + 8]! * rz;
    const lz = p[at + 9]! * rx + p[at + 10]! * ry + p[at + 11]! * rz;
    const ux = p[at + 3]! * dx + p[at + 4]! * dy + p[at + 5]! * dz;
    const uy = p[at + 6]! * dx + p[at + 7]! * dy + p[at + 8]! * dz;
    const uz = p[at + 9]! * dx + p[at + 10]! * dy + p[at + 11]! * dz;
    switch (kind) {
      case Kind.Sphere:
        return sphere(rx, ry, rz, dx, dy, dz, p[at + 12]!, near, far);
      case Kind.Box:
        return box(lx, ly, lz, ux, uy, uz, p[at + 12]!, p[at + 13]!, p[at + 14]!, near, far);
      case Kind.Cylinder:
        return cylinder(lx, ly, lz, ux, uy, uz, p[at + 12]!, p[at + 13]!, near, far);
      case Kind.Capsule:
        return capsule(lx, ly, lz, ux, uy, uz, p[at + 12]!, p[at + 13]!, near, far);
      default: {
        // An ellipsoid is the unit sphere scaled: scale the ray, and t is unchanged.
        const a = p[at + 12]!;
        const b = p[at + 13]!;
        const c = p[at + 14]!;
        return sphere(lx / a, ly / b, lz / c, ux / a, uy / b, uz / c, 1, near, far);
      }
    }
  }
}

/** The traversal stack (nodes and where the ray enters them): one per thread is enough, as a cast never calls another. */
const STACK = new Int32Array(128);
const ENTRIES = new Float64Array(128);

/** Where the ray enters |o + t·d|² = r² within [near, far] (d need not be unit), else Infinity (from inside too). */
function sphere(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, r: number, near: number, far: number): number {
  const a = dx * dx + dy * dy + dz * dz;
  const b = ox * dx + oy * dy + oz * dz;
  const c = ox * ox + oy * oy + oz * oz - r * r;
  if (c < 0) return Infinity;
  const discriminant = b * b - a * c;
  if (discriminant < 0) return Infinity;
  const t0 = (-b - Math.sqrt(discriminant)) / a;
  return t0 >= near && t0 <= far ? t0 : Infinity;
}

/** A ray against the box [−h, h] in its frame: the slab test. */
function box(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, hx: number, hy: number, hz: number, near: number, far: number): number {
  let t0 = -Infinity;
  let t1 = Infinity;
  if (dx === 0) {
    if (ox < -hx || ox > hx) return Infinity;
  } else {
    const a = (-hx - ox) / dx;
    const b = (hx - ox) / dx;
    t0 = a < b ? a : b;
    t1 = a < b ? b : a;
  }
  if (dy === 0) {
    if (oy < -hy || oy > hy) return Infinity;
  } else {
    const a = (-hy - oy) / dy;
    const b = (hy - oy) / dy;
    const lo = a < b ? a : b;
    const hi = a < b ? b : a;
    if (lo > t0) t0 = lo;
    if (hi < t1) t1 = hi;
  }
  if (dz === 0) {
    if (oz < -hz || oz > hz) return Infinity;
  } else {
    const a = (-hz - oz) / dz;
    const b = (hz - oz) / dz;
    const lo = a < b ? a : b;
    const hi = a < b ? b : a;
    if (lo > t0) t0 = lo;
    if (hi < t1) t1 = hi;
  }
  // From inside (the entry behind the origin), the box is not met.
  if (t0 > t1 || t0 < 0) return Infinity;
  return t0 >= near && t0 <= far ? t0 : Infinity;
}

/** Where the ray enters the side x² + y² = r² (from outside it) within [near, far] and |z| ≤ h, else Infinity. */
function side(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, r: number, h: number, near: number, far: number): number {
  const a = dx * dx + dy * dy;
  if (a === 0) return Infinity;
  const b = ox * dx + oy * dy;
  const c = ox * ox + oy * oy - r * r;
  if (c < 0) return Infinity;
  const discriminant = b * b - a * c;
  if (discriminant < 0) return Infinity;
  const t0 = (-b - Math.sqrt(discriminant)) / a;
  const z0 = oz + t0 * dz;
  return t0 >= near && t0 <= far && z0 >= -h && z0 <= h ? t0 : Infinity;
}

/** Where the ray enters through the cap at z = capZ (from beyond it) inside the disc of radius r, else Infinity. */
function cap(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, r: number, capZ: number, near: number, far: number): number {
  // Entering a cap means coming from its outer side: above the top one, below the bottom one.
  if (dz === 0 || (capZ > 0 ? oz < capZ : oz > capZ)) return Infinity;
  const t = (capZ - oz) / dz;
  const x = ox + t * dx;
  const y = oy + t * dy;
  return t >= near && t <= far && x * x + y * y <= r * r ? t : Infinity;
}

/** A ray against the cylinder x² + y² ≤ r², |z| ≤ h in its frame: its side or a cap, where it enters. */
function cylinder(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, r: number, h: number, near: number, far: number): number {
  if (ox * ox + oy * oy <= r * r && oz >= -h && oz <= h) return Infinity;
  return Math.min(side(ox, oy, oz, dx, dy, dz, r, h, near, far), cap(ox, oy, oz, dx, dy, dz, r, -h, near, far), cap(ox, oy, oz, dx, dy, dz, r, h, near, far));
}

/** A capsule: its cylinder's side and a sphere at each end, where it enters. */
function capsule(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, r: number, h: number, near: number, far: number): number {
  const along = oz < -h ? -h : oz > h ? h : oz;
  if (ox * ox + oy * oy + (oz - along) * (oz - along) <= r * r) return Infinity;
  return Math.min(
    side(ox, oy, oz, dx, dy, dz, r, h, near, far),
    sphere(ox, oy, oz + h, dx, dy, dz, r, near, far),
    sphere(ox, oy, oz - h, dx, dy, dz, r, near, far),
  );
}

/** Möller–Trumbore, both faces seen. */
function triangle(p: Float64Array, at: number, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, near: number, far: number): number {
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
  const tx = ox - p[at]!;
  const ty = oy - p[at + 1]!;
  const tz = oz - p[at + 2]!;
  const u = (tx * px + ty * py + tz * pz) / det;
  if (u < 0 || u > 1) return Infinity;
  const qx = ty * e1z - tz * e1y;
  const qy = tz * e1x - tx * e1z;
  const qz = tx * e1y - ty * e1x;
  const v = (dx * qx + dy * qy + dz * qz) / det;
  if (v < 0 || u + v > 1) return Infinity;
  const t = (e2x * qx + e2y * qy + e2z * qz) / det;
  return t >= near && t <= far ? t : Infinity;
}
