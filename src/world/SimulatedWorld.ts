import { namedStream } from '../base/SeededRandom.js';
import { Kinematics } from './bodies/Kinematics.js';
import { planarBodyOf } from './bodies/planarBodyOf.js';
import type { ClassicServer } from './classic/ClassicRos.js';
import { classicServerSystems } from './classic/classicSystems.js';
import { Disturbances } from './Disturbances.js';
import type { Model, World } from './description/description.js';
import { addCollision } from './geometry/addCollision.js';
import { compose, mulQuat, type Pose, rotate, type Vec3 } from './geometry/pose.js';
import { RAY_LENGTH, type RayHit, RayScene } from './geometry/RayScene.js';
import { GzBus } from './gz/GzBus.js';
import { readMeshFile } from './meshes/meshFile.js';
import type { TriangleMesh } from './meshes/TriangleMesh.js';
import { footprints } from './physics/footprints.js';
import { ObstacleMap } from './physics/ObstacleMap.js';
import { PlanarPhysics } from './physics/PlanarPhysics.js';
import { SimulatedModel } from './SimulatedModel.js';
import { ContactReport } from './systems/ContactReport.js';
import type { GazeboRos2Control } from './systems/GazeboRos2Control.js';
import { GroundTruth } from './systems/GroundTruth.js';
import { systemClass, systemsOf } from './systems/registry.js';
import { WorldClock } from './systems/WorldClock.js';
import type { SystemContext, WorldSystem } from './systems/WorldSystem.js';

export interface WorldOptions {
  /** Absolute sim time of the world's step 0, ns. */
  readonly originNs: bigint;
  readonly seed: number;
  readonly warn: (line: string) => void;
  /** Report contacts as they begin (ContactReport), and true poses at this rate (GroundTruth; 0: not). */
  readonly contacts?: boolean;
  readonly groundTruthHz?: number;
  /** Classic Gazebo's server runs the world: its gazebo_ros plugins' ROS side. */
  readonly classic?: ClassicServer;
}

/** What a ray met: its distance, the collision's name and its laser_retro (the intensity a lidar reads). */
export interface WorldHit {
  distance: number;
  collision: string;
  retro: number;
}

/** A moving model's own geometry for rays, in its body frame. */
interface BodyRays {
  readonly model: SimulatedModel;
  readonly rays: RayScene;
  readonly collisions: readonly { readonly name: string; readonly laserRetro: number }[];
}

/**
 * The world while it runs: its models (static ones as obstacles and ray geometry; moving ones as
 * planar bodies), the physics stepped at the world's fixed step, the systems and sensors around
 * each step, and the world's topics they publish on. Time is a step count from `originNs`;
 * stepping is lazy — the world catches up to a step when someone looks (an output due, a
 * command arriving), which gives exactly what stepping every step as it came would.
 */
export class SimulatedWorld {
  readonly description: World;
  readonly stepNs: number;
  readonly originNs: bigint;
  readonly bus = new GzBus();
  readonly models: SimulatedModel[] = [];
  readonly physics: PlanarPhysics;
  readonly obstacles = new ObstacleMap();
  /** World-level systems the world file loads (Physics, Sensors, Imu, Contact …), by class name. */
  readonly worldSystems: ReadonlySet<string>;
  /** The last step the world has taken. */
  step = 0;
  /** Faults in force: sensors ask at each output, wheels and bodies feel them at each step. */
  readonly disturbances = new Disturbances();
  /** Told after each step, the world at it: checks on the world, those who draw it (sim/WorldView.ts). They only read. */
  readonly stepWatchers: ((step: number) => void)[] = [];
  /** Models with gz_ros2_control's plugin, by name: the joints a program's ros2_control hardware claims. */
  readonly ros2Control = new Map<string, GazeboRos2Control>();
  readonly #systems: WorldSystem[] = [];
  readonly #meshes = new Map<string, TriangleMesh>();
  #staticRays = new RayScene();
  readonly #staticCollisions: { name: string; laserRetro: number }[] = [];
  readonly #staticEntries: { geometry: Model['links'][number]['collisions'][number]['geometry']; pose: Pose; tag: number }[] = [];
  readonly #bodyRays: BodyRays[] = [];
  /** Per model whose wheels a steering joint carries, what moves them as it turns. */
  readonly #steering = new Map<SimulatedModel, (kinematics: Kinematics) => void>();
  /** The ground's height: the highest upward plane among the static models (0 when none). */
  #ground = 0;
  #groundMu = 1;
  #groundMu2 = 1;
  readonly context: SystemContext;

