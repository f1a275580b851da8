import { atan, atan2, cos, sin, tan } from '../../base/portableMath.js';
import type { Plugin } from '../description/description.js';
import { SdfValues } from '../description/sdfValues.js';
import type { GzDouble, GzTwist } from '../gz/messages.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import { type DriveOdometry, driveOdometryOf, jointsNamed, odometryHeard, publishOdometry, speedLimitsOf } from './driveOdometry.js';
import { limitSpeed, type SpeedLimits } from './SpeedLimiter.js';
import type { SystemContext, WorldSystem } from './WorldSystem.js';

/**
 * gz-sim's AckermannSteering (systems/ackermann_steering/AckermannSteering.cc): the last Twist on
 * its topic (linear x, angular z; held, no timeout), limited after each step by its speed
 * limiters, is a turning radius (linear over angular, no tighter than `wheel_base` over the sine
 * of `steering_limit`; straight below 0.001 rad/s): each steering joint is turned towards the
 * angle that radius asks of it (the inner and outer wheel about `kingpin_width`) at `steer_p_gain`
 * times the error (rad/s), the wheels driven as a differential splits the speed over
 * `wheel_separation`, all commanded at the next step (gz-sim's one-step lag). Odometry after every
 * step, as it integrates it: the first left and right wheels' travel along the arc the steering
 * joints' mean angle makes, the velocities of that one step; published at `odom_publish_frequency`
 * with the odom → base transform. With `<steering_only>`, a gz.msgs.Double on its topic
 * (`/model/<m>/steer_angle`) is the steering angle, within `steering_limit`, and nothing drives or
 * publishes.
 */
export class AckermannSteering implements WorldSystem {
  readonly name: string;
  readonly #context: SystemContext;
  readonly #model: SimulatedModel;
  readonly #steeringOnly: boolean;
  readonly #left: number[];
  readonly #right: number[];
  readonly #leftSteering: number[];
  readonly #rightSteering: number[];
  readonly #separation: number;
  readonly #kingpin: number;
  readonly #wheelBase: number;
  readonly #steeringLimit: number;
  readonly #radius: number;
  readonly #gain: number;
  readonly #limits: SpeedLimits;
  readonly #odometry: DriveOdometry | null;
  #target: GzTwist = { linear: { x: 0, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0 } };
  #targetAngle = 0;
  // The joints' velocities its last update computed, commanded at the next step.
  #leftSpeed = 0;
  #rightSpeed = 0;
  #leftSteeringSpeed = 0;
  #rightSteeringSpeed = 0;
  // The last two limited commands (gz-sim's last0Cmd, last1Cmd).
  #linear0 = 0;
  #angular0 = 0;
  #linear1 = 0;
  #angular1 = 0;
  // Odometry.
  #x = 0;
  #y = 0;
  #yaw = 0;
  #leftOld = 0;
  #rightOld = 0;
  #lastStep = 0;
  #linearVelocity = 0;
  #angularVelocity = 0;

