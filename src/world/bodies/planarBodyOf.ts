import type { Model } from '../description/description.js';
import { addCollision } from '../geometry/addCollision.js';
import { compose, conjugate, inverse, type Pose, rotate, type Vec3 } from '../geometry/pose.js';
import { RayScene } from '../geometry/RayScene.js';
import type { TriangleMesh } from '../meshes/TriangleMesh.js';
import { footprints } from '../physics/footprints.js';
import { PlanarBody, type Wheel } from '../physics/PlanarBody.js';
import type { Shape2 } from '../physics/shapes2d.js';
import type { Kinematics } from './Kinematics.js';

/** How close to a model's lowest point a collision must reach to stand on the ground (metres). */
const TOUCH = 0.01;

/** What a moving model is made of in the plane, and what its own geometry is to rays. */
export interface PlanarBodyParts {
  readonly body: PlanarBody;
  /** Its collisions in its body frame (the model's frame at its placement, yaw undone): rays cast there. */
  readonly rays: RayScene;
  /** Per ray tag, the collision it is: `link::collision`, and its laser_retro. */
  readonly collisions: readonly { readonly name: string; readonly laserRetro: number }[];
  /** Its placement, its lowest point resting on the ground. */
  readonly placed: Pose;
  /** Moves and turns the wheels a moving joint carries (a steering joint) to where the joints' positions put them; null when none does. */
  readonly steer: ((kinematics: Kinematics) => void) | null;
}

/**
 * A moving model as a planar body: its collisions' footprints, its wheels (the children of
 * turning joints whose round collision reaches the ground), its mass, centre of mass and
 * inertia about the vertical from the links' inertials, each ground contact's share of the
 * weight from statics. The model is lowered or raised so that its lowest collision rests on the
 * ground (Gazebo drops it there).
 */
