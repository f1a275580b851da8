import { cos, sin } from '../../base/portableMath.js';
import type { Plugin } from '../description/description.js';
import { SdfValues } from '../description/sdfValues.js';
import type { GzTwist } from '../gz/messages.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import { type DriveOdometry, driveOdometryOf, jointsNamed, odometryHeard, publishOdometry, speedLimitsOf } from './driveOdometry.js';
import { RollingMean } from './RollingMean.js';
import { limitSpeed, type SpeedLimits } from './SpeedLimiter.js';
import type { SystemContext, WorldSystem } from './WorldSystem.js';

/**
 * gz-sim's MecanumDrive (systems/mecanum_drive/MecanumDrive.cc): the last Twist on its topic
 * (linear x and y, angular z; held, no timeout), each limited after each step by its speed
 * limiters (the linear one for x and y), turned into the four wheels' velocities (x ∓ y ∓ the
 * turn times half of `wheel_separation` plus `wheelbase`, over `wheel_radius`), commanded at the
 * next step. The wheels move the robot sideways only through their rollers: each wheel's
 * collision needs its first friction direction (`<fdir1>`, mu along it and mu2 0 across it), as
 * in Gazebo. Odometry as gz-math's MecanumDriveOdometry integrates it after every step from the
 * first joint of each wheel (exact arcs, Runge-Kutta 2 for a straight line, velocities averaged
 * over ten steps), published at `odom_publish_frequency` with the odom → base transform.
 */
export class MecanumDrive implements WorldSystem {
  readonly name: string;
  readonly #context: SystemContext;
  readonly #model: SimulatedModel;
  /** Front left, front right, back left, back right: each side's joints. */
  readonly #wheels: readonly number[][];
  readonly #separation: number;
  readonly #wheelbase: number;
  readonly #radius: number;
  /** The same for each speed (gz-sim's linear limiter for x and y, its angular one for the turn, set alike). */
  readonly #limits: SpeedLimits;
  readonly #odometry: DriveOdometry;
  #target: GzTwist = { linear: { x: 0, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0 } };
  /** The wheels' velocities its last update computed, commanded at the next step. */
  readonly #speeds = [0, 0, 0, 0];
  // The last two limited commands (gz-sim's last0Cmd, last1Cmd): linear, lateral, angular.
  #last0 = [0, 0, 0];
  #last1 = [0, 0, 0];
  // Odometry.
  #initialized = false;
  #lastStep = 0;
  readonly #old = [0, 0, 0, 0];
  #x = 0;
  #y = 0;
  #heading = 0;
  readonly #means = [new RollingMean(), new RollingMean(), new RollingMean()];
  #velocity = { x: 0, y: 0, yaw: 0 };

