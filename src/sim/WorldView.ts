import type { Engine } from '../engine/Engine.js';
import type { Sensor } from '../world/description/description.js';
import { compose, yawOf } from '../world/geometry/pose.js';
import type { SimulatedModel } from '../world/SimulatedModel.js';
import type { SimulatedWorld } from '../world/SimulatedWorld.js';
import type { Simulation } from './Simulation.js';

/** A sensor of a model, by the frame a bridge gives its messages. */
export interface SensorFrame {
  /** `model/link/sensor` (Gazebo's `::` as a bridge makes it), or its `<gz_frame_id>`. */
  readonly frame: string;
  /** Whether the frame is Gazebo's own name for it (not a `<gz_frame_id>` the robot's own tf may name too). */
  readonly scoped: boolean;
  readonly model: SimulatedModel;
  readonly link: string;
  readonly sensor: Sensor;
}

/**
 * The world as those who draw it look at it (the report's World section; WorldScene, the scene
 * recordings and the live view show), without changing the run: they read it after the steps it
 * takes anyway (SimulatedWorld.stepWatchers) and never step it while the run goes on, so a run is the
 * same whoever looks. Samples come on a grid of whole steps from step 0, at a rate of sim time,
 * so what they draw is the same on every run however often the run itself looked at the world.
 * Once the run has ended, `catchUp` brings the world to the end for the last look.
 */
export class WorldView {
  readonly world: SimulatedWorld;
  readonly #engine: Engine;
  readonly #paused: boolean;
  #sensors: SensorFrame[] = [];
  /** How many models the world had when #sensors was listed. */
  #listed = -1;

  /** The view of a started world (WorldHost makes one for the first who asks), brought to the run's end when it ends. */
  static of(simulation: Simulation, world: SimulatedWorld, paused: boolean): WorldView {
    const view = new WorldView(simulation.engine, world, paused);
    simulation.viewTopics.onFinish(() => view.catchUp());
    return view;
  }

  private constructor(engine: Engine, world: SimulatedWorld, paused: boolean) {
    this.#engine = engine;
    this.world = world;
    this.#paused = paused;
  }

  /**
   * Calls `sample` at the steps on a grid of `periodNs` (rounded to whole steps, at least one),
   * with the step and its place on the grid: now if the world is on it, then as the world steps
   * there. Returns the grid's period in steps.
   */
  every(periodNs: number, sample: (step: number, index: number) => void): number {
    const steps = Math.max(1, Math.round(periodNs / this.world.stepNs));
    if (this.world.step % steps === 0) sample(this.world.step, this.world.step / steps);
    this.world.stepWatchers.push((step) => {
      if (step % steps === 0) sample(step, step / steps);
    });
    return steps;
  }

  /** Calls `look` after every step. */
  eachStep(look: (step: number) => void): void {
    this.world.stepWatchers.push(look);
  }

  /** Absolute sim time of a step, ns. */
  timeOf(step: number): bigint {
    return this.world.originNs + BigInt(step) * BigInt(this.world.stepNs);
  }

  /** Once the run has ended: the world stepped to its end (a paused world stays at its start), for the last samples. */
  catchUp(): void {
    if (this.#paused) return;
    const world = this.world;
    world.advanceTo(Number((this.#engine.nowAbs - world.originNs) / BigInt(world.stepNs)));
  }

  /** Every sensor of the world's models, by its frame, in the order of models, links and sensors. */
  sensors(): readonly SensorFrame[] {
    const models = this.world.models;
    if (this.#listed === models.length) return this.#sensors;
    this.#listed = models.length;
    this.#sensors = models.flatMap((model) =>
      model.description.links.flatMap((link) =>
        link.sensors.map((sensor) => ({
          frame: (sensor.frameId ?? `${model.name}::${link.name}::${sensor.name}`).replaceAll('::', '/'),
          scoped: sensor.frameId === null,
          model,
          link: link.name,
          sensor,
        })),
      ),
    );
    return this.#sensors;
  }

  /** Where in the plane the sensor whose messages carry `frame` is now, and its heading (null: no sensor of the world's). */
  sensorInPlane(frame: string): { x: number; y: number; yaw: number } | null {
    const found = this.sensors().find((sensor) => sensor.frame === frame);
    if (found === undefined) return null;
    const pose = compose(found.model.linkPose(found.link), found.sensor.pose);
    return { x: pose.position.x, y: pose.position.y, yaw: yawOf(pose.rotation) };
  }
}
