import { atan2 } from '../base/portableMath.js';
import type { WorldView } from '../sim/WorldView.js';
import type { Shape2 } from '../world/physics/shapes2d.js';
import { round } from './ReportData.js';

/** The models' paths, in points a second of sim time. */
export const PATH_HZ = 10;
/** Path points kept over all models: past them, every path keeps every other point (half the rate). */
export const WORLD_PATH_POINTS = 100_000;
/** Obstacle shapes drawn at most (a wall mesh is one per triangle). */
export const WORLD_SHAPES = 50_000;
/** Contacts marked at most. */
export const WORLD_CONTACTS = 1_000;
/** Where in the run the scans are drawn, when the job does not say: at these shares of its planned end. */
const DEFAULT_SCANS = [0.25, 0.5, 0.75, 1];

/** A length or angle to the micrometre (microradian): plenty for a drawing, short in JSON. */
const fixed = (value: number): number => Math.round(value * 1e6) / 1e6;

/** A shape of the plane: a polygon's x, y pairs (two points: a segment), or a circle's x, y and radius. */
export interface ShapeData {
  circle: boolean;
  points: number[];
}

/** A LaserScan drawn where its sensor was. */
export interface ScanData {
  /** The instant asked for (s from the start); the scan is the last one at or before it. */
  at: number;
  /** When it was published (s from the start). */
  time: number;
  topic: string;
  frame: string;
  /** The sensor in the plane: where, and which way (rad). */
  x: number;
  y: number;
  yaw: number;
  angleMin: number;
  angleIncrement: number;
  rangeMax: number;
  /** Metres (mm precision); null where the ray met nothing in range (±inf, NaN). */
  ranges: (number | null)[];
}

/** The robot's world from above, as the report draws it. */
export interface WorldData {
  name: string;
  /** The heights the moving models span (m): obstacles within them are what they meet, drawn filled; the others outlined. Null: nothing moves. */
  band: [number, number] | null;
  obstacles: (ShapeData & { met: boolean })[];
  /** Seconds between the points of a path. */
  pathPeriod: number;
  /** Each moving model: its path (x, y pairs from its first sample), its pose and its outline at the end. */
  models: { name: string; path: number[]; x: number; y: number; yaw: number; outline: ShapeData[] }[];
  /** Contacts as they began: when (s), where, the model's collision and what it touched. */
  contacts: { time: number; x: number; y: number; collision: string; other: string }[];
  /** The instants asked for that the run did not reach, or at which no scan had come (s). */
  scansMissing: number[];
  scans: ScanData[];
}

interface LaserScanIn {
  header: { frame_id: string };
  angle_min: number;
  angle_increment: number;
  range_max: number;
  ranges: ArrayLike<number>;
}

/** A path being sampled: its points from sample `first` on, every `stride` samples. */
interface Path {
  name: string;
  first: number;
  points: number[];
}

/**
 * The report's World section, gathered while the run goes without changing it (sim/WorldView.ts):
 * the moving models' true poses every 1/PATH_HZ s of sim time on the world's own step grid (as
 * GroundTruth reads them: the same on every run), contacts as they begin at each step, the last
 * LaserScan of each topic at or before each instant asked for (a scan published by a bridge, in
 * the frame of one of the world's sensors, placed where that sensor was when it published), and
 * at the end the static obstacles as the planar physics sees them (each collision's footprint over
 * its height range) and each model's outline where it stopped.
 */
export class WorldDrawing {
  readonly #view: WorldView;
  readonly #paths = new Map<string, Path>();
  #pathPoints = 0;
  #stride = 1;
  readonly #steps: number;
  readonly #contacts: WorldData['contacts'] = [];
  #contactsSeen = 0;
  #touching = new Set<string>();
  /** The instants scans are drawn at (ns from the start), ascending; Infinity: the run's end. */
  readonly #instants: number[];
  readonly #scans = new Map<string, { latest: ScanData | null; next: number }>();
  readonly #picked: ScanData[] = [];

