import { cos, sin } from '../../base/portableMath.js';
import { childrenNamed } from '../../base/xmlReader.js';
import type { Plugin } from '../description/description.js';
import { SdfValues } from '../description/sdfValues.js';
import { quatFromEuler } from '../geometry/pose.js';
import type { GzTwist } from '../gz/messages.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import { RollingMean } from './RollingMean.js';
import { limitSpeed, NO_LIMITS, type SpeedLimits } from './SpeedLimiter.js';
import { type Schedule, throttleSchedule } from './schedules.js';
import type { SystemContext, WorldSystem } from './WorldSystem.js';

/**
 * gz-sim's DiffDrive (systems/diff_drive/DiffDrive.cc): the last Twist on its topic (linear x,
 * angular z; held until the next, no timeout) limited after each step by its speed limiters and
 * turned into the left and right joints' velocities, which it commands at the next step (gz-sim's
 * one-step lag); odometry integrated after every step from the first left and right joints' turns
 * as gz-math's DiffDriveOdometry does (exact arcs, Runge-Kutta 2 for a straight line, velocities
 * averaged over the last ten steps), published at its rate (`odom_publish_frequency`, 50 Hz,
 * throttled) with the odom → base transform.
 */
export class DiffDrive implements WorldSystem {
  readonly name: string;
  readonly #context: SystemContext;
  readonly #model: SimulatedModel;
  readonly #left: number[];
  readonly #right: number[];
  readonly #separation: number;
  readonly #radius: number;
  readonly #linearLimits: SpeedLimits;
  readonly #angularLimits: SpeedLimits;
  readonly #odomTopic: string;
  readonly #tfTopic: string;
  readonly #frameId: string;
  readonly #childFrameId: string;
  readonly #schedule: Schedule;
  #target: GzTwist = { linear: { x: 0, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0 } };
  /** The joints' velocities its last update computed, commanded at the next step. */
  #leftSpeed = 0;
  #rightSpeed = 0;
  // The last two limited commands (gz-sim's last0Cmd, last1Cmd).
  #linear0 = 0;
  #angular0 = 0;
  #linear1 = 0;
  #angular1 = 0;
  // Odometry.
  #initialized = false;
  #lastUpdateStep = 0;
  #leftOld = 0;
  #rightOld = 0;
  #x = 0;
  #y = 0;
  #heading = 0;
  readonly #linearMean = new RollingMean();
  readonly #angularMean = new RollingMean();
  #linearVelocity = 0;
  #angularVelocity = 0;

