import type { TimeModel } from '../TimeModel.js';

/** When a fault is active: ns from the run's start, `until` exclusive (Infinity: to the end). */
export interface FaultInterval {
  from: number;
  until: number;
}

/** What a fault on a topic does to a delivery (one message reaching one subscription). */
export type TopicEffect =
  | { kind: 'drop'; probability: number }
  | { kind: 'delay'; time: TimeModel; probability: number }
  /** A second copy, `time` after the first. */
  | { kind: 'duplicate'; time: TimeModel; probability: number }
  /** Each delivery held a time drawn uniformly within the window: those within one arrive shuffled. */
  | { kind: 'reorder'; window: number }
  /** Every delivery dropped while the fault is active. */
  | { kind: 'freeze' };

/** What a fault on a service does to a request or response reaching its receiver. */
export type ServiceEffect = { kind: 'lose'; part: 'request' | 'response'; probability: number } | { kind: 'delay'; time: TimeModel; probability: number };

/** What a fault in the world acts on: a sensor (`model/link/sensor` or its gz topic), a wheel's joint (`model/joint`), or a model's body; a name or a pattern. */
export type WorldTarget = { sensor: string } | { wheel: string } | { model: string };

/** What a fault in the world does while an occurrence of it lasts (a push: at its instant). */
export type WorldEffect =
  | { kind: 'dropout' }
  /** Extra Gaussian noise on each value, this standard deviation in the values' units. */
  | { kind: 'noise_burst'; stddev: number }
  | { kind: 'stuck' }
  /** The slip ratio: the ground moves the wheel by 1 − ratio of its turn. */
  | { kind: 'slip'; ratio: number }
  /** A velocity change (world frame: x, y in m/s, the turn in rad/s), or a speed in a direction drawn. */
  | { kind: 'push'; velocity: readonly [number, number, number] | null; speed: number | null };

/** When a fault in the world fires: once over its interval, at an instant, or at a rate (per second) for `duration` ns each time. */
export type WorldTiming = { kind: 'interval' } | { kind: 'at'; at: number } | { kind: 'rate'; rate: number; duration: number };

/** One entry of a job's `faults:`, by its name (its random streams derive from the name, not its place). */
export type FaultConfig = FaultInterval & { name: string } & (
    | { kind: 'topic'; topic: string; effect: TopicEffect }
    | { kind: 'service'; service: string; effect: ServiceEffect }
    /** Between hosts of different groups: nothing crosses (`slowed` null), or every crossing is delayed. */
    | { kind: 'partition'; groups: readonly (readonly string[])[]; slowed: number | null }
    /** A program in its own process killed at `at`, or at a rate (per second of sim time); its on_exit applies. */
    | { kind: 'crash'; program: string; at: number | null; rate: number | null }
    /** In the robot's world: a sensor, a wheel, a body (sim/faults/WorldFaults.ts). */
    | { kind: 'world'; target: WorldTarget; effect: WorldEffect; timing: WorldTiming }
    /** Single occurrences, as `rclsim shrink` writes them: no draws. */
    | { kind: 'explicit'; occurrences: readonly Occurrence[] }
  );

/**
 * One fault that fired, named so that it can be applied again without a draw: a message by its
 * publisher and sequence number and its receiver (not by sim time, which shifts when another
 * fault is removed), a service call by its client and sequence number, a crash by its time (ns from the start).
 * `fault` names the job's fault it came from. `life` (of the publisher or client) and
 * `receiver_life`, when not 1, tell a later endpoint of the same name from the first: a
 * respawned program's, whose sequence numbers count from 1 again (Faults#nameOf).
 */
export type Occurrence =
  | ({ fault: string; topic: string; publisher: string; life?: number; sequence: number; receiver: string; receiver_life?: number } & (
      | { drop: true }
      | { delay: number }
      | { duplicate: number }
    ))
  | ({ fault: string; service: string; client: string; life?: number; sequence: number; part: 'request' | 'response' } & ({ lose: true } | { delay: number }))
  | { fault: string; program: string; at: number }
  | WorldOccurrence;

/**
 * A fault in the world that fired: what it named, from `at` to `until` (ns from the start, on
 * the world's step boundaries; no `until`: to the end), and its effect. A push is an instant,
 * its velocity change explicit (x, y, and the turn when it has one). A noise burst's values come
 * from a stream of the seed, the fault's name and `at`, so the explicit form with the job's seed
 * replays them.
 */
export type WorldOccurrence = { fault: string } & (
  | ({ sensor: string; at: number; until?: number } & ({ dropout: true } | { noise_burst: number }))
  | ({ wheel: string; at: number; until?: number } & ({ stuck: true } | { slip: number }))
  | { model: string; at: number; push: number[] }
);