  constructor(plugin: Plugin, model: SimulatedModel, context: SystemContext) {
    this.#context = context;
    this.#model = model;
    this.name = `${model.name}/MecanumDrive`;
    const values = new SdfValues(plugin.place.file);
    const element = plugin.element;
    this.#wheels = ['front_left_joint', 'front_right_joint', 'back_left_joint', 'back_right_joint'].map((tag) => {
      const joints = jointsNamed(values, element, tag, plugin.scope, model, 'MecanumDrive');
      if (joints.length === 0) throw values.error(element, `MecanumDrive of model '${model.name}' needs a <${tag}>`);
      return joints;
    });
    this.#separation = values.number(element, 'wheel_separation', 1);
    this.#wheelbase = values.number(element, 'wheelbase', 1);
    this.#radius = values.number(element, 'wheel_radius', 0.2);
    this.#limits = speedLimitsOf(values, element);
    this.#odometry = driveOdometryOf(values, element, model, context);
    context.bus.subscribe(values.string(element, 'topic', `/model/${model.name}/cmd_vel`), (type, message) => {
      if (type === 'gz.msgs.Twist') this.#target = message as GzTwist;
    });
  }

  preUpdate(): void {
    const commands = this.#model.jointCommands;
    this.#wheels.forEach((joints, w) => {
      for (const joint of joints) commands[joint] = this.#speeds[w]!;
    });
  }

  postUpdate(step: number, dt: number): void {
    this.#updateVelocity(dt);
    this.#updateOdometry(step);
  }

  #updateVelocity(dt: number): void {
    const target = this.#target;
    const last0 = this.#last0;
    const last1 = this.#last1;
    const linear = limitSpeed(target.linear.x, last0[0]!, last1[0]!, dt, this.#limits);
    const lateral = limitSpeed(target.linear.y, last0[1]!, last1[1]!, dt, this.#limits);
    const angular = limitSpeed(target.angular.z, last0[2]!, last1[2]!, dt, this.#limits);
    this.#last1 = last0;
    this.#last0 = [linear, lateral, angular];
    const turn = angular * (0.5 * (this.#separation + this.#wheelbase));
    const inverse = 1 / this.#radius;
    this.#speeds[0] = (linear - lateral - turn) * inverse;
    this.#speeds[1] = (linear + lateral + turn) * inverse;
    this.#speeds[2] = (linear + lateral - turn) * inverse;
    this.#speeds[3] = (linear - lateral + turn) * inverse;
  }

  #updateOdometry(step: number): void {
    if (!this.#initialized) {
      // MecanumDriveOdometry::Init: the wheels' old positions 0, the pose and the means empty.
      this.#initialized = true;
      this.#lastStep = step;
      return;
    }
    const positions = this.#model.kinematics.positions;
    // Each wheel's travel this step, from its first joint.
    const travel = this.#wheels.map((joints, w) => {
      const now = positions[joints[0]!]! * this.#radius;
      const moved = now - this.#old[w]!;
      this.#old[w] = now;
      return moved;
    });
    const [fl, fr, bl, br] = travel as [number, number, number, number];
    const linear = (fl + fr + bl + br) * 0.25;
    const lateral = (-fl + fr + bl - br) * 0.25;
    const angular = (-fl + fr - bl + br) * (1 / (4 * (0.5 * (this.#separation + this.#wheelbase))));
    this.#integrate(linear, lateral, angular);
    const seconds = ((step - this.#lastStep) * this.#context.world.stepNs) / 1e9;
    if (Math.abs(seconds) <= 1e-6) return;
    this.#lastStep = step;
    this.#velocity = {
      x: this.#means[0]!.push(linear / seconds),
      y: this.#means[1]!.push(lateral / seconds),
      yaw: this.#means[2]!.push(angular / seconds),
    };
  }

  /** MecanumDriveOdometry's IntegrateExact: Runge-Kutta 2 when the turn is below 1e-6 rad, else the exact arc. */
  #integrate(linear: number, lateral: number, angular: number): void {
    if (Math.abs(angular) < 1e-6) {
      const direction = this.#heading + angular * 0.5;
      this.#x += linear * cos(direction) - lateral * sin(direction);
      this.#y += linear * sin(direction) + lateral * cos(direction);
      this.#heading += angular;
      return;
    }
    const old = this.#heading;
    const ratio = linear / angular;
    const ratio2 = lateral / angular;
    this.#heading += angular;
    this.#x += ratio * (sin(this.#heading) - sin(old)) - -ratio2 * (cos(this.#heading) - cos(old));
    this.#y += -ratio * (cos(this.#heading) - cos(old)) + ratio2 * (sin(this.#heading) - sin(old));
  }

  nextOutput(from: number): number | null {
    // No odometry before the update after its first (Init).
    return odometryHeard(this.#odometry, this.#context) ? this.#odometry.schedule.next(Math.max(from, 2)) : null;
  }

  output(step: number): void {
    publishOdometry(this.#odometry, this.#context, step, { x: this.#x, y: this.#y, yaw: this.#heading }, this.#velocity);
  }
}
