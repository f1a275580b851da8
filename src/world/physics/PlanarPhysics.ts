import { type Contact2, contact2 } from './contact2d.js';
import type { ObstacleMap } from './ObstacleMap.js';
import type { PlanarBody, Wheel } from './PlanarBody.js';
import type { Shape2 } from './shapes2d.js';

/** One contact of a step: a body's shape against an obstacle or another body's shape. */
export interface StepContact {
  readonly body: number;
  readonly shape: number;
  /** Another body's index, or -1 for an obstacle. */
  readonly other: number;
  /** The obstacle's index (other = -1) or the other body's shape. */
  readonly otherShape: number;
  readonly contact: Contact2;
  readonly mu: number;
}

/** Velocity iterations per step: enough for a robot pressed into a corner to come to rest. */
const ITERATIONS = 10;
/** Positional correction: this share of the overlap beyond SLOP is undone each step. */
const CORRECTION = 0.2;
const SLOP = 0.0005;
/** Impulses (N·s) below which a round of the solver counts as settled. */
const SETTLED = 1e-12;
/** Obstacles this low are floor, not walls (metres above a shape's bottom). */
const FLOOR = 0.005;

/**
 * Ground vehicles' dynamics in the plane, stepped at a fixed step: bodies (PlanarBody) on the
 * ground, driven by their wheels' grip, colliding with the fixed obstacles and each other. One
 * step: contacts found; ten rounds of sequential impulses over each body's wheel constraints
 * (along the wheel: the surface speed its drive asks; across it: no side slip; each within the
 * wheel's friction times its load), or its ground friction where no wheel carries it, then the
 * contacts (no approach, Coulomb friction); velocities integrated; overlap corrected. Everything
 * is `+ - * /` and Math.sqrt in a fixed order: the same bits on every CPU.
 */
export class PlanarPhysics {
  readonly bodies: PlanarBody[] = [];
  readonly obstacles: ObstacleMap;
  readonly gravity: number;
  /** The contacts of the last step, in the order they were solved. */
  readonly contacts: StepContact[] = [];
  readonly #near: number[] = [];
  /** Per body, the bounds of its placed shapes: minX, minY, maxX, maxY. */
  #extents = new Float64Array(0);
  /** Per body, its shapes placed in the world and their bounds (refreshed each step), and its solver's sums. */
  readonly #placed: Placed[] = [];
  // Per contact, accumulated normal and friction impulses (reset each step).
  #normal: number[] = [];
  #friction: number[] = [];

  /** Per contact of the last step (as `contacts`), the normal impulse its solver settled on and the friction one along the normal turned left, N·s. */
  get normalImpulses(): readonly number[] {
    return this.#normal;
  }

  get frictionImpulses(): readonly number[] {
    return this.#friction;
  }

  constructor(obstacles: ObstacleMap, gravity: number) {
    this.obstacles = obstacles;
    this.gravity = gravity;
  }

