import { firstChild, type XmlElement } from '../../base/xmlReader.js';
import type { SensorDisturbances } from '../Disturbances.js';
import type { Link, Sensor } from '../description/description.js';
import { SdfValues } from '../description/sdfValues.js';
import { compose, conjugate, IDENTITY_ROTATION, mulQuat, type Quat, rotate, type Vec3 } from '../geometry/pose.js';
import { gzTopic } from '../gz/GzBus.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import { type Schedule, sensorSchedule } from '../systems/schedules.js';
import type { SystemContext, WorldSystem } from '../systems/WorldSystem.js';
import { type Noise, noiseOf } from './noise.js';

/**
 * An IMU (SDF `imu`, run by gz-sim's Imu system): angular velocity and linear acceleration less
 * gravity (at rest, level, z reads +9.8) in its own frame, each axis with its SDF noise (the
 * white noise's variance as the covariance's diagonal), and its orientation relative to how it
 * stood when it was made — gz-sensors' default reference — or to the world (ENU) when
 * `<orientation_reference_frame>` says ENU. A gz.msgs.IMU at its update rate while something
 * subscribes. Acceleration is the body's velocity change over the last step at the sensor's
 * point (the centre's, the turning's and the centripetal).
 */
export class ImuSensor implements WorldSystem {
  readonly name: string;
  readonly #context: SystemContext;
  readonly #model: SimulatedModel;
  readonly #link: Link;
  readonly #sensor: Sensor;
  readonly #topic: string;
  readonly #frame: string;
  readonly #schedule: Schedule;
  readonly #angular: (Noise | null)[];
  readonly #linear: (Noise | null)[];
  /** The world orientation its orientation is read against. */
  readonly #reference: Quat;
  readonly #faults: SensorDisturbances;

  constructor(sensor: Sensor, link: Link, model: SimulatedModel, context: SystemContext) {
    this.#context = context;
    this.#model = model;
    this.#link = link;
    this.#sensor = sensor;
    this.name = `${model.name}::${link.name}::${sensor.name}`;
    const values = new SdfValues(sensor.place.file);
    const imu = firstChild(sensor.element, 'imu');
    const random = context.random(`${model.name}/${link.name}/${sensor.name}`);
    const axes = (group: string): (Noise | null)[] =>
      ['x', 'y', 'z'].map((axis) => {
        const element: XmlElement | undefined = imu === undefined ? undefined : firstChild(firstChild(imu, group) ?? imu, axis);
        const noise = element === undefined ? undefined : firstChild(element, 'noise');
        return noise === undefined ? null : noiseOf(noise, values, random);
      });
    // gz-sensors makes the acceleration's noises, then the angular velocity's.
    this.#linear = axes('linear_acceleration');
    this.#angular = axes('angular_velocity');
    const reference = imu === undefined ? undefined : firstChild(imu, 'orientation_reference_frame');
    const localization = reference === undefined ? null : values.string(reference, 'localization', 'CUSTOM').toUpperCase();
    this.#reference = localization === 'ENU' ? IDENTITY_ROTATION : compose(model.linkPose(link.name), sensor.pose).rotation;
    if (localization !== null && localization !== 'ENU' && localization !== 'CUSTOM') {
      context.warn(
        `${sensor.place.file}:${sensor.place.line}: IMU '${sensor.name}': orientation reference ${localization} is not modeled; its orientation is relative to how it stood when made`,
      );
    }
    const world = context.world.description.name;
    this.#topic = sensor.topic ?? `/world/${world}/model/${model.name}/link/${link.name}/sensor/${sensor.name}/imu`;
    this.#frame = sensor.frameId ?? `${model.name}::${link.name}::${sensor.name}`;
    this.#schedule = sensorSchedule(sensor.updateRate, context.world.stepNs);
    this.#faults = context.world.disturbances.sensor([`${model.name}/${link.name}/${sensor.name}`, gzTopic(this.#topic)]);
  }

  nextOutput(from: number): number | null {
    return this.#context.bus.heard(this.#topic) ? this.#schedule.next(from) : null;
  }

  output(step: number): void {
    this.#schedule.done(step);
    const fault = this.#faults.at(step);
    if (fault === 'dropout') return;
    const pose = compose(this.#model.linkPose(this.#link.name), this.#sensor.pose);
    const toSensor = conjugate(pose.rotation);
    const body = this.#model.body;
    let omega: Vec3 = { x: 0, y: 0, z: 0 };
    let acceleration: Vec3 = { x: 0, y: 0, z: 0 };
    if (body !== null) {
      const dt = this.#context.world.stepNs / 1e9;
      omega = { x: 0, y: 0, z: body.w };
      const rx = pose.position.x - body.cx;
      const ry = pose.position.y - body.cy;
      const alpha = (body.w - body.lastW) / dt;
      // a = a_centre + α × r + ω × (ω × r), all about the vertical.
      acceleration = {
        x: (body.vx - body.lastVx) / dt - alpha * ry - body.w * body.w * rx,
        y: (body.vy - body.lastVy) / dt + alpha * rx - body.w * body.w * ry,
        z: 0,
      };
    }
    const g = this.#context.world.description.gravity;
    const specific = rotate(toSensor, { x: acceleration.x - g.x, y: acceleration.y - g.y, z: acceleration.z - g.z });
    const turning = rotate(toSensor, omega);
    const own = (value: number, noise: Noise | null): number => (noise === null ? value : noise.apply(value));
    // A fault's noise burst adds to each value's own noise (nothing added without one: -0 stays -0).
    const one = fault === null ? own : (value: number, noise: Noise | null): number => own(value, noise) + fault();
    const noisy = (value: Vec3, noises: (Noise | null)[]): Vec3 => ({
      x: one(value.x, noises[0] ?? null),
      y: one(value.y, noises[1] ?? null),
      z: one(value.z, noises[2] ?? null),
    });
    const linearAcceleration = noisy(specific, this.#linear);
    const angularVelocity = noisy(turning, this.#angular);
    this.#context.bus.publish(this.#topic, 'gz.msgs.IMU', {
      header: { stampNs: this.#context.stampNs(step), frameId: this.#frame },
      orientation: mulQuat(conjugate(this.#reference), pose.rotation),
      angularVelocity,
      linearAcceleration,
      angularVelocityCovariance: covariance(this.#angular),
      linearAccelerationCovariance: covariance(this.#linear),
    });
  }
}

/** A 3×3 covariance with the noises' variances on its diagonal (float, as gz-sensors stores them). */
function covariance(noises: readonly (Noise | null)[]): Float64Array {
  const out = new Float64Array(9);
  noises.forEach((noise, i) => {
    out[i * 4] = noise === null ? 0 : Math.fround(noise.stddev * noise.stddev);
  });
  return out;
}