export function planarBodyOf(
  model: Model,
  placedAt: Pose,
  kinematics: Kinematics,
  ground: number,
  gravity: number,
  groundMu: number,
  groundMu2: number,
  meshOf: (file: string) => TriangleMesh,
): PlanarBodyParts {
  // Every collision in the world at the placement, to find the lowest point.
  const entries = model.links.flatMap((link) =>
    link.collisions.map((collision) => ({ link, collision, inModel: compose(kinematics.linkPose(link.name), collision.pose) })),
  );
  const lowestOf = (inModel: Pose, index: number): number => {
    const world = compose(placedAt, inModel);
    const shapes = footprints(entries[index]!.collision.geometry, world, meshOf, true);
    return Math.min(...shapes.map((shape) => shape.zMin));
  };
  const lowest = entries.map((entry, index) => lowestOf(entry.inModel, index));
  const bottom = lowest.length === 0 ? ground : Math.min(...lowest);
  const placed: Pose = { position: { ...placedAt.position, z: placedAt.position.z - (bottom - ground) }, rotation: placedAt.rotation };
  const yaw = planarYaw(placed);
  // The body frame: on the ground under the model's frame, turned by its yaw only (its height and tilt stay in the shapes).
  const bodyFrame: Pose = {
    position: { x: placed.position.x, y: placed.position.y, z: 0 },
    rotation: {
      x: 0,
      y: 0,
      z: yaw.s < 0 ? -Math.sqrt(Math.max(0, (1 - yaw.c) / 2)) : Math.sqrt(Math.max(0, (1 - yaw.c) / 2)),
      w: Math.sqrt(Math.max(0, (1 + yaw.c) / 2)),
    },
  };
  const inBody = (inModel: Pose): Pose => compose(inverse(bodyFrame), compose(placed, inModel));

  const shapes: Shape2[] = [];
  const owners: number[] = [];
  const rays = new RayScene();
  const collisions: { name: string; laserRetro: number }[] = [];
  const wheels: Wheel[] = [];
  const supports: { x: number; y: number; wheel: number }[] = [];
  const wheelSpecs: Omit<Wheel, 'load'>[] = [];
  /** Per wheel, what a steering joint moves: its link, its collision there and its axle in the link's frame. */
  const steered: ({ link: string; collision: Pose; axle: Vec3 } | null)[] = [];
  entries.forEach((entry, index) => {
    const pose = inBody(entry.inModel);
    for (const shape of footprints(entry.collision.geometry, pose, meshOf, true)) {
      shapes.push(shape);
      owners.push(index);
    }
    addCollision(rays, entry.collision.geometry, pose, index, meshOf);
    collisions.push({ name: `${entry.link.name}::${entry.collision.name}`, laserRetro: entry.collision.laserRetro });
    if (lowest[index]! - bottom > TOUCH) return;
    const geometry = entry.collision.geometry;
    if (geometry.kind !== 'cylinder' && geometry.kind !== 'sphere') return;
    const joint = model.joints.find((j) => j.child === entry.link.name && (j.type === 'revolute' || j.type === 'continuous'));
    const index_ = joint === undefined ? undefined : kinematics.indexOf(joint.name);
    if (joint === undefined || index_ === undefined || joint.axis === null) {
      supports.push({ x: pose.position.x, y: pose.position.y, wheel: -1 });
      return;
    }
    const axisBody = toBodyDirection(rotate(placed.rotation, joint.axis.xyz), yaw);
    const horizontal = Math.sqrt(axisBody.x * axisBody.x + axisBody.y * axisBody.y);
    if (horizontal < 1e-6) {
      supports.push({ x: pose.position.x, y: pose.position.y, wheel: -1 });
      return;
    }
    supports.push({ x: pose.position.x, y: pose.position.y, wheel: wheelSpecs.length });
    const ax = axisBody.x / horizontal;
    const ay = axisBody.y / horizontal;
    const friction = entry.collision.friction;
    wheelSpecs.push({
      joint: index_,
      radius: geometry.radius,
      x: pose.position.x,
      y: pose.position.y,
      ax,
      ay,
      mu: Math.min(friction.mu, groundMu),
      ...directionOf(friction.fdir1, entry.link.pose, placed, yaw, ax, ay, Math.min(friction.mu2, groundMu2)),
    });
    const link = entry.link;
    steered.push(
      carried(model, joint.parent, kinematics)
        ? { link: link.name, collision: entry.collision.pose, axle: rotate(conjugate(link.pose.rotation), joint.axis.xyz) }
        : null,
    );
  });

  const mass = massOf(model, (link) => inBody(kinematics.linkPose(link)));
  const loads = shares(supports, mass.mass * gravity, mass.x, mass.y);
  supports.forEach((support, i) => {
    if (support.wheel >= 0) wheels.push({ ...wheelSpecs[support.wheel]!, load: loads[i]! });
  });
  const body = new PlanarBody({
    name: model.name,
    mass: mass.mass,
    inertia: mass.inertia,
    comX: mass.x,
    comY: mass.y,
    shapes,
    shapeOwners: owners,
    wheels,
    groundMu,
    x: placed.position.x,
    y: placed.position.y,
    yaw,
  });
  const steer = (kinematics: Kinematics): void => {
    steered.forEach((wheel, w) => {
      if (wheel === null) return;
      const linkPose = kinematics.linkPose(wheel.link);
      const at = inBody(compose(linkPose, wheel.collision)).position;
      const axle = toBodyDirection(rotate(placed.rotation, rotate(linkPose.rotation, wheel.axle)), yaw);
      const horizontal = Math.sqrt(axle.x * axle.x + axle.y * axle.y);
      if (horizontal < 1e-6) return;
      const moved = body.wheels[w]!;
      moved.x = at.x;
      moved.y = at.y;
      moved.ax = axle.x / horizontal;
      moved.ay = axle.y / horizontal;
    });
  };
  return { body, rays, collisions, placed, steer: steered.some((wheel) => wheel !== null) ? steer : null };
}

/**
 * A wheel's first friction direction (its link's at rest, in the body's frame, made horizontal)
 * as its parts along the way the wheel rolls (axle × up) and along its axle; nothing where it has
 * none or it stands upright (DART then picks one of its own).
 */
function directionOf(
  fdir1: Vec3 | null,
  link: Pose,
  placed: Pose,
  yaw: { c: number; s: number },
  ax: number,
  ay: number,
  mu2: number,
): { direction?: Wheel['direction'] } {
  if (fdir1 === null) return {};
  const f = toBodyDirection(rotate(placed.rotation, rotate(link.rotation, fdir1)), yaw);
  const horizontal = Math.sqrt(f.x * f.x + f.y * f.y);
  if (horizontal < 1e-6) return {};
  const fx = f.x / horizontal;
  const fy = f.y / horizontal;
  return { direction: { roll: fx * ay - fy * ax, axle: fx * ax + fy * ay, mu2 } };
}

/** Whether a joint that moves (one with a position, not the wheel's own) carries the link: its own or an ancestor's. */
function carried(model: Model, link: string, kinematics: Kinematics): boolean {
  for (let joint = model.joints.find((j) => j.child === link); joint !== undefined; joint = model.joints.find((j) => j.child === joint!.parent)) {
    if (kinematics.indexOf(joint.name) !== undefined) return true;
  }
  return false;
}

