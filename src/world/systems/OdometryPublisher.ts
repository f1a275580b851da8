import { atan2, cos, sin } from '../../base/portableMath.js';
import type { Plugin } from '../description/description.js';
import { SdfValues } from '../description/sdfValues.js';
import { compose, eulerOf, quatFromEuler } from '../geometry/pose.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import { RollingMean } from './RollingMean.js';
import { type Schedule, throttleSchedule } from './schedules.js';
import type { SystemContext, WorldSystem } from './WorldSystem.js';

/**
 * gz-sim's OdometryPublisher: the model's true pose (its frame, offset by `xyz_offset` and
 * `rpy_offset`) as odometry, its velocities in its own frame from the pose's change over each
 * step (the yaw's cosine and sine in float, as it computes them), averaged over the last ten
 * steps, with `gaussian_noise` on the velocities; published at `odom_publish_frequency` (50 Hz,
 * throttled) with the odom → base transform on `tf_topic`. Two dimensions (the default) leave z
 * at 0.
 */
export class OdometryPublisher implements WorldSystem {
  readonly name: string;
  readonly #context: SystemContext;
  readonly #model: SimulatedModel;
  readonly #odomTopic: string;
  readonly #tfTopic: string;
  readonly #odomFrame: string;
  readonly #baseFrame: string;
  readonly #offset: ReturnType<SimulatedModel['pose']>;
  readonly #dimensions: number;
  readonly #noise: number;
  readonly #schedule: Schedule;
  readonly #random;
  /** The pose at the last update; gz-sim's starts as the identity, so the first velocities carry the jump to where the model was placed. */
  #last: { step: number; x: number; y: number; z: number; yaw: number } | null = null;
  #started = false;
  readonly #means = { x: new RollingMean(), y: new RollingMean(), z: new RollingMean(), yaw: new RollingMean() };
  #twist = { x: 0, y: 0, z: 0, yaw: 0 };

  constructor(plugin: Plugin, model: SimulatedModel, context: SystemContext) {
    this.#context = context;
    this.#model = model;
    this.name = `${model.name}/OdometryPublisher`;
    const values = new SdfValues(plugin.place.file);
    const element = plugin.element;
    const name = model.name;
    this.#odomTopic = values.string(element, 'odom_topic', `/model/${name}/odometry`);
    this.#tfTopic = values.string(element, 'tf_topic', `/model/${name}/pose`);
    this.#odomFrame = values.string(element, 'odom_frame', `${name}/odom`);
    this.#baseFrame = values.string(element, 'robot_base_frame', `${name}/base_footprint`);
    this.#dimensions = values.number(element, 'dimensions', 2);
    if (this.#dimensions !== 2 && this.#dimensions !== 3) throw values.error(element, `OdometryPublisher of model '${name}': <dimensions> must be 2 or 3`);
    const xyz = values.vector(element, 'xyz_offset', { x: 0, y: 0, z: 0 });
    const rpy = values.vector(element, 'rpy_offset', { x: 0, y: 0, z: 0 });
    this.#offset = { position: xyz, rotation: quatFromEuler(rpy.x, rpy.y, rpy.z) };
    this.#noise = values.number(element, 'gaussian_noise', 0);
    this.#random = context.random(`${name}/OdometryPublisher`);
    this.#schedule = throttleSchedule(values.number(element, 'odom_publish_frequency', 50), context.world.stepNs);
  }

  /** N(0, noise), or 0 without a draw where there is none (gz-math's Rand with σ = 0). */
  #draw(): number {
    return this.#noise > 0 ? this.#noise * this.#random.nextNormal() : 0;
  }

  postUpdate(step: number): void {
    const pose = compose(this.#model.pose(), this.#offset);
    const yaw = eulerOf(pose.rotation).z;
    const { x, y, z } = pose.position;
    if (!this.#started) {
      this.#started = true;
      this.#last = { step, x: 0, y: 0, z: 0, yaw: 0 };
      return;
    }
    const last = this.#last!;
    this.#last = { step, x, y, z, yaw };
    const dt = ((step - last.step) * this.#context.world.stepNs) / 1e9;
    if (Math.abs(dt) <= 1e-6) return;
    const dx = x - last.x;
    const dy = y - last.y;
    const c = Math.fround(cos(yaw));
    const s = Math.fround(sin(yaw));
    const turned = atan2(sin(yaw - last.yaw), cos(yaw - last.yaw));
    this.#twist = {
      x: this.#means.x.push((c * dx + s * dy) / dt) + this.#draw(),
      y: this.#means.y.push((c * dy - s * dx) / dt) + this.#draw(),
      z: this.#dimensions === 3 ? this.#means.z.push((z - last.z) / dt) + this.#draw() : this.#draw(),
      yaw: this.#means.yaw.push(turned / dt) + this.#draw(),
    };
  }

  nextOutput(from: number): number | null {
    if (!this.#context.bus.heard(this.#odomTopic) && !this.#context.bus.heard(this.#tfTopic)) return null;
    return this.#schedule.next(Math.max(from, 2));
  }

  output(step: number): void {
    this.#schedule.done(step);
    const pose = compose(this.#model.pose(), this.#offset);
    const position = { x: pose.position.x, y: pose.position.y, z: this.#dimensions === 3 ? pose.position.z : 0 };
    const header = { stampNs: this.#context.stampNs(step), frameId: this.#odomFrame, childFrameId: this.#baseFrame };
    const twist = this.#twist;
    this.#context.bus.publish(this.#odomTopic, 'gz.msgs.Odometry', {
      header,
      position,
      orientation: pose.rotation,
      linear: { x: twist.x, y: twist.y, z: twist.z },
      angular: { x: 0, y: 0, z: twist.yaw },
    });
    this.#context.bus.publish(this.#tfTopic, 'gz.msgs.Pose_V', {
      header: { stampNs: header.stampNs },
      poses: [{ name: '', header, position, orientation: pose.rotation }],
    });
  }
}