  constructor(description: World, options: WorldOptions) {
    this.description = description;
    this.stepNs = Math.round(description.stepSize * 1e9);
    this.originNs = options.originNs;
    this.physics = new PlanarPhysics(this.obstacles, -description.gravity.z > 0 ? -description.gravity.z : 0);
    this.worldSystems = new Set(description.plugins.map((plugin) => systemClass(plugin.name, plugin.filename)));
    const stepSeconds = this.stepNs / 1e9;
    this.context = {
      world: this,
      bus: this.bus,
      stampNs: (step) => this.originNs + BigInt(step) * BigInt(this.stepNs),
      stepSeconds,
      warn: options.warn,
      random: (name) => namedStream(options.seed, `world/${name}`, 0),
      ...(options.classic === undefined ? {} : { classic: options.classic }),
    };
    this.#systems.push(new WorldClock(this.context), ...classicServerSystems(this.context));
    if (options.contacts === true) this.#systems.push(new ContactReport(this.context));
    if ((options.groundTruthHz ?? 0) > 0) this.#systems.push(new GroundTruth(this.context, options.groundTruthHz!));
    // Static models first: moving ones are placed on the ground they make.
    for (const model of description.models) if (model.static) this.spawn(model);
    for (const model of description.models) if (!model.static) this.spawn(model);
  }

  meshOf = (file: string): TriangleMesh => {
    let mesh = this.#meshes.get(file);
    if (mesh === undefined) {
      mesh = readMeshFile(file);
      this.#meshes.set(file, mesh);
    }
    return mesh;
  };