  /**
   * `scansAt`: the instants asked for (ns from the run's start, where the world's step 0 is),
   * else DEFAULT_SCANS of `plannedEnd` (without one, the end).
   */
  constructor(view: WorldView, scansAt: readonly number[] | undefined, plannedEnd: number | undefined) {
    this.#view = view;
    const instants = scansAt ?? (plannedEnd === undefined ? [Infinity] : DEFAULT_SCANS.map((share) => Math.round(share * plannedEnd)));
    this.#instants = [...new Set(instants)].sort((a, b) => a - b);
    this.#steps = view.every(1e9 / PATH_HZ, (_step, index) => this.#sample(index));
    view.eachStep((step) => this.#contactsNow(step));
  }

  /** The grid's `index`th sample: each moving model's place. */
  #sample(index: number): void {
    if (index % this.#stride !== 0) return;
    for (const model of this.#view.world.models) {
      if (model.body === null) continue;
      let path = this.#paths.get(model.name);
      if (path === undefined) this.#paths.set(model.name, (path = { name: model.name, first: index, points: [] }));
      path.points.push(fixed(model.body.x), fixed(model.body.y));
      this.#pathPoints++;
    }
    if (this.#pathPoints > WORLD_PATH_POINTS) this.#thin();
  }

  /** Every path keeps every other point of the grid: half the rate. */
  #thin(): void {
    const stride = this.#stride * 2;
    this.#pathPoints = 0;
    for (const path of this.#paths.values()) {
      const kept: number[] = [];
      let first = -1;
      for (let j = 0; j < path.points.length / 2; j++) {
        const index = path.first + j * this.#stride;
        if (index % stride !== 0) continue;
        if (first < 0) first = index;
        kept.push(path.points[2 * j]!, path.points[2 * j + 1]!);
      }
      path.first = first < 0 ? path.first + this.#stride : first;
      path.points = kept;
      this.#pathPoints += kept.length / 2;
    }
    this.#stride = stride;
  }

  /** Contacts that began at this step: a pair of collisions that did not touch at the step before. */
  #contactsNow(step: number): void {
    const world = this.#view.world;
    const contacts = world.physics.contacts;
    if (contacts.length === 0 && this.#touching.size === 0) return;
    const now = new Set<string>();
    for (const contact of contacts) {
      const one = world.collisionOf(contact.body, contact.shape);
      const other = contact.other < 0 ? world.obstacleCollision(contact.otherShape) : world.collisionOf(contact.other, contact.otherShape);
      const key = `${one}\u0000${other}`;
      if (now.has(key)) continue;
      now.add(key);
      if (this.#touching.has(key)) continue;
      this.#contactsSeen++;
      if (this.#contacts.length >= WORLD_CONTACTS) continue;
      this.#contacts.push({ time: (step * world.stepNs) / 1e9, x: fixed(contact.contact.x), y: fixed(contact.contact.y), collision: one, other });
    }
    this.#touching = now;
  }

  /** A LaserScan published on `topic` now (`now`: ns from the start), if its frame is one of the world's sensors. */
  scan(topic: string, message: unknown, now: number): void {
    let picks = this.#scans.get(topic);
    if (picks === undefined) this.#scans.set(topic, (picks = { latest: null, next: 0 }));
    if (picks.next >= this.#instants.length) return;
    // The instants before now take the scan before this one: the last at or before them.
    while (picks.next < this.#instants.length && this.#instants[picks.next]! < now) this.#pick(picks, this.#instants[picks.next++]!);
    if (picks.next >= this.#instants.length) return;
    const scan = message as LaserScanIn;
    const sensor = this.#view.sensorInPlane(scan.header.frame_id);
    if (sensor === null) return;
    const ranges: (number | null)[] = [];
    for (let i = 0; i < scan.ranges.length; i++) {
      const range = scan.ranges[i]!;
      ranges.push(Number.isFinite(range) ? Math.round(range * 1000) / 1000 : null);
    }
    picks.latest = {
      at: 0,
      time: now / 1e9,
      topic,
      frame: scan.header.frame_id,
      x: fixed(sensor.x),
      y: fixed(sensor.y),
      yaw: fixed(sensor.yaw),
      angleMin: round(scan.angle_min),
      angleIncrement: round(scan.angle_increment),
      rangeMax: round(scan.range_max),
      ranges,
    };
  }

  #pick(picks: { latest: ScanData | null }, instant: number): void {
    if (picks.latest !== null) this.#picked.push({ ...picks.latest, at: instant / 1e9 });
  }

  /** Contacts left out to keep the report small (0: none). */
  get contactsLeftOut(): number {
    return this.#contactsSeen - this.#contacts.length;
  }

  /** Whether the paths were thinned. */
  get thinned(): boolean {
    return this.#stride > 1;
  }

  /** Obstacle shapes left out (0: none). */
  get shapesLeftOut(): number {
    return Math.max(0, this.#view.world.obstacles.shapes.length - WORLD_SHAPES);
  }

  /** The section's data; `end`: the run's end, ns from its start. */
  section(end: number): WorldData {
    for (const picks of this.#scans.values()) {
      while (picks.next < this.#instants.length && this.#instants[picks.next]! <= end) this.#pick(picks, this.#instants[picks.next++]!);
      if (picks.next < this.#instants.length && this.#instants[picks.next] === Infinity) this.#pick(picks, end);
    }
    const world = this.#view.world;
    const bodies = world.models.flatMap((model) => (model.body === null ? [] : [model]));
    const heights = bodies.flatMap((model) => model.body!.shapes);
    const band: [number, number] | null =
      heights.length === 0 ? null : [Math.min(...heights.map((shape) => shape.zMin)), Math.max(...heights.map((shape) => shape.zMax))];
    const scans = this.#picked.sort((a, b) => a.at - b.at || (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0));
    const asked = this.#instants.map((instant) => (instant === Infinity ? end : instant) / 1e9);
    return {
      name: world.description.name,
      band: band === null ? null : [fixed(band[0]), fixed(band[1])],
      obstacles: world.obstacles.shapes.slice(0, WORLD_SHAPES).map((shape) => ({
        ...shapeData(shape, (x, y) => [x, y]),
        met: band !== null && shape.zMax > band[0] && shape.zMin < band[1],
      })),
      pathPeriod: (this.#steps * this.#stride * world.stepNs) / 1e9,
      models: bodies.map((model) => {
        const body = model.body!;
        const place = (x: number, y: number): [number, number] => [body.x + body.c * x - body.s * y, body.y + body.s * x + body.c * y];
        return {
          name: model.name,
          path: this.#paths.get(model.name)?.points ?? [],
          x: fixed(body.x),
          y: fixed(body.y),
          yaw: fixed(atan2(body.s, body.c)),
          outline: body.shapes.map((shape) => shapeData(shape, place)),
        };
      }),
      contacts: this.#contacts,
      scansMissing: asked.filter((at) => !scans.some((scan) => scan.at === at)),
      scans,
    };
  }
}

/** A shape placed by `place` (the plane's rotation and shift: a circle's radius stays). */
function shapeData(shape: Shape2, place: (x: number, y: number) => [number, number]): ShapeData {
  if (shape.kind === 'circle') {
    const [x, y] = place(shape.x, shape.y);
    return { circle: true, points: [fixed(x), fixed(y), fixed(shape.radius)] };
  }
  const points: number[] = [];
  for (let i = 0; i < shape.points.length; i += 2) {
    const [x, y] = place(shape.points[i]!, shape.points[i + 1]!);
    points.push(fixed(x), fixed(y));
  }
  return { circle: false, points };
}
