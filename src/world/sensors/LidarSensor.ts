import { cos, sin } from '../../base/portableMath.js';
import { firstChild } from '../../base/xmlReader.js';
import type { SensorDisturbances } from '../Disturbances.js';
import type { Link, Sensor } from '../description/description.js';
import { SdfValues } from '../description/sdfValues.js';
import { compose, rotate, type Vec3 } from '../geometry/pose.js';
import { gzTopic } from '../gz/GzBus.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import type { WorldHit } from '../SimulatedWorld.js';
import { type Schedule, sensorSchedule } from '../systems/schedules.js';
import type { SystemContext, WorldSystem } from '../systems/WorldSystem.js';
import { type Noise, noiseOf } from './noise.js';

/**
 * A lidar (SDF `gpu_lidar`, `gpu_ray`; `lidar` and `ray`, which gz-sim 8 does not run, alike): a
 * ray from the sensor's frame at each horizontal and vertical angle, cast against the world's
 * collision geometry (Gazebo's GPU lidar renders the visuals, the same shapes in most worlds; as
 * it culls back faces, a ray leaving a solid it starts in meets nothing there), read as gz-sensors
 * reads it: the distance in float32, +inf past the maximum range or where nothing is met, −inf
 * nearer than the minimum; noise added to every value, then finite values clamped to the range;
 * intensity the surface's laser_retro (capped at 2000, in 16-bit steps). A gz.msgs.LaserScan at
 * the sensor's update rate while something subscribes (gz-sensors renders nothing for nobody).
 */
export class LidarSensor implements WorldSystem {
  readonly name: string;
  readonly #context: SystemContext;
  readonly #model: SimulatedModel;
  readonly #link: Link;
  readonly #sensor: Sensor;
  readonly #topic: string;
  /** Its point cloud's topic: `<topic>/points`. */
  readonly #points: string;
  readonly #frame: string;
  readonly #schedule: Schedule;
  readonly #rangeMin: number;
  readonly #rangeMax: number;
  readonly #noise: Noise | null;
  readonly #scan: { angleMin: number; angleMax: number; angleStep: number; count: number; vMin: number; vMax: number; vStep: number; vCount: number };
  /** Each ray's direction in the sensor's frame (x, y, z), horizontal index fastest. */
  readonly #directions: Float64Array;
  readonly #hit: WorldHit = { distance: 0, collision: '', retro: 0 };
  readonly #faults: SensorDisturbances;