  add(body: PlanarBody): number {
    this.bodies.push(body);
    this.#extents = new Float64Array(this.bodies.length * 4);
    this.#placed.push({
      shapes: body.shapes.map((shape) => placedCopy(shape)),
      bounds: new Float64Array(body.shapes.length * 4),
      reach: body.shapes.map(reachOf),
      centres: new Float64Array(body.shapes.length * 2),
      traction: new Float64Array(body.wheels.length * 2),
      slide: new Float64Array(3),
    });
    return this.bodies.length - 1;
  }

  step(dt: number): void {
    const bodies = this.bodies;
    for (let i = 0; i < bodies.length; i++) {
      const body = bodies[i]!;
      body.lastVx = body.vx;
      body.lastVy = body.vy;
      body.lastW = body.w;
      commandVelocity(body);
      place(body, this.#placed[i]!);
    }
    this.#findContacts();
    const contacts = this.contacts;
    this.#normal = new Array<number>(contacts.length).fill(0);
    this.#friction = new Array<number>(contacts.length).fill(0);
    for (const placed of this.#placed) {
      placed.traction.fill(0);
      placed.slide.fill(0);
    }
    for (let round = 0; round < ITERATIONS; round++) {
      let largest = 0;
      for (let b = 0; b < bodies.length; b++) {
        const body = bodies[b]!;
        const commanded = !Number.isNaN(body.velocityCommand[0]!);
        const change = commanded
          ? 0
          : body.wheels.length > 0
            ? wheels(body, this.#placed[b]!.traction, dt)
            : groundFriction(body, this.#placed[b]!.slide, this.gravity, dt);
        if (change > largest) largest = change;
      }
      for (let k = 0; k < contacts.length; k++) {
        const change = this.#solveContact(k);
        if (change > largest) largest = change;
      }
      // A round that changed no impulse by more than this has nothing left to settle.
      if (largest < SETTLED) break;
    }
    for (const body of bodies) {
      for (let i = 0; i < body.wheels.length; i++) {
        const wheel = body.wheels[i]!;
        const command = body.commands[i]!;
        // A driven wheel turns as its drive asks, slipping or not; a free one as the ground turns it.
        body.spins[i] = Number.isNaN(command) ? rolling(body, wheel) / wheel.radius : command;
      }
      integrate(body, dt);
    }
    this.#correct();
  }

  #findContacts(): void {
    const contacts = this.contacts;
    contacts.length = 0;
    const bodies = this.bodies;
    const extents = this.#extents;
    for (let b = 0; b < bodies.length; b++) extentOf(this.#placed[b]!.bounds, extents, b);
    const obstacleBounds = this.obstacles.bounds;
    for (let b = 0; b < bodies.length; b++) {
      const { shapes, bounds, centres, reach } = this.#placed[b]!;
      const e = b * 4;
      this.obstacles.near(extents[e]!, extents[e + 1]!, extents[e + 2]!, extents[e + 3]!, this.#near);
      for (let s = 0; s < shapes.length && this.#near.length > 0; s++) {
        const shape = shapes[s]!;
        const k = s * 4;
        for (const o of this.#near) {
          const ob = o * 4;
          if (
            obstacleBounds[ob]! > bounds[k + 2]! ||
            obstacleBounds[ob + 2]! < bounds[k]! ||
            obstacleBounds[ob + 1]! > bounds[k + 3]! ||
            obstacleBounds[ob + 3]! < bounds[k + 1]!
          )
            continue;
          const obstacle = this.obstacles.shapes[o]!;
          if (!overlapsInHeight(shape, obstacle)) continue;
          // A long wall's bounds hold much of a room: its distance to the shape's reach rules it out first.
          if (!withinReach(obstacle, centres[s * 2]!, centres[s * 2 + 1]!, reach[s]!.radius)) continue;
          const found = contact2(shape, obstacle);
          if (found !== null) contacts.push({ body: b, shape: s, other: -1, otherShape: o, contact: found, mu: 1 });
        }
      }
      for (let other = b + 1; other < bodies.length; other++) {
        const f = other * 4;
        if (extents[f]! > extents[e + 2]! || extents[f + 2]! < extents[e]! || extents[f + 1]! > extents[e + 3]! || extents[f + 3]! < extents[e + 1]!) continue;
        const theirs = this.#placed[other]!.shapes;
        for (let s = 0; s < shapes.length; s++) {
          for (let t = 0; t < theirs.length; t++) {
            if (!overlapsInHeight(shapes[s]!, theirs[t]!)) continue;
            const found = contact2(shapes[s]!, theirs[t]!);
            if (found !== null) contacts.push({ body: b, shape: s, other, otherShape: t, contact: found, mu: 1 });
          }
        }
      }
    }
  }

  /** One contact's impulses: the normal one (no approach), then friction within mu times it; the largest change. */
  #solveContact(k: number): number {
    let largest = 0;
    const { body: b, other, contact, mu } = this.contacts[k]!;
    const a = this.bodies[b]!;
    const o = other < 0 ? null : this.bodies[other]!;
    const { nx, ny, x, y } = contact;
    const rax = x - a.cx;
    const ray = y - a.cy;
    const rbx = o === null ? 0 : x - o.cx;
    const rby = o === null ? 0 : y - o.cy;
    const vax = a.vx - a.w * ray;
    const vay = a.vy + a.w * rax;
    const vbx = o === null ? 0 : o.vx - o.w * rby;
    const vby = o === null ? 0 : o.vy + o.w * rbx;
    const rvx = vax - vbx;
    const rvy = vay - vby;
    const kNormal = massAlong(a, rax, ray, nx, ny) + (o === null ? 0 : massAlong(o, rbx, rby, nx, ny));
    if (kNormal > 0) {
      const vn = rvx * nx + rvy * ny;
      const before = this.#normal[k]!;
      const after = Math.max(before - vn / kNormal, 0);
      const impulse = after - before;
      this.#normal[k] = after;
      largest = Math.abs(impulse);
      push(a, rax, ray, nx * impulse, ny * impulse);
      if (o !== null) push(o, rbx, rby, -nx * impulse, -ny * impulse);
    }
    const tx = -ny;
    const ty = nx;
    const kTangent = massAlong(a, rax, ray, tx, ty) + (o === null ? 0 : massAlong(o, rbx, rby, tx, ty));
    if (kTangent > 0) {
      const vax2 = a.vx - a.w * ray;
      const vay2 = a.vy + a.w * rax;
      const vbx2 = o === null ? 0 : o.vx - o.w * rby;
      const vby2 = o === null ? 0 : o.vy + o.w * rbx;
      const vt = (vax2 - vbx2) * tx + (vay2 - vby2) * ty;
      const limit = mu * this.#normal[k]!;
      const before = this.#friction[k]!;
      const after = clamp(before - vt / kTangent, -limit, limit);
      const impulse = after - before;
      this.#friction[k] = after;
      largest = Math.max(largest, Math.abs(impulse));
      push(a, rax, ray, tx * impulse, ty * impulse);
      if (o !== null) push(o, rbx, rby, -tx * impulse, -ty * impulse);
    }
    return largest;
  }

  /** Moves overlapping bodies apart by a share of what overlap the step left, split by inverse mass. */
  #correct(): void {
    for (const { body: b, other, contact } of this.contacts) {
      const excess = contact.depth - SLOP;
      if (excess <= 0) continue;
      const a = this.bodies[b]!;
      const o = other < 0 ? null : this.bodies[other]!;
      const wa = 1 / a.mass;
      const wb = o === null ? 0 : 1 / o.mass;
      const share = (CORRECTION * excess) / (wa + wb);
      a.x += contact.nx * share * wa;
      a.y += contact.ny * share * wa;
      if (o !== null) {
        o.x -= contact.nx * share * wb;
        o.y -= contact.ny * share * wb;
      }
    }
  }
}

function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/** 1/m + (r × n)²/I: how much a unit impulse along n at r changes the velocity along n. */
function massAlong(body: PlanarBody, rx: number, ry: number, nx: number, ny: number): number {
  const cross = rx * ny - ry * nx;
  return 1 / body.mass + (cross * cross) / body.inertia;
}

/** Applies the impulse (px, py) at r from the centre of mass. */
function push(body: PlanarBody, rx: number, ry: number, px: number, py: number): void {
  body.vx += px / body.mass;
  body.vy += py / body.mass;
  body.w += (rx * py - ry * px) / body.inertia;
}

/** A velocity given outright: its frame origin's (in its own frame) and its turning rate, as its centre of mass's. */
function commandVelocity(body: PlanarBody): void {
  const command = body.velocityCommand;
  if (Number.isNaN(command[0]!)) return;
  const { c, s } = body;
  const w = command[2]!;
  // The origin's velocity in the world, then the centre of mass's: v + ω × r.
  const vx = c * command[0]! - s * command[1]!;
  const vy = s * command[0]! + c * command[1]!;
  const rx = c * body.comX - s * body.comY;
  const ry = s * body.comX + c * body.comY;
  body.vx = vx - w * ry;
  body.vy = vy + w * rx;
  body.w = w;
}

/** Wheel constraints, accumulated in `acc` (along, across per wheel); the largest change of an impulse. */
function wheels(body: PlanarBody, acc: Float64Array, dt: number): number {
  const { c, s } = body;
  let largest = 0;
  for (let i = 0; i < body.wheels.length; i++) {
    const wheel = body.wheels[i]!;
    // The contact point and the wheel's directions in the world.
    const px = body.x + c * wheel.x - s * wheel.y;
    const py = body.y + s * wheel.x + c * wheel.y;
    const rx = px - body.cx;
    const ry = py - body.cy;
    const ax = c * wheel.ax - s * wheel.ay;
    const ay = s * wheel.ax + c * wheel.ay;
    // It rolls along axis × up: a positive turn of the joint drives that way.
    const dx = ay;
    const dy = -ax;
    const limit = wheel.mu * wheel.load * dt;
    const command = body.commands[i]!;
    if (wheel.direction !== undefined) {
      largest = Math.max(largest, directed(body, wheel, wheel.direction, command, acc, i, rx, ry, ax, ay, dt));
      continue;
    }
    if (!Number.isNaN(command)) {
      const v = body.vx - body.w * ry;
      const u = body.vy + body.w * rx;
      const error = v * dx + u * dy - command * wheel.radius * body.grip[i]!;
      const before = acc[i * 2]!;
      const after = clamp(before - error / massAlong(body, rx, ry, dx, dy), -limit, limit);
      acc[i * 2] = after;
      largest = Math.max(largest, Math.abs(after - before));
      push(body, rx, ry, dx * (after - before), dy * (after - before));
    }
    const v = body.vx - body.w * ry;
    const u = body.vy + body.w * rx;
    const slip = v * ax + u * ay;
    const before = acc[i * 2 + 1]!;
    const after = clamp(before - slip / massAlong(body, rx, ry, ax, ay), -limit, limit);
    acc[i * 2 + 1] = after;
    largest = Math.max(largest, Math.abs(after - before));
    push(body, rx, ry, ax * (after - before), ay * (after - before));
  }
  return largest;
}

/**
 * A wheel with a first friction direction (gz-physics' DART: mu along it, mu2 across it). Driven,
 * the ground holds its slip — the contact's velocity less the surface speed its drive asks — to
 * nothing along each direction within that direction's friction; free, its spin takes up the slip
 * the way it rolls, and the ground pushes only along its axle, as hard as the two frictions
 * allow there together. Impulses accumulate in `acc` (first, second per wheel); the largest change.
 */
function directed(
  body: PlanarBody,
  wheel: Wheel,
  direction: NonNullable<Wheel['direction']>,
  command: number,
  acc: Float64Array,
  i: number,
  rx: number,
  ry: number,
  ax: number,
  ay: number,
  dt: number,
): number {
  const { roll, axle, mu2 } = direction;
  const load = wheel.load * dt;
  // It rolls along axis × up; the first direction from its parts along that and the axle, the second that turned left.
  const dx = ay;
  const dy = -ax;
  const f1x = roll * dx + axle * ax;
  const f1y = roll * dy + axle * ay;
  if (!Number.isNaN(command)) {
    const surface = command * wheel.radius;
    const first = hold(body, acc, i * 2, rx, ry, f1x, f1y, surface * roll, wheel.mu * load);
    return Math.max(first, hold(body, acc, i * 2 + 1, rx, ry, -f1y, f1x, -surface * axle, mu2 * load));
  }
  const alongAxle = axle === 0 ? Infinity : wheel.mu / Math.abs(axle);
  const acrossAxle = roll === 0 ? Infinity : mu2 / Math.abs(roll);
  return hold(body, acc, i * 2 + 1, rx, ry, ax, ay, 0, load * Math.min(alongAxle, acrossAxle));
}

/** The contact's velocity along the unit (nx, ny) brought to `target` by an impulse accumulated in acc[k] within ±limit; its change. */
function hold(body: PlanarBody, acc: Float64Array, k: number, rx: number, ry: number, nx: number, ny: number, target: number, limit: number): number {
  const v = (body.vx - body.w * ry) * nx + (body.vy + body.w * rx) * ny;
  const before = acc[k]!;
  const after = clamp(before - (v - target) / massAlong(body, rx, ry, nx, ny), -limit, limit);
  acc[k] = after;
  push(body, rx, ry, nx * (after - before), ny * (after - before));
  return Math.abs(after - before);
}

/** Sliding and turning friction with the ground, for a body no wheel carries: within mu·m·g; the largest change. */
function groundFriction(body: PlanarBody, acc: Float64Array, gravity: number, dt: number): number {
  const limit = body.groundMu * body.mass * gravity * dt;
  if (limit <= 0) return 0;
  const px = -body.vx * body.mass;
  const py = -body.vy * body.mass;
  const wantX = acc[0]! + px;
  const wantY = acc[1]! + py;
  const size = Math.sqrt(wantX * wantX + wantY * wantY);
  const k = size > limit ? limit / size : 1;
  const nextX = wantX * k;
  const nextY = wantY * k;
  const slid = Math.max(Math.abs(nextX - acc[0]!), Math.abs(nextY - acc[1]!));
  body.vx += (nextX - acc[0]!) / body.mass;
  body.vy += (nextY - acc[1]!) / body.mass;
  acc[0] = nextX;
  acc[1] = nextY;
  // Turning friction: the same force acting about a lever of the body's reach (sqrt(I/m)).
  const turnLimit = limit * Math.sqrt(body.inertia / body.mass);
  const next = clamp(acc[2]! - body.w * body.inertia, -turnLimit, turnLimit);
  const largest = Math.max(slid, Math.abs(next - acc[2]!));
  body.w += (next - acc[2]!) / body.inertia;
  acc[2] = next;
  return largest;
}

/** How fast the ground moves under a wheel along its rolling direction. */
function rolling(body: PlanarBody, wheel: { x: number; y: number; ax: number; ay: number }): number {
  const { c, s } = body;
  const px = body.x + c * wheel.x - s * wheel.y;
  const py = body.y + s * wheel.x + c * wheel.y;
  const rx = px - body.cx;
  const ry = py - body.cy;
  const ax = c * wheel.ax - s * wheel.ay;
  const ay = s * wheel.ax + c * wheel.ay;
  return (body.vx - body.w * ry) * ay - (body.vy + body.w * rx) * ax;
}

/** Moves the body by its velocity over dt: the centre of mass in a line, the frame turned about it. */
function integrate(body: PlanarBody, dt: number): void {
  const cx = body.cx + body.vx * dt;
  const cy = body.cy + body.vy * dt;
  const a = body.w * dt;
  if (a !== 0) {
    // cos and sin of a small turn by their series (|a| is well under 0.1 rad at any sane rate),
    // then the rotation renormalized: exact arithmetic, no CPU's libm.
    const a2 = a * a;
    const ca = 1 - (a2 / 2) * (1 - a2 / 12);
    const sa = a * (1 - (a2 / 6) * (1 - a2 / 20));
    const c = body.c * ca - body.s * sa;
    const s = body.s * ca + body.c * sa;
    const n = Math.sqrt(c * c + s * s);
    body.c = c / n;
    body.s = s / n;
  }
  body.x = cx - (body.c * body.comX - body.s * body.comY);
  body.y = cy - (body.s * body.comX + body.c * body.comY);
}

/** Whether two shapes' height ranges overlap, floor-level obstacles aside. */
function overlapsInHeight(shape: Shape2, obstacle: Shape2): boolean {
  return obstacle.zMax > shape.zMin + FLOOR && obstacle.zMin < shape.zMax;
}

/** A shape's copy with room for its world placement. */
function placedCopy(shape: Shape2): Shape2 {
  return shape.kind === 'circle' ? { ...shape } : { ...shape, points: new Float64Array(shape.points.length) };
}

/** Each shape of the body placed in the world at its present pose, with its bounds and the centre of its reach. */
function place(body: PlanarBody, placed: Placed): void {
  const { x, y, c, s } = body;
  const { bounds, centres, reach } = placed;
  for (let i = 0; i < body.shapes.length; i++) {
    const shape = body.shapes[i]!;
    const k = i * 4;
    const centre = reach[i]!;
    centres[i * 2] = x + c * centre.x - s * centre.y;
    centres[i * 2 + 1] = y + s * centre.x + c * centre.y;
    if (shape.kind === 'circle') {
      const out = placed.shapes[i] as { x: number; y: number };
      out.x = x + c * shape.x - s * shape.y;
      out.y = y + s * shape.x + c * shape.y;
      bounds[k] = out.x - shape.radius;
      bounds[k + 1] = out.y - shape.radius;
      bounds[k + 2] = out.x + shape.radius;
      bounds[k + 3] = out.y + shape.radius;
    } else {
      const p = shape.points;
      const out = (placed.shapes[i] as { points: Float64Array }).points;
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      for (let n = 0; n < p.length; n += 2) {
        const px = x + c * p[n]! - s * p[n + 1]!;
        const py = y + s * p[n]! + c * p[n + 1]!;
        out[n] = px;
        out[n + 1] = py;
        if (px < minX) minX = px;
        if (px > maxX) maxX = px;
        if (py < minY) minY = py;
        if (py > maxY) maxY = py;
      }
      bounds[k] = minX;
      bounds[k + 1] = minY;
      bounds[k + 2] = maxX;
      bounds[k + 3] = maxY;
    }
  }
}

/** The bounds of a body's placed shapes (from theirs) into `out` at body `b`. */
function extentOf(bounds: Float64Array, out: Float64Array, b: number): void {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let k = 0; k < bounds.length; k += 4) {
    if (bounds[k]! < minX) minX = bounds[k]!;
    if (bounds[k + 1]! < minY) minY = bounds[k + 1]!;
    if (bounds[k + 2]! > maxX) maxX = bounds[k + 2]!;
    if (bounds[k + 3]! > maxY) maxY = bounds[k + 3]!;
  }
  out[b * 4] = minX;
  out[b * 4 + 1] = minY;
  out[b * 4 + 2] = maxX;
  out[b * 4 + 3] = maxY;
}

