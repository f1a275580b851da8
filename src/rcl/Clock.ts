import { ClockType } from './ClockType.js';
import { Simulation } from './Simulation.js';
import { Time } from './Time.js';

/** rclnodejs's Clock. Inside a simulation every clock type reads sim time. */
export class Clock {
  static readonly ClockType = ClockType;
  readonly #clockType: ClockType;
  readonly #simulation: Simulation;

  constructor(clockType: ClockType = ClockType.SYSTEM_TIME, simulation: Simulation = Simulation.current()) {
    this.#clockType = clockType;
    this.#simulation = simulation;
  }

  get clockType(): ClockType {
    return this.#clockType;
  }

  now(): Time {
    return Time.fromNanoseconds(this.#simulation.engine.nowAbs, this.#clockType);
  }
}

/** The ROS clock of a node: ROS time is always active and driven by the simulation. */
export class ROSClock extends Clock {
  constructor(simulation: Simulation = Simulation.current()) {
    super(ClockType.ROS_TIME, simulation);
  }

  get isRosTimeActive(): boolean {
    return true;
  }

  get rosTimeOverride(): Time {
    return this.now();
  }
}