  constructor(plugin: Plugin, model: SimulatedModel, context: SystemContext) {
    this.#context = context;
    this.#model = model;
    const values = new SdfValues(plugin.place.file);
    const element = plugin.element;
    const name = model.name;
    this.name = `${name}/DiffDrive`;
    const joints = (tag: string): number[] =>
      childrenNamed(element, tag).map((child) => {
        const joint = `${plugin.scope}${values.text(child)}`;
        const index = model.kinematics.indexOf(joint);
        if (index === undefined) throw values.error(child, `DiffDrive of model '${name}': no turning joint named '${joint}'`);
        return index;
      });
    this.#left = joints('left_joint');
    this.#right = joints('right_joint');
    if (this.#left.length === 0 || this.#right.length === 0)
      throw values.error(element, `DiffDrive of model '${name}' needs a <left_joint> and a <right_joint>`);
    this.#separation = values.number(element, 'wheel_separation', 1);
    this.#radius = values.number(element, 'wheel_radius', 0.2);
    // `min_velocity` … `max_jerk` bound both; `min_linear_velocity` … `max_angular_jerk` each one, over them.
    const limits = (axis: 'linear' | 'angular'): SpeedLimits => {
      const bound = (side: 'min' | 'max', kind: string, fallback: number): number =>
        values.number(element, `${side}_${axis}_${kind}`, values.number(element, `${side}_${kind}`, fallback));
      return {
        minVelocity: bound('min', 'velocity', NO_LIMITS.minVelocity),
        maxVelocity: bound('max', 'velocity', NO_LIMITS.maxVelocity),
        minAcceleration: bound('min', 'acceleration', NO_LIMITS.minAcceleration),
        maxAcceleration: bound('max', 'acceleration', NO_LIMITS.maxAcceleration),
        minJerk: bound('min', 'jerk', NO_LIMITS.minJerk),
        maxJerk: bound('max', 'jerk', NO_LIMITS.maxJerk),
      };
    };
    this.#linearLimits = limits('linear');
    this.#angularLimits = limits('angular');
    const topic = values.string(element, 'topic', `/model/${name}/cmd_vel`);
    this.#odomTopic = values.string(element, 'odom_topic', `/model/${name}/odometry`);
    this.#tfTopic = values.string(element, 'tf_topic', `/model/${name}/tf`);
    this.#frameId = values.string(element, 'frame_id', `${name}/odom`);
    this.#childFrameId = values.string(element, 'child_frame_id', `${name}/${model.kinematics.root.name}`);
    this.#schedule = throttleSchedule(values.number(element, 'odom_publish_frequency', 50), context.world.stepNs);
    context.bus.subscribe(topic, (type, message) => {
      if (type === 'gz.msgs.Twist') this.#target = message as GzTwist;
    });
  }

  preUpdate(): void {
    const commands = this.#model.jointCommands;
    for (const joint of this.#left) commands[joint] = this.#leftSpeed;
    for (const joint of this.#right) commands[joint] = this.#rightSpeed;
  }

  postUpdate(step: number, dt: number): void {
    this.#updateVelocity(dt);
    this.#updateOdometry(step);
  }

  #updateVelocity(dt: number): void {
    const linear = limitSpeed(this.#target.linear.x, this.#linear0, this.#linear1, dt, this.#linearLimits);
    const angular = limitSpeed(this.#target.angular.z, this.#angular0, this.#angular1, dt, this.#angularLimits);
    this.#linear1 = this.#linear0;
    this.#angular1 = this.#angular0;
    this.#linear0 = linear;
    this.#angular0 = angular;
    this.#rightSpeed = (linear + (angular * this.#separation) / 2) / this.#radius;
    this.#leftSpeed = (linear - (angular * this.#separation) / 2) / this.#radius;
  }

  #updateOdometry(step: number): void {
    const positions = this.#model.kinematics.positions;
    if (!this.#initialized) {
      // DiffDriveOdometry::Init: the wheels' old positions are 0, the pose and the averages empty.
      this.#initialized = true;
      this.#lastUpdateStep = step;
      return;
    }
    const left = positions[this.#left[0]!]! * this.#radius;
    const right = positions[this.#right[0]!]! * this.#radius;
    const dl = left - this.#leftOld;
    const dr = right - this.#rightOld;
    this.#leftOld = left;
    this.#rightOld = right;
    const linear = (dr + dl) * 0.5;
    const angular = (dr - dl) / this.#separation;
    if (Math.abs(angular) < 1e-6) {
      const direction = this.#heading + angular * 0.5;
      this.#x += linear * cos(direction);
      this.#y += linear * sin(direction);
      this.#heading += angular;
    } else {
      const old = this.#heading;
      const r = linear / angular;
      this.#heading += angular;
      this.#x += r * (sin(this.#heading) - sin(old));
      this.#y += -r * (cos(this.#heading) - cos(old));
    }
    // The pose is integrated before the guard; time and velocities only past it.
    const dt = ((step - this.#lastUpdateStep) * this.#context.world.stepNs) / 1e9;
    if (Math.abs(dt) <= 1e-6) return;
    this.#lastUpdateStep = step;
    this.#linearVelocity = this.#linearMean.push(linear / dt);
    this.#angularVelocity = this.#angularMean.push(angular / dt);
  }

  nextOutput(from: number): number | null {
    // Unheard, its messages change nothing; and no odometry before the update after its first (Init).
    if (!this.#context.bus.heard(this.#odomTopic) && !this.#context.bus.heard(this.#tfTopic)) return null;
    return this.#schedule.next(Math.max(from, 2));
  }

  output(step: number): void {
    this.#schedule.done(step);
    const stampNs = this.#context.stampNs(step);
    const orientation = quatFromEuler(0, 0, this.#heading);
    const position = { x: this.#x, y: this.#y, z: 0 };
    const header = { stampNs, frameId: this.#frameId, childFrameId: this.#childFrameId };
    this.#context.bus.publish(this.#odomTopic, 'gz.msgs.Odometry', {
      header,
      position,
      orientation,
      linear: { x: this.#linearVelocity, y: 0, z: 0 },
      angular: { x: 0, y: 0, z: this.#angularVelocity },
    });
    this.#context.bus.publish(this.#tfTopic, 'gz.msgs.Pose_V', { header: { stampNs }, poses: [{ name: '', header, position, orientation }] });
  }
}