  /** Adds a model at `pose` (its own by default), with its plugins' systems and its sensors. */
  spawn(description: Model, pose: Pose = description.pose): SimulatedModel {
    if (this.models.some((model) => model.name === description.name)) {
      throw new Error(`the world already has a model named '${description.name}'`);
    }
    let model: SimulatedModel;
    if (description.static) {
      model = new SimulatedModel(description, pose, pose.rotation, null);
      this.#addStatic(model);
    } else {
      const kinematics = new Kinematics(description);
      const parts = planarBodyOf(description, pose, kinematics, this.#ground, this.physics.gravity, this.#groundMu, this.#groundMu2, this.meshOf);
      const { c, s } = parts.body;
      // The tilt the body keeps: the placement's rotation with its yaw taken off.
      const unyaw = { x: 0, y: 0, z: -(s < 0 ? -1 : 1) * Math.sqrt(Math.max(0, (1 - c) / 2)), w: Math.sqrt(Math.max(0, (1 + c) / 2)) };
      const tilt = mulQuat(unyaw, parts.placed.rotation);
      model = new SimulatedModel(description, parts.placed, tilt, parts.body);
      this.physics.add(parts.body);
      this.disturbances.body(
        description.name,
        parts.body,
        parts.body.wheels.map((wheel) => model.kinematics.moving[wheel.joint]!.joint.name),
      );
      if (parts.steer !== null) this.#steering.set(model, parts.steer);
      this.#bodyRays.push({ model, rays: parts.rays, collisions: parts.collisions });
    }
    this.models.push(model);
    for (const system of systemsOf(model, this.context)) this.#systems.push(system);
    return model;
  }

  #addStatic(model: SimulatedModel): void {
    for (const link of model.description.links) {
      const linkPose = compose(model.placed, model.kinematics.linkPose(link.name));
      for (const collision of link.collisions) {
        const pose = compose(linkPose, collision.pose);
        const tag = this.#staticCollisions.length;
        this.#staticCollisions.push({ name: `${model.name}::${link.name}::${collision.name}`, laserRetro: collision.laserRetro });
        this.#staticEntries.push({ geometry: collision.geometry, pose, tag });
        const geometry = collision.geometry;
        if (geometry.kind === 'plane') {
          const normal = rotate(pose.rotation, geometry.normal);
          if (normal.z > 0.99 && (this.#staticEntries.length === 1 || pose.position.z >= this.#ground)) {
            this.#ground = pose.position.z;
            this.#groundMu = collision.friction.mu;
            this.#groundMu2 = collision.friction.mu2;
          }
          continue;
        }
        for (const shape of footprints(geometry, pose, this.meshOf, false)) this.obstacles.add(shape, tag);
      }
    }
    // The static scene is built again with the new model's collisions.
    this.#staticRays = new RayScene();
    for (const entry of this.#staticEntries) addCollision(this.#staticRays, entry.geometry, entry.pose, entry.tag, this.meshOf);
  }

  /** Steps the world until it is at `target` (nothing when it is there or past). */
  advanceTo(target: number): void {
    const dt = this.stepNs / 1e9;
    while (this.step < target) {
      const step = this.step + 1;
      for (const system of this.#systems) system.preUpdate?.(step, dt);
      this.#driveJoints(dt);
      this.disturbances.apply(step);
      this.physics.step(dt);
      this.disturbances.release();
      this.#turnWheels(dt);
      // gz-sim's Physics zeroes every velocity command it applied: a drive commands again each step.
      for (const model of this.models) {
        model.jointCommands.fill(Number.NaN);
        model.body?.velocityCommand.fill(Number.NaN);
      }
      this.step = step;
      for (const system of this.#systems) system.postUpdate?.(step, dt);
      for (const watcher of this.stepWatchers) watcher(step);
    }
  }

  /** The next step after the present one at which something publishes, or null. */
  nextOutputStep(): number | null {
    let next: number | null = null;
    for (const system of this.#systems) {
      const due = system.nextOutput(this.step + 1);
      if (due !== null && (next === null || due < next)) next = due;
    }
    return next;
  }

  /** Publishes what is due at the present step (systems in the order they were made). */
  output(): void {
    for (const system of this.#systems) if (system.nextOutput(this.step) === this.step) system.output(this.step);
  }

  /**
   * Joints asked to move (steering, arms) move at their asked velocity within their limits; wheels are the physics'.
   * Every velocity asked is first clamped to the joint's `<limit><velocity>` (URDF's `<limit
   * velocity>`), as Gazebo's physics clamps it: gz-physics' dartsim reads the limit into DART's
   * velocity limits, a negative one as none (dartsim/src/SDFFeatures.cc, infIfNeg), and sets a
   * JointVelocityCmd as a SERVO command, which DART clips to them (dart/dynamics/detail/GenericJoint.hpp, setCommand).
   */
  #driveJoints(dt: number): void {
    for (const model of this.models) {
      const { kinematics, jointCommands, body } = model;
      let moved = false;
      for (let i = 0; i < kinematics.moving.length; i++) {
        const axis = kinematics.moving[i]!.joint.axis!;
        const asked = jointCommands[i]!;
        const command = axis.velocity < 0 ? asked : Math.min(Math.max(asked, -axis.velocity), axis.velocity);
        const wheel = model.wheelOf[i]!;
        if (wheel >= 0) {
          body!.commands[wheel] = command;
          continue;
        }
        if (Number.isNaN(command)) {
          kinematics.velocities[i] = 0;
          continue;
        }
        const next = Math.min(Math.max(kinematics.positions[i]! + command * dt, axis.lower), axis.upper);
        kinematics.velocities[i] = (next - kinematics.positions[i]!) / dt;
        kinematics.positions[i] = next;
        moved = true;
      }
      if (moved) {
        kinematics.moved();
        this.#steering.get(model)?.(kinematics);
      }
    }
  }

  /** Each wheel turned as the physics says it did. */
  #turnWheels(dt: number): void {
    for (const model of this.models) {
      const body = model.body;
      if (body === null || body.wheels.length === 0) continue;
      const { kinematics } = model;
      for (let w = 0; w < body.wheels.length; w++) {
        const joint = body.wheels[w]!.joint;
        kinematics.velocities[joint] = body.spins[w]!;
        kinematics.positions[joint] = kinematics.positions[joint]! + body.spins[w]! * dt;
      }
      kinematics.moved();
    }
  }

  /**
   * The nearest surface along the unit ray from `o` in direction `d` between `near` and `far`:
   * the static geometry and every moving model's own, as they are now.
   */
  castRay(o: Vec3, d: Vec3, near: number, far: number, into: WorldHit): void {
    const hit = HIT;
    const ray = RAY;
    ray[0] = o.x;
    ray[1] = o.y;
    ray[2] = o.z;
    ray[3] = d.x;
    ray[4] = d.y;
    ray[5] = d.z;
    ray[6] = near;
    ray[7] = far;
    this.#staticRays.cast(ray, hit);
    let distance = hit.distance;
    let name = hit.tag < 0 ? '' : this.#staticCollisions[hit.tag]!.name;
    let retro = hit.tag < 0 ? 0 : this.#staticCollisions[hit.tag]!.laserRetro;
    for (const { model, rays, collisions } of this.#bodyRays) {
      const body = model.body!;
      const dx = o.x - body.x;
      const dy = o.y - body.y;
      // A body the ray passes wide of (in the plane, up to the nearest hit so far) is not cast
      // into: with ten robots, each ray was cast into every one of them. A bound, not a test that
      // decides: the margin keeps a ray that grazes it cast.
      const planar = d.x * d.x + d.y * d.y;
      const along = planar === 0 ? 0 : Math.min(Math.max(-(dx * d.x + dy * d.y) / planar, 0), Math.min(far, distance));
      const px = dx + along * d.x;
      const py = dy + along * d.y;
      const reach = rays.reach * (1 + 1e-9) + 1e-9;
      if (px * px + py * py > reach * reach) continue;
      // The ray in the body's frame (its x, y and yaw undone).
      ray[0] = body.c * dx + body.s * dy;
      ray[1] = -body.s * dx + body.c * dy;
      ray[2] = o.z;
      ray[3] = body.c * d.x + body.s * d.y;
      ray[4] = -body.s * d.x + body.c * d.y;
      ray[5] = d.z;
      ray[7] = Math.min(far, distance);
      rays.cast(ray, hit);
      if (hit.distance < distance) {
        distance = hit.distance;
        name = `${model.name}::${collisions[hit.tag]!.name}`;
        retro = collisions[hit.tag]!.laserRetro;
      }
    }
    into.distance = distance;
    into.collision = name;
    into.retro = retro;
  }

  /** The collision a moving body's shape belongs to, as `model::link::collision`. */
  collisionOf(body: number, shape: number): string {
    const { model, collisions } = this.#bodyRays[body]!;
    return `${model.name}::${collisions[model.body!.shapeOwners[shape]!]!.name}`;
  }

  /** The static collision an obstacle belongs to, as `model::link::collision`. */
  obstacleCollision(obstacle: number): string {
    return this.#staticCollisions[this.obstacles.owners[obstacle]!]!.name;
  }

  model(name: string): SimulatedModel | undefined {
    return this.models.find((model) => model.name === name);
  }
}

const HIT: RayHit = { distance: 0, tag: 0 };
const RAY = new Float64Array(RAY_LENGTH);
