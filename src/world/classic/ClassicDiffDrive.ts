import { cos, sin } from '../../base/portableMath.js';
import { timeMsg } from '../../base/timeMsg.js';
import { childrenNamed } from '../../base/xmlReader.js';
import type { Plugin } from '../description/description.js';
import { SdfValues } from '../description/sdfValues.js';
import { yawOf } from '../geometry/pose.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import type { SystemContext, WorldSystem } from '../systems/WorldSystem.js';
import { type ClassicNode, keepLast, type RosMessage, type RosPublisher, TF_QOS } from './ClassicRos.js';
import { ClassicThrottle } from './classicTime.js';
import { linkTwist } from './linkTwist.js';

const LEFT = 0;
const RIGHT = 1;

/**
 * Classic Gazebo's libgazebo_ros_diff_drive.so (gazebo_ros_pkgs ros2,
 * gazebo_plugins/src/gazebo_ros_diff_drive.cpp), one pair of wheels: `cmd_vel` (Twist, QoS depth
 * 1: linear x and angular z, held, no timeout) and, at `update_rate` (100 Hz, throttled at
 * WorldUpdateBegin, which sees the sim time after the step it begins), the wheels' velocities,
 * ramped by `max_wheel_acceleration` unless both are within 0.01 m/s; `odom` (depth 1) and the
 * odom → base transform on /tf when `publish_odom` / `publish_odom_tf` (both false by default),
 * from the model's true pose (`odometry_source` 1, WORLD) or integrated wheel turns (0, ENCODER).
 * What it publishes at an update is taken before that step and published when the world is there.
 */
export class ClassicDiffDrive implements WorldSystem {
  readonly name: string;
  readonly #context: SystemContext;
  readonly #model: SimulatedModel;
  readonly #joints: [number, number];
  readonly #separation: number;
  readonly #diameter: number;
  readonly #maxAcceleration: number;
  readonly #throttle: ClassicThrottle;
  readonly #odomFrame: string;
  readonly #baseFrame: string;
  readonly #encoder: boolean;
  readonly #covariance: [number, number, number];
  readonly #odom: RosPublisher | null;
  readonly #tf: RosPublisher | null;
  #targetX = 0;
  #targetRot = 0;
  readonly #instructed: [number, number] = [0, 0];
  /** The joints' velocities it set (a joint motor's `vel` holds until set again). */
  readonly #commanded: [number, number] = [0, 0];
  // ENCODER odometry: its pose, and the step it last integrated.
  #encoderX = 0;
  #encoderY = 0;
  #encoderTheta = 0;
  #encoderStep: number;
  #encoderVelocity = { linear: 0, angular: 0 };
  /** What an update took, published at its step. */
  #due: { step: number; messages: [RosPublisher, RosMessage][] } | null = null;