  constructor(sensor: Sensor, link: Link, model: SimulatedModel, context: SystemContext) {
    this.#context = context;
    this.#model = model;
    this.#link = link;
    this.#sensor = sensor;
    this.name = `${model.name}::${link.name}::${sensor.name}`;
    const values = new SdfValues(sensor.place.file);
    const lidar = firstChild(sensor.element, 'lidar') ?? firstChild(sensor.element, 'ray');
    if (lidar === undefined) throw values.error(sensor.element, `sensor '${sensor.name}' of type ${sensor.type} has no <lidar> (or <ray>)`);
    const scan = firstChild(lidar, 'scan');
    const axis = (name: string) => {
      const element = scan === undefined ? undefined : firstChild(scan, name);
      const samples = element === undefined ? 1 : values.number(element, 'samples', name === 'horizontal' ? 640 : 1);
      const resolution = element === undefined ? 1 : values.number(element, 'resolution', 1);
      const min = element === undefined ? 0 : values.number(element, 'min_angle', 0);
      const max = element === undefined ? 0 : values.number(element, 'max_angle', 0);
      const count = Math.max(1, Math.round(samples * resolution));
      return { min, max, count, step: count > 1 ? (max - min) / (count - 1) : 0 };
    };
    const horizontal = axis('horizontal');
    const vertical = axis('vertical');
    this.#scan = {
      angleMin: horizontal.min,
      angleMax: horizontal.max,
      angleStep: horizontal.step,
      count: horizontal.count,
      vMin: vertical.min,
      vMax: vertical.max,
      vStep: vertical.step,
      vCount: vertical.count,
    };
    const range = firstChild(lidar, 'range');
    this.#rangeMin = range === undefined ? 0 : values.number(range, 'min', 0);
    this.#rangeMax = range === undefined ? 10 : values.number(range, 'max', 10);
    const noise = firstChild(lidar, 'noise');
    this.#noise = noise === undefined ? null : noiseOf(noise, values, context.random(`${model.name}/${link.name}/${sensor.name}`));
    this.#directions = new Float64Array(horizontal.count * vertical.count * 3);
    for (let v = 0; v < vertical.count; v++) {
      const pitch = vertical.min + v * vertical.step;
      const cp = cos(pitch);
      const sp = sin(pitch);
      for (let h = 0; h < horizontal.count; h++) {
        const yaw = horizontal.min + h * horizontal.step;
        const at = (v * horizontal.count + h) * 3;
        this.#directions[at] = cp * cos(yaw);
        this.#directions[at + 1] = cp * sin(yaw);
        this.#directions[at + 2] = sp;
      }
    }
    const world = context.world.description.name;
    this.#topic = sensor.topic ?? `/world/${world}/model/${model.name}/link/${link.name}/sensor/${sensor.name}/scan`;
    this.#points = `${this.#topic}/points`;
    this.#frame = sensor.frameId ?? `${model.name}::${link.name}::${sensor.name}`;
    this.#schedule = sensorSchedule(sensor.updateRate, context.world.stepNs);
    this.#faults = context.world.disturbances.sensor([`${model.name}/${link.name}/${sensor.name}`, gzTopic(this.#topic)]);
  }

  /**
   * The scan as gz-sensors' point cloud (GpuLidarSensor's FillPointCloudMsg): each range along its
   * ray in the sensor's frame, in float32 as it computes it — its angles floats, the azimuth stepped
   * by a float step along each ring and the inclination from ring to ring, each coordinate a product
   * of floats with their float cosines and sines; not dense if any range is infinite.
   */
  #cloud(header: { stampNs: bigint; frameId: string }, ranges: Float64Array, intensities: Float64Array) {
    const { count, vCount } = this.#scan;
    const data = new Uint8Array(count * vCount * POINT_STEP);
    const view = new DataView(data.buffer);
    const f = Math.fround;
    const step = f((this.#scan.angleMax - this.#scan.angleMin) / (count - 1));
    const vStep = f((this.#scan.vMax - this.#scan.vMin) / (vCount - 1));
    let dense = true;
    let inclination = f(this.#scan.vMin);
    for (let ring = 0; ring < vCount; ring++) {
      const ci = f(cos(inclination));
      const si = f(sin(inclination));
      let azimuth = f(this.#scan.angleMin);
      for (let h = 0; h < count; h++) {
        const i = ring * count + h;
        const d = ranges[i]!;
        if (!Number.isFinite(d)) dense = false;
        const at = i * POINT_STEP;
        view.setFloat32(at, f(d * ci) * f(cos(azimuth)), true);
        view.setFloat32(at + 4, f(d * ci) * f(sin(azimuth)), true);
        view.setFloat32(at + 8, d * si, true);
        view.setFloat32(at + 16, intensities[i]!, true);
        view.setUint16(at + 24, ring, true);
        azimuth = f(azimuth + step);
      }
      inclination = f(inclination + vStep);
    }
    return { header, fields: CLOUD_FIELDS, width: count, height: vCount, pointStep: POINT_STEP, rowStep: POINT_STEP * count, isDense: dense, data };
  }

  nextOutput(from: number): number | null {
    const bus = this.#context.bus;
    return bus.heard(this.#topic) || bus.heard(this.#points) ? this.#schedule.next(from) : null;
  }

  output(step: number): void {
    this.#schedule.done(step);
    const fault = this.#faults.at(step);
    if (fault === 'dropout') return;
    const pose = compose(this.#model.linkPose(this.#link.name), this.#sensor.pose);
    const o = pose.position;
    // The sensor's axes in the world: each ray's direction is their mix by its own.
    const ex = rotate(pose.rotation, { x: 1, y: 0, z: 0 });
    const ey = rotate(pose.rotation, { x: 0, y: 1, z: 0 });
    const ez = rotate(pose.rotation, { x: 0, y: 0, z: 1 });
    const directions = this.#directions;
    const n = directions.length / 3;
    const ranges = new Float64Array(n);
    const intensities = new Float64Array(n);
    const world = this.#context.world;
    const hit = this.#hit;
    const min = this.#rangeMin;
    const max = this.#rangeMax;
    const ray = RAY;
    for (let i = 0; i < n; i++) {
      const a = directions[i * 3]!;
      const b = directions[i * 3 + 1]!;
      const c = directions[i * 3 + 2]!;
      ray.x = ex.x * a + ey.x * b + ez.x * c;
      ray.y = ex.y * a + ey.y * b + ez.y * c;
      ray.z = ex.z * a + ey.z * b + ez.z * c;
      world.castRay(o, ray, 0, max, hit);
      const distance = Math.fround(hit.distance);
      let range = distance > max ? Infinity : distance < min ? -Infinity : distance;
      if (this.#noise !== null) range = this.#noise.apply(range);
      // A fault's noise burst adds to the sensor's own, before the clamp.
      if (fault !== null) range += fault();
      if (this.#noise !== null || fault !== null) {
        range = Number.isNaN(range) ? max : Number.isFinite(range) ? Math.max(Math.min(range, max), min) : range;
      }
      ranges[i] = Math.fround(range);
      intensities[i] = hit.distance < Infinity ? retroIntensity(hit.retro) : 0;
    }
    const s = this.#scan;
    const header = { stampNs: this.#context.stampNs(step), frameId: this.#frame };
    if (this.#context.bus.heard(this.#points)) this.#context.bus.publish(this.#points, 'gz.msgs.PointCloudPacked', this.#cloud(header, ranges, intensities));
    this.#context.bus.publish(this.#topic, 'gz.msgs.LaserScan', {
      header,
      frame: this.#frame,
      angleMin: s.angleMin,
      angleMax: s.angleMax,
      angleStep: s.angleStep,
      rangeMin: this.#rangeMin,
      rangeMax: this.#rangeMax,
      count: s.count,
      verticalAngleMin: s.vMin,
      verticalAngleMax: s.vMax,
      verticalAngleStep: s.vStep,
      verticalCount: s.vCount,
      ranges,
      intensities,
    });
  }
}

/** gz-sensors' lidar point cloud layout: x, y, z, intensity (float32), ring (uint16), 32 bytes a point. */
const CLOUD_FIELDS = [
  { name: 'x', offset: 0, datatype: 7, count: 1 },
  { name: 'y', offset: 4, datatype: 7, count: 1 },
  { name: 'z', offset: 8, datatype: 7, count: 1 },
  { name: 'intensity', offset: 16, datatype: 7, count: 1 },
  { name: 'ring', offset: 24, datatype: 4, count: 1 },
];
const POINT_STEP = 32;

/** The ray's direction, reused for every ray. */
const RAY: { x: number; y: number; z: number } & Vec3 = { x: 0, y: 0, z: 0 };

/** laser_retro as gz-rendering's GPU rays carry it: capped at 2000, in a 16-bit unsigned normalized channel. */
function retroIntensity(retro: number): number {
  const capped = Math.min(Math.max(retro, 0), 2000);
  return (Math.round((capped / 2000) * 65535) / 65535) * 2000;
}
