import { tan } from '../../base/portableMath.js';
import { firstChild } from '../../base/xmlReader.js';
import type { Link, Sensor } from '../description/description.js';
import { SdfValues } from '../description/sdfValues.js';
import { compose, rotate, type Vec3 } from '../geometry/pose.js';
import type { GzCameraInfo, GzHeader, GzPixelFormat, GzPointCloudPacked } from '../gz/messages.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import type { WorldHit } from '../SimulatedWorld.js';
import { type Schedule, sensorSchedule } from '../systems/schedules.js';
import type { SystemContext, WorldSystem } from '../systems/WorldSystem.js';
import { SurfaceColors } from './surfaceColors.js';

/**
 * A camera or a depth camera (SDF `camera`, `depth_camera`, run by gz-sim's Sensors system),
 * rendered by casting one ray per pixel against the world's collision geometry (the lidar's
 * scene) through a pinhole: the camera looks along its frame's +x, pixel (i, j) along
 * (1, ((w − 1)/2 − i)/f, ((h − 1)/2 − j)/f), f = w / (2 tan(hfov/2)) — gz-sensors' PointCloudUtil
 * angles — or through `<lens><intrinsics>` (fx, fy, cx, cy) where the SDF gives them. Cost: one ray cast a pixel (320×240: 76,800 casts an image), and for a camera the
 * shading of each pixel from its neighbours' hits.
 * - camera: gz.msgs.Image RGB_INT8 on `…/sensor/<s>/image` (or `<topic>`): each surface's diffuse
 *   colour (SurfaceColors: a material's, or a Collada mesh's per triangle) lit by a fixed sun and an ambient term, the normal taken from the hits
 *   of the pixel's nearer neighbours; nothing met within the clip planes shows the SDF scene's
 *   default background (0.7 grey). Frames for image pipelines, not photorealism.
 * - depth_camera: gz.msgs.Image R_FLOAT32 on `…/depth_image`: the depth along the optical axis
 *   in float32 metres, +inf where the ray meets nothing within `<clip><far>` and −inf nearer than
 *   `<clip><near>` (gz-rendering's depth shaders); its points (PointCloudPacked x, y, z, rgb at
 *   0, 4, 8, 12, 16 bytes a point, as gz-msgs' InitPointCloudPacked lays them unaligned) on
 *   `<topic>/points`, coloured by the depth as gz-sensors' ConvertDepthToImage greys it.
 * Both publish gz.msgs.CameraInfo on `<camera_info_topic>` or the image topic with its last
 * segment `camera_info` (gz-sensors CameraSensor::PopulateInfo: plumb-bob distortion from SDF,
 * K and P from the pinhole, R identity). Each output only while something subscribes to it.
 */
export class CameraSensor implements WorldSystem {
  readonly name: string;
  readonly #context: SystemContext;
  readonly #model: SimulatedModel;
  readonly #link: Link;
  readonly #sensor: Sensor;
  readonly #depth: boolean;
  readonly #topic: string;
  readonly #infoTopic: string;
  readonly #pointsTopic: string;
  readonly #frame: string;
  readonly #schedule: Schedule;
  readonly #width: number;
  readonly #height: number;
  readonly #near: number;
  readonly #far: number;
  readonly #info: Omit<GzCameraInfo, 'header'>;
  /** Each pixel's unit ray in the camera's frame (x, y, z), rows from the top, columns from the left. */
  readonly #rays: Float64Array;
  readonly #colors: SurfaceColors;
  readonly #hit: WorldHit = { distance: 0, collision: '', retro: 0 };