  constructor(plugin: Plugin, model: SimulatedModel, context: SystemContext, node: ClassicNode, joints: [number, number]) {
    this.#context = context;
    this.#model = model;
    this.name = `${model.name}/${plugin.name}`;
    const values = new SdfValues(plugin.place.file);
    const element = plugin.element;
    const pairs = values.number(element, 'num_wheel_pairs', 1);
    if (pairs !== 1)
      context.warn(`${plugin.place.file}:${plugin.place.line}: ${plugin.filename}: num_wheel_pairs ${pairs} is not modeled: rclsim drives the first pair`);
    this.#joints = joints;
    this.#maxAcceleration = values.number(element, 'max_wheel_acceleration', 0);
    this.#separation = values.number(element, 'wheel_separation', 0.34);
    this.#diameter = values.number(element, 'wheel_diameter', 0.15);
    if (firstOf(element, 'wheel_separation')) node.log('info', `Wheel pair 1 separation set to [${this.#separation.toFixed(6)}m]`);
    if (firstOf(element, 'wheel_diameter')) node.log('info', `Wheel pair 1 diameter set to [${this.#diameter.toFixed(6)}m]`);
    const step = context.world.step;
    this.#throttle = new ClassicThrottle(values.number(element, 'update_rate', 100), context.world.stepNs, step);
    this.#encoderStep = step;
    const topic = node.subscribe('geometry_msgs/msg/Twist', 'cmd_vel', keepLast(1), (message) => {
      const twist = message as { linear: { x: number }; angular: { z: number } };
      this.#targetX = twist.linear.x;
      this.#targetRot = twist.angular.z;
    });
    node.log('info', `Subscribed to [${topic}]`);
    this.#odomFrame = values.string(element, 'odometry_frame', 'odom');
    this.#baseFrame = values.string(element, 'robot_base_frame', 'base_footprint');
    this.#encoder = values.number(element, 'odometry_source', 1) === 0;
    this.#odom = values.boolean(element, 'publish_odom', false) ? node.publisher('nav_msgs/msg/Odometry', 'odom', keepLast(1)) : null;
    if (this.#odom !== null) node.log('info', `Advertise odometry on [${this.#odom.topic}]`);
    const odomTf = values.boolean(element, 'publish_odom_tf', false);
    const wheelTf = values.boolean(element, 'publish_wheel_tf', false);
    this.#tf = odomTf || wheelTf ? node.publisher('tf2_msgs/msg/TFMessage', '/tf', TF_QOS) : null;
    if (odomTf) node.log('info', `Publishing odom transforms between [${this.#odomFrame}] and [${this.#baseFrame}]`);
    if (wheelTf)
      context.warn(`${plugin.place.file}:${plugin.place.line}: ${plugin.filename}: publish_wheel_tf is not modeled: no wheel transforms are published`);
    if (!odomTf) this.#tf = null;
    this.#covariance = [
      values.number(element, 'covariance_x', 0.00001),
      values.number(element, 'covariance_y', 0.00001),
      values.number(element, 'covariance_yaw', 0.001),
    ];
  }