/** The yaw of a placement as cosine and sine (of its x axis in the plane). */
export function planarYaw(pose: Pose): { c: number; s: number } {
  const x = rotate(pose.rotation, { x: 1, y: 0, z: 0 });
  const n = Math.sqrt(x.x * x.x + x.y * x.y);
  return n === 0 ? { c: 1, s: 0 } : { c: x.x / n, s: x.y / n };
}

function toBodyDirection(v: Vec3, yaw: { c: number; s: number }): Vec3 {
  return { x: yaw.c * v.x + yaw.s * v.y, y: -yaw.s * v.x + yaw.c * v.y, z: v.z };
}

/** Total mass, centre of mass (x, y in the body frame) and inertia about the vertical through it. */
function massOf(model: Model, linkInBody: (link: string) => Pose): { mass: number; x: number; y: number; inertia: number } {
  let mass = 0;
  let mx = 0;
  let my = 0;
  const parts: { m: number; x: number; y: number; izz: number }[] = [];
  for (const link of model.links) {
    const inertial = link.inertial;
    if (inertial === null || inertial.mass <= 0) continue;
    const pose = compose(linkInBody(link.name), inertial.pose);
    // The vertical's inertia through the link's centre: the tensor turned into the body frame, its zz.
    const ex = rotate(pose.rotation, { x: 1, y: 0, z: 0 });
    const ey = rotate(pose.rotation, { x: 0, y: 1, z: 0 });
    const ez = rotate(pose.rotation, { x: 0, y: 0, z: 1 });
    const rz = [ex.z, ey.z, ez.z];
    const I = [
      [inertial.ixx, inertial.ixy, inertial.ixz],
      [inertial.ixy, inertial.iyy, inertial.iyz],
      [inertial.ixz, inertial.iyz, inertial.izz],
    ];
    let izz = 0;
    for (let k = 0; k < 3; k++) for (let l = 0; l < 3; l++) izz += rz[k]! * I[k]![l]! * rz[l]!;
    parts.push({ m: inertial.mass, x: pose.position.x, y: pose.position.y, izz });
    mass += inertial.mass;
    mx += inertial.mass * pose.position.x;
    my += inertial.mass * pose.position.y;
  }
  // A model without mass (every link's is zero): a kilogram, so that it can be pushed and driven.
  if (mass <= 0) return { mass: 1, x: 0, y: 0, inertia: 0.1 };
  const cx = mx / mass;
  const cy = my / mass;
  let inertia = 0;
  for (const part of parts) inertia += part.izz + part.m * ((part.x - cx) * (part.x - cx) + (part.y - cy) * (part.y - cy));
  return { mass, x: cx, y: cy, inertia: inertia > 0 ? inertia : 1e-3 * mass };
}

/**
 * The weight each ground contact carries: the smallest loads (least squares) that balance the
 * weight and its moments about the centre of mass, negative shares cut to 0 and the rest scaled
 * back to the weight; equal shares where the contacts cannot balance it (fewer than three, or in a line).
 */
function shares(points: readonly { x: number; y: number }[], weight: number, cx: number, cy: number): number[] {
  const n = points.length;
  if (n === 0) return [];
  const equal = points.map(() => weight / n);
  if (n < 3) return equal;
  // A N = b with rows (1, x_i, y_i); N = Aᵀ (A Aᵀ)⁻¹ b.
  const rows = [points.map(() => 1), points.map((p) => p.x), points.map((p) => p.y)];
  const M = rows.map((a) => rows.map((b) => a.reduce((sum, v, i) => sum + v * b[i]!, 0)));
  const inv = inverse3(M);
  if (inv === null) return equal;
  const b = [weight, weight * cx, weight * cy];
  const z = inv.map((row) => row[0]! * b[0]! + row[1]! * b[1]! + row[2]! * b[2]!);
  const loads = points.map((_, i) => Math.max(0, rows[0]![i]! * z[0]! + rows[1]![i]! * z[1]! + rows[2]![i]! * z[2]!));
  const total = loads.reduce((sum, v) => sum + v, 0);
  return total <= 0 ? equal : loads.map((load) => (load * weight) / total);
}

function inverse3(m: number[][]): number[][] | null {
  const [a, b, c] = m[0]!;
  const [d, e, f] = m[1]!;
  const [g, h, i] = m[2]!;
  const A = e! * i! - f! * h!;
  const B = -(d! * i! - f! * g!);
  const C = d! * h! - e! * g!;
  const det = a! * A + b! * B + c! * C;
  if (Math.abs(det) < 1e-12) return null;
  return [
    [A / det, -(b! * i! - c! * h!) / det, (b! * f! - c! * e!) / det],
    [B / det, (a! * i! - c! * g!) / det, -(a! * f! - c! * d!) / det],
    [C / det, -(a! * h! - b! * g!) / det, (a! * e! - b! * d!) / det],
  ];
}