  constructor(sensor: Sensor, link: Link, model: SimulatedModel, context: SystemContext) {
    this.#context = context;
    this.#model = model;
    this.#link = link;
    this.#sensor = sensor;
    this.#depth = sensor.type === 'depth_camera';
    this.name = `${model.name}::${link.name}::${sensor.name}`;
    const values = new SdfValues(sensor.place.file);
    const camera = firstChild(sensor.element, 'camera');
    if (camera === undefined) throw values.error(sensor.element, `sensor '${sensor.name}' of type ${sensor.type} has no <camera>`);
    const image = firstChild(camera, 'image');
    this.#width = image === undefined ? 320 : values.number(image, 'width', 320);
    this.#height = image === undefined ? 240 : values.number(image, 'height', 240);
    if (!(Number.isInteger(this.#width) && this.#width > 0 && Number.isInteger(this.#height) && this.#height > 0)) {
      throw values.error(image!, `camera '${sensor.name}': <width> and <height> must be whole numbers above 0`);
    }
    const format = image === undefined ? 'R8G8B8' : values.string(image, 'format', 'R8G8B8');
    if (!this.#depth && format !== 'R8G8B8' && format !== 'RGB_INT8') {
      context.warn(`${sensor.place.file}:${sensor.place.line}: camera '${sensor.name}' asks for image format ${format}; rclsim renders R8G8B8`);
    }
    if (firstChild(camera, 'noise') !== undefined) {
      context.warn(
        `${sensor.place.file}:${sensor.place.line}: ${sensor.type} '${sensor.name}' has <noise>, which rclsim does not model: its images are noiseless`,
      );
    }
    const clip = firstChild(camera, 'clip');
    this.#near = clip === undefined ? 0.1 : values.number(clip, 'near', 0.1);
    this.#far = clip === undefined ? 100 : values.number(clip, 'far', 100);
    const hfov = values.number(camera, 'horizontal_fov', 1.047);
    this.#info = cameraInfo(camera, values, this.#width, this.#height, this.#width / (2 * tan(hfov / 2)));
    const [fx, , cx, , fy, cy] = this.#info.intrinsics as [number, number, number, number, number, number];
    this.#rays = new Float64Array(this.#width * this.#height * 3);
    for (let j = 0; j < this.#height; j++) {
      for (let i = 0; i < this.#width; i++) {
        // Through the pixel's centre; the default principal point (w/2, h/2) makes this ((w − 1)/2 − i)/f.
        const y = (cx - (i + 0.5)) / fx;
        const z = (cy - (j + 0.5)) / fy;
        const length = Math.sqrt(1 + y * y + z * z);
        const at = (j * this.#width + i) * 3;
        this.#rays[at] = 1 / length;
        this.#rays[at + 1] = y / length;
        this.#rays[at + 2] = z / length;
      }
    }
    const world = context.world.description.name;
    this.#topic = sensor.topic ?? `/world/${world}/model/${model.name}/link/${link.name}/sensor/${sensor.name}/${this.#depth ? 'depth_image' : 'image'}`;
    const info = values.string(camera, 'camera_info_topic', '');
    this.#infoTopic = info !== '' ? info : `${this.#topic.replace(/\/*[^/]*\/*$/, '')}/camera_info`;
    this.#pointsTopic = `${this.#topic}/points`;
    const optical = values.string(camera, 'optical_frame_id', '');
    this.#frame = optical !== '' ? optical : (sensor.frameId ?? this.name);
    this.#schedule = sensorSchedule(sensor.updateRate, context.world.stepNs);
    this.#colors = new SurfaceColors(context.world);
  }

  nextOutput(from: number): number | null {
    const bus = this.#context.bus;
    const heard = bus.heard(this.#topic) || bus.heard(this.#infoTopic) || (this.#depth && bus.heard(this.#pointsTopic));
    return heard ? this.#schedule.next(from) : null;
  }

  output(step: number): void {
    this.#schedule.done(step);
    const bus = this.#context.bus;
    const header: GzHeader = { stampNs: this.#context.stampNs(step), frameId: this.#frame };
    const width = this.#width;
    const height = this.#height;
    if (bus.heard(this.#topic) || (this.#depth && bus.heard(this.#pointsTopic))) {
      const cast = this.#cast();
      const distances = cast.distances;
      if (this.#depth) {
        const depths = this.#depths(distances);
        const data = new Uint8Array(width * height * 4);
        const view = new DataView(data.buffer);
        for (let k = 0; k < depths.length; k++) view.setFloat32(k * 4, depths[k]!, true);
        if (bus.heard(this.#topic)) bus.publish(this.#topic, 'gz.msgs.Image', { header, width, height, step: width * 4, pixelFormat: 'R_FLOAT32', data });
        if (bus.heard(this.#pointsTopic)) bus.publish(this.#pointsTopic, 'gz.msgs.PointCloudPacked', this.#points(header, distances, depths));
      } else {
        const data = this.#shade(cast);
        bus.publish(this.#topic, 'gz.msgs.Image', { header, width, height, step: width * 3, pixelFormat: 'RGB_INT8' satisfies GzPixelFormat, data });
      }
    }
    if (bus.heard(this.#infoTopic)) bus.publish(this.#infoTopic, 'gz.msgs.CameraInfo', { header, ...this.#info });
  }

  /** Each pixel's ray cast from where the camera is now. */
  #cast(): Cast {
    const pose = compose(this.#model.linkPose(this.#link.name), this.#sensor.pose);
    const o = pose.position;
    const ex = rotate(pose.rotation, { x: 1, y: 0, z: 0 });
    const ey = rotate(pose.rotation, { x: 0, y: 1, z: 0 });
    const ez = rotate(pose.rotation, { x: 0, y: 0, z: 1 });
    const rays = this.#rays;
    const n = rays.length / 3;
    const cast: Cast = { origin: o, directions: new Float64Array(n * 3), distances: new Float64Array(n), met: new Array<string>(n) };
    const world = this.#context.world;
    const hit = this.#hit;
    for (let k = 0; k < n; k++) {
      const a = rays[k * 3]!;
      const b = rays[k * 3 + 1]!;
      const c = rays[k * 3 + 2]!;
      const d = RAY;
      d.x = ex.x * a + ey.x * b + ez.x * c;
      d.y = ex.y * a + ey.y * b + ez.y * c;
      d.z = ex.z * a + ey.z * b + ez.z * c;
      cast.directions[k * 3] = d.x;
      cast.directions[k * 3 + 1] = d.y;
      cast.directions[k * 3 + 2] = d.z;
      // A camera does not draw what is nearer than its near plane; a depth camera reads it as −inf.
      world.castRay(o, d, this.#depth ? 0 : this.#near / a, this.#far / a, hit);
      cast.distances[k] = hit.distance;
      cast.met[k] = hit.collision;
    }
    return cast;
  }

  /** Depth along the optical axis, float32: +inf past the far plane or where nothing is met, −inf nearer than the near plane. */
  #depths(distances: Float64Array): Float32Array {
    const depths = new Float32Array(distances.length);
    for (let k = 0; k < distances.length; k++) {
      const distance = distances[k]!;
      const depth = distance * this.#rays[k * 3]!;
      depths[k] = !(distance <= this.#far) ? Infinity : depth < this.#near ? -Infinity : depth;
    }
    return depths;
  }

  /** The depth camera's points in its frame, each grey as gz-sensors' ConvertDepthToImage makes it (255 − depth × 255 / the farthest finite depth). */
  #points(header: GzHeader, distances: Float64Array, depths: Float32Array): GzPointCloudPacked {
    const n = depths.length;
    const data = new Uint8Array(n * 16);
    const view = new DataView(data.buffer);
    let farthest = 0;
    for (const depth of depths) if (depth > farthest && depth !== Infinity) farthest = depth;
    const factor = 255 / farthest;
    let dense = true;
    for (let k = 0; k < n; k++) {
      const depth = depths[k]!;
      const at = k * 16;
      if (Number.isFinite(depth)) {
        const distance = distances[k]!;
        view.setFloat32(at, depth, true);
        view.setFloat32(at + 4, distance * this.#rays[k * 3 + 1]!, true);
        view.setFloat32(at + 8, distance * this.#rays[k * 3 + 2]!, true);
        const grey = Math.trunc(255 - depth * factor);
        data[at + 12] = grey;
        data[at + 13] = grey;
        data[at + 14] = grey;
      } else {
        dense = false;
        view.setFloat32(at, depth, true);
        view.setFloat32(at + 4, depth, true);
        view.setFloat32(at + 8, depth, true);
      }
    }
    const width = this.#width;
    return { header, fields: DEPTH_FIELDS, width, height: this.#height, pointStep: 16, rowStep: 16 * width, isDense: dense, data };
  }

  /**
   * The camera's RGB pixels: a surface's colour × (ambient + diffuse × the cosine of its normal
   * with the sun). The normal is the cross product of the steps to the horizontal and vertical
   * neighbour whose hit is nearest in distance (so an edge takes its normal from its own surface),
   * turned to face the camera; a pixel alone on its surface faces the camera.
   */
  #shade({ origin: o, directions: rays, distances, met }: Cast): Uint8Array {
    const width = this.#width;
    const height = this.#height;
    const point = (k: number, axis: number) => (axis === 0 ? o.x : axis === 1 ? o.y : o.z) + rays[k * 3 + axis]! * distances[k]!;
    const data = new Uint8Array(width * height * 3);
    for (let j = 0; j < height; j++) {
      for (let i = 0; i < width; i++) {
        const k = j * width + i;
        const at = k * 3;
        const distance = distances[k]!;
        if (distance === Infinity) {
          data[at] = BACKGROUND;
          data[at + 1] = BACKGROUND;
          data[at + 2] = BACKGROUND;
          continue;
        }
        const nearest = (a: number, b: number, ok: (m: number) => boolean): number => {
          const da = ok(a) ? Math.abs(distances[a]! - distance) : Infinity;
          const db = ok(b) ? Math.abs(distances[b]! - distance) : Infinity;
          return da === Infinity && db === Infinity ? -1 : db < da ? b : a;
        };
        const h = nearest(k + 1, k - 1, (m) => (m === k + 1 ? i + 1 < width : i > 0) && distances[m] !== Infinity);
        const v = nearest(k + width, k - width, (m) => (m === k + width ? j + 1 < height : j > 0) && distances[m] !== Infinity);
        const dx = rays[k * 3]!;
        const dy = rays[k * 3 + 1]!;
        const dz = rays[k * 3 + 2]!;
        let nx = -dx;
        let ny = -dy;
        let nz = -dz;
        if (h >= 0 && v >= 0) {
          const ax = point(h, 0) - point(k, 0);
          const ay = point(h, 1) - point(k, 1);
          const az = point(h, 2) - point(k, 2);
          const bx = point(v, 0) - point(k, 0);
          const by = point(v, 1) - point(k, 1);
          const bz = point(v, 2) - point(k, 2);
          const cx = ay * bz - az * by;
          const cy = az * bx - ax * bz;
          const cz = ax * by - ay * bx;
          const length = Math.sqrt(cx * cx + cy * cy + cz * cz);
          if (length > 0) {
            const facing = cx * dx + cy * dy + cz * dz > 0 ? -1 : 1;
            nx = (facing * cx) / length;
            ny = (facing * cy) / length;
            nz = (facing * cz) / length;
          }
        }
        const lambert = Math.max(0, nx * SUN.x + ny * SUN.y + nz * SUN.z);
        const light = AMBIENT + (1 - AMBIENT) * lambert;
        const color = this.#colors.at(met[k]!, o, { x: dx, y: dy, z: dz });
        data[at] = channel(color.r * light);
        data[at + 1] = channel(color.g * light);
        data[at + 2] = channel(color.b * light);
      }
    }
    return data;
  }
}

/** A cast of every pixel's ray: its direction in the world, the distance it went (Infinity: nothing met within the far plane) and the collision it met. */
interface Cast {
  readonly origin: Vec3;
  readonly directions: Float64Array;
  readonly distances: Float64Array;
  readonly met: string[];
}

/**
 * gz.msgs.CameraInfo as gz-sensors fills it from SDF (CameraSensor::PopulateInfo, and Load: without
 * `<lens><intrinsics>`, K is the one the field of view makes — f = w / (2 tan(hfov/2)) both ways,
 * the centre at (w/2, h/2) — and without `<lens><projection>`, P's is K's with no translation).
 */
function cameraInfo(camera: Sensor['element'], values: SdfValues, width: number, height: number, focal: number): Omit<GzCameraInfo, 'header'> {
  const distortion = firstChild(camera, 'distortion');
  const k = (name: string) => (distortion === undefined ? 0 : values.number(distortion, name, 0));
  const lens = firstChild(camera, 'lens');
  const given = lens === undefined ? undefined : firstChild(lens, 'intrinsics');
  const intrinsic = (name: string, fallback: number) => (given === undefined ? fallback : values.number(given, name, fallback));
  const fx = intrinsic('fx', focal);
  const fy = intrinsic('fy', focal);
  const cx = intrinsic('cx', width / 2);
  const cy = intrinsic('cy', height / 2);
  const projection = lens === undefined ? undefined : firstChild(lens, 'projection');
  const p = (name: string, fallback: number) => (projection === undefined ? fallback : values.number(projection, name, fallback));
  return {
    width,
    height,
    distortion: [k('k1'), k('k2'), k('p1'), k('p2'), k('k3')],
    intrinsics: [fx, 0, cx, 0, fy, cy, 0, 0, 1],
    projection: [p('p_fx', fx), 0, p('p_cx', cx), p('tx', 0), 0, p('p_fy', fy), p('p_cy', cy), p('ty', 0), 0, 0, 1, 0],
    rectification: [1, 0, 0, 0, 1, 0, 0, 0, 1],
  };
}

/** A colour channel in [0, 1] as a byte. */
function channel(value: number): number {
  return Math.round(Math.min(Math.max(value, 0), 1) * 255);
}

/** The direction to the fixed sun (SDF's usual sun shines along (−0.5, 0.1, −0.9)), unit. */
const SUN = (() => {
  const length = Math.sqrt(0.5 * 0.5 + 0.1 * 0.1 + 0.9 * 0.9);
  return { x: 0.5 / length, y: -0.1 / length, z: 0.9 / length };
})();
const AMBIENT = 0.4;
/** SDF's `<scene><background>` default, 0.7 grey. */
const BACKGROUND = channel(0.7);

/** A depth camera's points as gz-msgs' InitPointCloudPacked lays out xyz and rgb, unaligned. */
const DEPTH_FIELDS = [
  { name: 'x', offset: 0, datatype: 7, count: 1 },
  { name: 'y', offset: 4, datatype: 7, count: 1 },
  { name: 'z', offset: 8, datatype: 7, count: 1 },
  { name: 'rgb', offset: 12, datatype: 7, count: 1 },
];

const RAY: { x: number; y: number; z: number } & Vec3 = { x: 0, y: 0, z: 0 };