  preUpdate(step: number): void {
    if (this.#encoder) this.#integrateEncoder(step);
    const since = this.#throttle.since(step);
    if (this.#throttle.ready(step)) this.#update(step, since);
    const commands = this.#model.jointCommands;
    commands[this.#joints[LEFT]] = this.#commanded[LEFT];
    commands[this.#joints[RIGHT]] = this.#commanded[RIGHT];
  }

  /** OnUpdate past its throttle: odometry taken, then the wheels' new velocities. */
  #update(step: number, since: number): void {
    const stamp = timeMsg(this.#context.stampNs(step));
    const odom = this.#encoder ? this.#encoderOdometry() : this.#worldOdometry();
    const messages: [RosPublisher, RosMessage][] = [];
    if (this.#odom !== null) {
      const covariance = new Array<number>(36).fill(0);
      [covariance[0], covariance[7], covariance[14], covariance[21], covariance[28], covariance[35]] = [
        this.#covariance[0],
        this.#covariance[1],
        1e12,
        1e12,
        1e12,
        this.#covariance[2],
      ];
      messages.push([
        this.#odom,
        {
          header: { stamp, frame_id: this.#odomFrame },
          child_frame_id: this.#baseFrame,
          pose: { pose: { position: odom.position, orientation: odom.orientation }, covariance },
          twist: { twist: { linear: odom.linear, angular: odom.angular }, covariance },
        },
      ]);
    }
    if (this.#tf !== null) {
      const { x, y, z } = odom.position;
      messages.push([
        this.#tf,
        {
          transforms: [
            {
              header: { stamp, frame_id: this.#odomFrame },
              child_frame_id: this.#baseFrame,
              transform: { translation: { x, y, z }, rotation: odom.orientation },
            },
          ],
        },
      ]);
    }
    this.#due = messages.length === 0 ? null : { step, messages };
    const half = this.#diameter / 2.0;
    const desired: [number, number] = [this.#targetX - (this.#targetRot * this.#separation) / 2.0, this.#targetX + (this.#targetRot * this.#separation) / 2.0];
    const velocities = this.#model.kinematics.velocities;
    const current = [velocities[this.#joints[LEFT]]! * half, velocities[this.#joints[RIGHT]]! * half];
    const reached = Math.abs(desired[LEFT] - current[LEFT]!) < 0.01 && Math.abs(desired[RIGHT] - current[RIGHT]!) < 0.01;
    for (const side of [LEFT, RIGHT]) {
      if (this.#maxAcceleration === 0 || reached) {
        this.#commanded[side] = desired[side]! / half;
        continue;
      }
      const limit = this.#maxAcceleration * since;
      const change = desired[side]! - current[side]!;
      // Upstream compares the left wheel with >= and the right with >: the same here.
      this.#instructed[side] += (side === LEFT ? desired[side]! >= current[side]! : desired[side]! > current[side]!)
        ? Math.min(change, limit)
        : Math.max(change, -limit);
      this.#commanded[side] = this.#instructed[side] / half;
    }
  }

  /** UpdateOdometryWorld: the model's pose; its velocity in the world turned into its heading (with float cosf/sinf, as upstream). */
  #worldOdometry() {
    const pose = this.#model.pose();
    const twist = linkTwist(this.#model, this.#model.kinematics.root.name);
    const yaw = Math.fround(yawOf(pose.rotation));
    const c = Math.fround(cos(yaw));
    const s = Math.fround(sin(yaw));
    return {
      position: { ...pose.position },
      orientation: { ...pose.rotation },
      linear: { x: c * twist.linear.x + s * twist.linear.y, y: c * twist.linear.y - s * twist.linear.x, z: 0 },
      angular: { x: 0, y: 0, z: twist.angular.z },
    };
  }

  /** UpdateOdometryEncoder: each wheel's turn over the time since, midpoint heading. */
  #integrateEncoder(step: number): void {
    const seconds = ((step - this.#encoderStep) * this.#context.world.stepNs) / 1e9;
    this.#encoderStep = step;
    const velocities = this.#model.kinematics.velocities;
    const half = this.#diameter / 2.0;
    const sl = velocities[this.#joints[LEFT]]! * half * seconds;
    const sr = velocities[this.#joints[RIGHT]]! * half * seconds;
    const ssum = sl + sr;
    const sdiff = sr - sl;
    const dx = (ssum / 2.0) * cos(this.#encoderTheta + sdiff / (2.0 * this.#separation));
    const dy = (ssum / 2.0) * sin(this.#encoderTheta + sdiff / (2.0 * this.#separation));
    const dtheta = sdiff / this.#separation;
    this.#encoderX += dx;
    this.#encoderY += dy;
    this.#encoderTheta += dtheta;
    this.#encoderVelocity = seconds > 0 ? { linear: Math.sqrt(dx * dx + dy * dy) / seconds, angular: dtheta / seconds } : this.#encoderVelocity;
  }

  #encoderOdometry() {
    const half = this.#encoderTheta / 2;
    return {
      position: { x: this.#encoderX, y: this.#encoderY, z: 0 },
      orientation: { x: 0, y: 0, z: sin(half), w: cos(half) },
      linear: { x: this.#encoderVelocity.linear, y: 0, z: 0 },
      angular: { x: 0, y: 0, z: this.#encoderVelocity.angular },
    };
  }

  nextOutput(from: number): number | null {
    if (this.#due !== null && this.#due.step >= from) return this.#due.step;
    if (this.#odom === null && this.#tf === null) return null;
    return this.#throttle.next(from);
  }

  output(step: number): void {
    if (this.#due === null || this.#due.step !== step) return;
    for (const [publisher, message] of this.#due.messages) publisher.publish(message);
    this.#due = null;
  }
}

function firstOf(element: Plugin['element'], tag: string): boolean {
  return childrenNamed(element, tag).length > 0;
}

/**
 * The drive with its wheels' joints, or null when one is not in the model: gazebo_ros_diff_drive's
 * error line, and its node dropped (the plugin does nothing), as Load does.
 */
export function classicDiffDrive(plugin: Plugin, model: SimulatedModel, context: SystemContext, node: ClassicNode): ClassicDiffDrive | null {
  const values = new SdfValues(plugin.place.file);
  const joints: number[] = [];
  for (const tag of ['left_joint', 'right_joint']) {
    const child = childrenNamed(plugin.element, tag)[0];
    const name = child === undefined ? '' : values.text(child);
    const index = model.kinematics.indexOf(`${plugin.scope}${name}`);
    if (index === undefined) {
      node.log('error', `Joint [${name}] not found, plugin will not work.`);
      return null;
    }
    joints.push(index);
  }
  return new ClassicDiffDrive(plugin, model, context, node, [joints[0]!, joints[1]!]);
}
