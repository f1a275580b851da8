import type { SeededRandom } from '../base/SeededRandom.js';
import type { PlanarBody } from './physics/PlanarBody.js';

/** What a fault does inside the world while it lasts. */
export type DisturbanceEffect =
  /** A sensor publishes nothing. */
  | { readonly kind: 'dropout' }
  /** A sensor's values get extra Gaussian noise (stddev in their units), drawn from the occurrence's own stream. */
  | { readonly kind: 'noise_burst'; readonly stddev: number; readonly random: SeededRandom }
  /** A wheel is held at zero turning rate. */
  | { readonly kind: 'stuck' }
  /** A wheel turns as driven, but the ground moves it by only 1 − ratio of that. */
  | { readonly kind: 'slip'; readonly ratio: number }
  /** A body's velocity changes at once (world frame: m/s, m/s, rad/s). */
  | { readonly kind: 'push'; readonly vx: number; readonly vy: number; readonly w: number };

/**
 * One fault occurrence in the world: its effect on what `target` names (a sensor by
 * `model/link/sensor` or its topic, a wheel by `model/joint`, a body by its model's name) from
 * the step boundary `from` until the boundary `until` (exclusive). A sensor's outputs at the
 * boundaries within it are affected; so are the physics steps that start within it (step k runs
 * from boundary k − 1 to k); a push acts on the first of those alone.
 */
export interface Disturbance {
  readonly from: number;
  readonly until: number;
  readonly target: (name: string) => boolean;
  readonly effect: DisturbanceEffect;
}

/** What a sensor's faults do to its output at a step: nothing (null), no output, or extra noise on each value. */
export type SensorFault = null | 'dropout' | (() => number);

/** A sensor's faults: the occurrences that name it, asked at each of its outputs. */
export class SensorDisturbances {
  readonly names: readonly string[];
  readonly #disturbances: Disturbance[] = [];

  constructor(names: readonly string[]) {
    this.names = names;
  }

  add(disturbance: Disturbance): void {
    if (this.names.some(disturbance.target)) this.#disturbances.push(disturbance);
  }

  at(step: number): SensorFault {
    const list = this.#disturbances;
    if (list.length === 0) return null;
    let bursts: { stddev: number; random: SeededRandom }[] | null = null;
    let dropout = false;
    for (let i = list.length - 1; i >= 0; i--) {
      const { from, until, effect } = list[i]!;
      if (until <= step) {
        list.splice(i, 1);
        continue;
      }
      if (step < from) continue;
      if (effect.kind === 'dropout') dropout = true;
      else if (effect.kind === 'noise_burst') (bursts ??= []).unshift(effect);
    }
    if (dropout) return 'dropout';
    if (bursts === null) return null;
    const active = bursts;
    return () => {
      let sum = 0;
      for (const { stddev, random } of active) sum += stddev * random.nextNormal();
      return sum;
    };
  }
}

/** A moving model's body as faults name it: the model, and each wheel's joint (`model/joint`). */
interface BodyNames {
  readonly name: string;
  readonly body: PlanarBody;
  readonly wheels: readonly string[];
}

/**
 * The world's faults in force (sim/faults/WorldFaults.ts tells it each occurrence before its
 * time comes): sensors ask at each output, and the world applies the wheels' and bodies' at
 * each step, after its systems commanded the joints and before the physics.
 */
export class Disturbances {
  readonly #sensors: SensorDisturbances[] = [];
  readonly #bodies: BodyNames[] = [];
  /** Sensor occurrences, for sensors made later (a model spawned after they were told). */
  readonly #onSensors: Disturbance[] = [];
  readonly #onBodies: Disturbance[] = [];
  /** Bodies whose wheels' grip a step lowered: restored after it. */
  readonly #slipped: PlanarBody[] = [];

  /** A sensor's faults, by its names (`model/link/sensor`, its topic). */
  sensor(names: readonly string[]): SensorDisturbances {
    const sensor = new SensorDisturbances(names);
    for (const disturbance of this.#onSensors) sensor.add(disturbance);
    this.#sensors.push(sensor);
    return sensor;
  }

  /** A moving model's body, with its wheels' joint names in the body's wheel order. */
  body(name: string, body: PlanarBody, wheelJoints: readonly string[]): void {
    this.#bodies.push({ name, body, wheels: wheelJoints.map((joint) => `${name}/${joint}`) });
  }

  add(disturbance: Disturbance): void {
    const kind = disturbance.effect.kind;
    if (kind === 'dropout' || kind === 'noise_burst') {
      this.#onSensors.push(disturbance);
      for (const sensor of this.#sensors) sensor.add(disturbance);
    } else this.#onBodies.push(disturbance);
  }

  /** The names faults may give: every sensor's, wheel's and body's the world has. */
  names(): { sensors: string[]; wheels: string[]; models: string[] } {
    return {
      sensors: this.#sensors.flatMap((sensor) => sensor.names),
      wheels: this.#bodies.flatMap((body) => body.wheels),
      models: this.#bodies.map((body) => body.name),
    };
  }

  /** Before the physics of `step`: stuck wheels held, slipping ones' grip lowered, pushes given. */
  apply(step: number): void {
    const list = this.#onBodies;
    for (let i = list.length - 1; i >= 0; i--) {
      if (list[i]!.until < step) list.splice(i, 1);
    }
    for (const { from, until, target, effect } of list) {
      if (step <= from || step > until) continue;
      for (const { name, body, wheels } of this.#bodies) {
        if (effect.kind === 'push') {
          if (step !== from + 1 || !target(name)) continue;
          body.vx += effect.vx;
          body.vy += effect.vy;
          body.w += effect.w;
          continue;
        }
        for (let w = 0; w < wheels.length; w++) {
          if (!target(wheels[w]!)) continue;
          if (effect.kind === 'stuck') body.commands[w] = 0;
          else if (effect.kind === 'slip') {
            body.grip[w] = body.grip[w]! * (1 - effect.ratio);
            this.#slipped.push(body);
          }
        }
      }
    }
  }

  /** After the physics of a step: grips back to whole. */
  release(): void {
    for (const body of this.#slipped) body.grip.fill(1);
    this.#slipped.length = 0;
  }
}
