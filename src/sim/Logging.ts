import type { LoggingSeverity } from '../ros/LogOutput.js';
import type { LogLocation } from './Rosout.js';
import type { Simulation } from './Simulation.js';

/**
 * A logger of the simulation: records stamped with sim time, printed at their logger's level,
 * and those of a node's logger (and its child loggers) published on /rosout. rclnodejs's Logging
 * (client/Logging.ts) logs through it.
 */
export class Logging {
  readonly #name: string;
  readonly #simulation: Simulation;

  constructor(name: string, simulation: Simulation) {
    this.#name = name;
    this.#simulation = simulation;
  }

  get name(): string {
    return this.#name;
  }

  /** A record whose caller the client read: `where` is asked only when /rosout publishes it. */
  logAt(severity: LoggingSeverity, message: string, where: () => LogLocation): boolean {
    const time = this.#simulation.engine.nowAbs;
    if (!this.#simulation.logOutput.log(severity, this.#name, message, time)) return false;
    this.#simulation.rosout.publish(this.#name, severity, message, time, where);
    return true;
  }
}
