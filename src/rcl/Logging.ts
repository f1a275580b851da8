import { homedir } from 'node:os';
import { join } from 'node:path';
import { LoggingSeverity, type LogOutput } from './LogOutput.js';
import { Simulation } from './Simulation.js';

/**
 * rclnodejs's Logging: a named logger with a severity threshold. Records are stamped with the
 * sim time of the simulation the logger belongs to.
 */
export class Logging {
  static readonly LoggingSeverity = LoggingSeverity;
  readonly #name: string;
  readonly #simulation: Simulation;

  constructor(name: string, simulation: Simulation) {
    this.#name = name;
    this.#simulation = simulation;
  }

  /** A logger of the simulation that is running now. */
  static getLogger(name: string): Logging {
    return new Logging(name, Simulation.current());
  }

  /**
   * rcl_logging_get_logging_directory: $ROS_LOG_DIR, else $ROS_HOME/log, else ~/.ros/log (rclsim
   * writes no log files there; programs that ask get the answer ROS 2 would give).
   */
  static getLoggingDirectory(): string {
    const home = process.env.ROS_HOME || join(homedir(), '.ros');
    return process.env.ROS_LOG_DIR || join(home, 'log');
  }

  /** rclnodejs offers the severities on every logger too. */
  get LoggingSeverity(): typeof LoggingSeverity {
    return LoggingSeverity;
  }

  get name(): string {
    return this.#name;
  }

  get loggerEffectiveLevel(): LoggingSeverity {
    return this.#output.effectiveLevel(this.#name);
  }

  setLoggerLevel(level: LoggingSeverity): void {
    this.#output.setLevel(this.#name, level);
  }

  getChild(name: string): Logging {
    return new Logging(`${this.#name}.${name}`, this.#simulation);
  }

  debug(message: unknown): boolean {
    return this.#log(LoggingSeverity.DEBUG, message);
  }
  info(message: unknown): boolean {
    return this.#log(LoggingSeverity.INFO, message);
  }
  warn(message: unknown): boolean {
    return this.#log(LoggingSeverity.WARN, message);
  }
  error(message: unknown): boolean {
    return this.#log(LoggingSeverity.ERROR, message);
  }
  fatal(message: unknown): boolean {
    return this.#log(LoggingSeverity.FATAL, message);
  }

  get #output(): LogOutput {
    return this.#simulation.logOutput;
  }

  #log(severity: LoggingSeverity, message: unknown): boolean {
    return this.#output.log(severity, this.#name, message, this.#simulation.engine.nowAbs);
  }
}