/** A body's shapes placed in the world, and what its solver sums up in a step. */
interface Placed {
  readonly shapes: Shape2[];
  /** Per shape: minX, minY, maxX, maxY. */
  readonly bounds: Float64Array;
  /** Per shape, the circle that holds it, in the body's frame. */
  readonly reach: readonly { x: number; y: number; radius: number }[];
  /** Per shape, that circle's centre placed in the world. */
  readonly centres: Float64Array;
  readonly traction: Float64Array;
  readonly slide: Float64Array;
}

/** The circle about a shape's centre (its points' mean) that holds it. */
function reachOf(shape: Shape2): { x: number; y: number; radius: number } {
  if (shape.kind === 'circle') return { x: shape.x, y: shape.y, radius: shape.radius };
  const p = shape.points;
  const n = p.length / 2;
  let x = 0;
  let y = 0;
  for (let i = 0; i < p.length; i += 2) {
    x += p[i]!;
    y += p[i + 1]!;
  }
  x /= n;
  y /= n;
  let radius = 0;
  for (let i = 0; i < p.length; i += 2) radius = Math.max(radius, Math.sqrt((p[i]! - x) * (p[i]! - x) + (p[i + 1]! - y) * (p[i + 1]! - y)));
  return { x, y, radius };
}

/** Whether an obstacle comes within `radius` of (x, y): a circle's edge, a polygon's (or segment's) nearest point. */
function withinReach(obstacle: Shape2, x: number, y: number, radius: number): boolean {
  if (obstacle.kind === 'circle') {
    const dx = obstacle.x - x;
    const dy = obstacle.y - y;
    const r = radius + obstacle.radius;
    return dx * dx + dy * dy <= r * r;
  }
  const p = obstacle.points;
  const n = p.length / 2;
  const edges = n === 2 ? 1 : n;
  const r2 = radius * radius;
  let inside = n > 2;
  for (let i = 0; i < edges; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const x0 = p[i * 2]!;
    const y0 = p[i * 2 + 1]!;
    const ex = p[j * 2]! - x0;
    const ey = p[j * 2 + 1]! - y0;
    // Counter-clockwise: a point right of any edge is outside.
    if (ex * (y - y0) - ey * (x - x0) < 0) inside = false;
    const lengthSquared = ex * ex + ey * ey;
    let t = lengthSquared === 0 ? 0 : ((x - x0) * ex + (y - y0) * ey) / lengthSquared;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const dx = x0 + t * ex - x;
    const dy = y0 + t * ey - y;
    if (dx * dx + dy * dy <= r2) return true;
  }
  return inside;
}