  constructor(plugin: Plugin, model: SimulatedModel, context: SystemContext) {
    this.#context = context;
    this.#model = model;
    this.name = `${model.name}/AckermannSteering`;
    const values = new SdfValues(plugin.place.file);
    const element = plugin.element;
    if (values.boolean(element, 'use_actuator_msg', false)) {
      throw values.error(element, `AckermannSteering of model '${model.name}': <use_actuator_msg> (gz.msgs.Actuators) is not modeled by rclsim`);
    }
    this.#steeringOnly = values.boolean(element, 'steering_only', false);
    const joints = (tag: string) => jointsNamed(values, element, tag, plugin.scope, model, 'AckermannSteering');
    this.#leftSteering = joints('left_steering_joint');
    this.#rightSteering = joints('right_steering_joint');
    this.#left = this.#steeringOnly ? [] : joints('left_joint');
    this.#right = this.#steeringOnly ? [] : joints('right_joint');
    if (this.#leftSteering.length === 0 || this.#rightSteering.length === 0 || (!this.#steeringOnly && (this.#left.length === 0 || this.#right.length === 0))) {
      throw values.error(
        element,
        `AckermannSteering of model '${model.name}' needs a <left_steering_joint> and a <right_steering_joint>${this.#steeringOnly ? '' : ', a <left_joint> and a <right_joint>'}`,
      );
    }
    this.#radius = this.#steeringOnly ? 0.2 : values.number(element, 'wheel_radius', 0.2);
    this.#kingpin = this.#steeringOnly ? 0.8 : values.number(element, 'kingpin_width', 0.8);
    this.#separation = values.number(element, 'wheel_separation', 1);
    this.#wheelBase = values.number(element, 'wheel_base', 1);
    this.#steeringLimit = values.number(element, 'steering_limit', 0.5);
    this.#gain = values.number(element, 'steer_p_gain', 1);
    this.#limits = speedLimitsOf(values, element);
    this.#odometry = this.#steeringOnly ? null : driveOdometryOf(values, element, model, context);
    const sub = values.string(element, 'sub_topic', null);
    const topic = values.string(
      element,
      'topic',
      sub !== null ? `/model/${model.name}/${sub}` : this.#steeringOnly ? `/model/${model.name}/steer_angle` : `/model/${model.name}/cmd_vel`,
    );
    context.bus.subscribe(topic, (type, message) => {
      if (this.#steeringOnly && type === 'gz.msgs.Double') this.#targetAngle = (message as GzDouble).data;
      if (!this.#steeringOnly && type === 'gz.msgs.Twist') this.#target = message as GzTwist;
    });
  }

  preUpdate(): void {
    const commands = this.#model.jointCommands;
    for (const joint of this.#left) commands[joint] = this.#leftSpeed;
    for (const joint of this.#right) commands[joint] = this.#rightSpeed;
    for (const joint of this.#leftSteering) commands[joint] = this.#leftSteeringSpeed;
    for (const joint of this.#rightSteering) commands[joint] = this.#rightSteeringSpeed;
  }

  postUpdate(step: number, dt: number): void {
    if (this.#steeringOnly) {
      this.#updateAngle(dt);
      return;
    }
    this.#updateVelocity(dt);
    this.#updateOdometry(step);
  }

  #updateVelocity(dt: number): void {
    const linear = limitSpeed(this.#target.linear.x, this.#linear0, this.#linear1, dt, this.#limits);
    const angular = limitSpeed(this.#target.angular.z, this.#angular0, this.#angular1, dt, this.#limits);
    this.#linear1 = this.#linear0;
    this.#angular1 = this.#angular0;
    this.#linear0 = linear;
    this.#angular0 = angular;
    const base = this.#wheelBase;
    const tightest = base / sin(this.#steeringLimit);
    let radius = linear / angular;
    if (Math.abs(linear) > 0) {
      if (radius >= 0 && radius < tightest) radius = tightest;
      if (radius <= 0 && radius > -tightest) radius = -tightest;
    } else if (Math.abs(angular) >= 0.001) {
      radius = (angular / Math.abs(angular)) * tightest;
    }
    if (Math.abs(angular) < 0.001) radius = 1000000000;
    const phi = atan(base / radius);
    const split = (this.#separation * tan(phi)) / (2 * base);
    this.#rightSpeed = (linear * (1 + split)) / this.#radius;
    this.#leftSpeed = (linear * (1 - split)) / this.#radius;
    this.#steerTowards(atan(base / (radius - this.#kingpin / 2)), atan(base / (radius + this.#kingpin / 2)));
  }

  /** Steering only: the commanded angle, limited, is the mean wheel's; each wheel's from the separation. */
  #updateAngle(dt: number): void {
    let angle = limitSpeed(this.#targetAngle, this.#angular0, this.#angular1, dt, this.#limits);
    if (Math.abs(angle) > this.#steeringLimit) angle = (angle / Math.abs(angle)) * this.#steeringLimit;
    this.#angular1 = this.#angular0;
    this.#angular0 = angle;
    const base2 = 2 * this.#wheelBase;
    const s = sin(angle);
    const c = cos(angle);
    this.#steerTowards(atan((base2 * s) / (base2 * c - this.#separation * s)), atan((base2 * s) / (base2 * c + this.#separation * s)));
  }

  /** The steering joints' speeds: the gain times how far each first one is from its angle. */
  #steerTowards(left: number, right: number): void {
    const positions = this.#model.kinematics.positions;
    this.#leftSteeringSpeed = this.#gain * (left - positions[this.#leftSteering[0]!]!);
    this.#rightSteeringSpeed = this.#gain * (right - positions[this.#rightSteering[0]!]!);
  }

  #updateOdometry(step: number): void {
    const positions = this.#model.kinematics.positions;
    const phi = 0.5 * (positions[this.#leftSteering[0]!]! + positions[this.#rightSteering[0]!]!);
    const radius = this.#wheelBase / tan(phi);
    const left = positions[this.#left[0]!]!;
    const right = positions[this.#right[0]!]!;
    const distance = 0.5 * this.#radius * (left - this.#leftOld + (right - this.#rightOld));
    const turned = distance / radius;
    // gz-math's Angle::Normalized.
    this.#yaw = atan2(sin(this.#yaw + turned), cos(this.#yaw + turned));
    this.#x += distance * cos(this.#yaw);
    this.#y += distance * sin(this.#yaw);
    const seconds = ((step - this.#lastStep) * this.#context.world.stepNs) / 1e9;
    this.#linearVelocity = distance / seconds;
    this.#angularVelocity = turned / seconds;
    this.#lastStep = step;
    this.#leftOld = left;
    this.#rightOld = right;
  }

  nextOutput(from: number): number | null {
    const odometry = this.#odometry;
    return odometry !== null && odometryHeard(odometry, this.#context) ? odometry.schedule.next(from) : null;
  }

  output(step: number): void {
    publishOdometry(
      this.#odometry!,
      this.#context,
      step,
      { x: this.#x, y: this.#y, yaw: this.#yaw },
      { x: this.#linearVelocity, y: 0, yaw: this.#angularVelocity },
    );
  }
}
