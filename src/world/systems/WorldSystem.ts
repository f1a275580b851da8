import type { SeededRandom } from '../../base/SeededRandom.js';
import type { ClassicServer } from '../classic/ClassicRos.js';
import type { GzBus } from '../gz/GzBus.js';
import type { SimulatedWorld } from '../SimulatedWorld.js';

/**
 * What Gazebo calls a system (and what its sensors are to rclsim): code the world runs around each
 * physics step, and outputs it publishes on the world's topics at steps of its choosing.
 * `preUpdate` runs before a step (a drive turns its command into joint velocities), `postUpdate`
 * after it (odometry integrates); both must be cheap, they run at every step. Outputs happen only
 * at the steps `nextOutput` names, when the world is there in sim time.
 */
export interface WorldSystem {
  readonly name: string;
  preUpdate?(step: number, dt: number): void;
  postUpdate?(step: number, dt: number): void;
  /** The first step at or after `from` at which it publishes; null when it never will. */
  nextOutput(from: number): number | null;
  /** Publishes what is due at `step` (the world has just stepped there). */
  output(step: number): void;
}

/** What a system is given: the world, its topics, time, warnings and seeded randomness. */
export interface SystemContext {
  readonly world: SimulatedWorld;
  readonly bus: GzBus;
  /** Absolute sim time of a step, ns. */
  stampNs(step: number): bigint;
  /** The step a duration in seconds lasts, rounded up (a rate's period in steps). */
  readonly stepSeconds: number;
  warn(line: string): void;
  /** A random stream of its own, by a name stable across runs (the model's and the sensor's). */
  random(name: string): SeededRandom;
  /** Classic Gazebo's server when it runs the world (gazebo_ros's plugins and their ROS nodes). */
  readonly classic?: ClassicServer;
}
