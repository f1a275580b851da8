import { homedir } from 'node:os';
import { join } from 'node:path';
import { callerFrame } from '../engine/callerFrame.js';
import { TypeValidationError } from './errors.js';
import { LoggingSeverity, type LogOutput } from './LogOutput.js';
import type { LogLocation } from './Rosout.js';
import { Simulation } from './Simulation.js';

/**
 * rclnodejs's Logging: a named logger with a severity threshold. Records are stamped with the
 * sim time of the simulation the logger belongs to; those of a node's logger (and its child
 * loggers) are also published on /rosout.
 */
export class Logging {
  static readonly LoggingSeverity = LoggingSeverity;
  readonly #name: string;
  readonly #simulation: Simulation;
  /** Set when getChild registered this logger as a /rosout sublogger of its parent. */
  #sublogger: { parent: string; child: string } | null = null;

  constructor(name: string, simulation: Simulation) {
    this.#name = name;
    this.#simulation = simulation;
  }

  /** A logger of the simulation that is running now. */
  static getLogger(name: string): Logging {
    if (typeof name !== 'string') throw new TypeValidationError('name', name, 'string', { entityType: 'logger' });
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
    if (typeof level !== 'number') throw new TypeValidationError('level', level, 'number', { entityType: 'logger', entityName: this.#name });
    this.#output.setLevel(this.#name, level);
  }

  /** A child logger, `<name>.<child>`; a node logger's children publish on /rosout too (rcl's subloggers). */
  getChild(name: string): Logging {
    if (typeof name !== 'string' || name === '') throw new Error('Child logger name must be a non-empty string.');
    const child = new Logging(this.#name === '' ? name : `${this.#name}.${name}`, this.#simulation);
    if (this.#name !== '' && this.#simulation.rosout.addSublogger(this.#name, name)) child.#sublogger = { parent: this.#name, child: name };
    return child;
  }

  /** Unregisters a child logger from /rosout (rclnodejs 2.x). */
  destroy(): void {
    if (this.#sublogger === null) return;
    this.#simulation.rosout.removeSublogger(this.#sublogger.parent, this.#sublogger.child);
    this.#sublogger = null;
  }

  debug(message: string): boolean {
    return this.#log(LoggingSeverity.DEBUG, message, Logging.prototype.debug);
  }
  info(message: string): boolean {
    return this.#log(LoggingSeverity.INFO, message, Logging.prototype.info);
  }
  warn(message: string): boolean {
    return this.#log(LoggingSeverity.WARN, message, Logging.prototype.warn);
  }
  error(message: string): boolean {
    return this.#log(LoggingSeverity.ERROR, message, Logging.prototype.error);
  }
  fatal(message: string): boolean {
    return this.#log(LoggingSeverity.FATAL, message, Logging.prototype.fatal);
  }

  get #output(): LogOutput {
    return this.#simulation.logOutput;
  }

  /** As rclnodejs: only strings are logged; a record that passes the level also goes to /rosout. */
  #log(severity: LoggingSeverity, message: unknown, method: (message: string) => boolean): boolean {
    if (typeof message !== 'string') throw new TypeValidationError('message', message, 'string', { entityType: 'logger', entityName: this.#name });
    return this.logAt(severity, message, () => callerFrame(method));
  }

  /** A record whose caller the client read (a client of the node port): `where` is asked only when /rosout publishes it. */
  logAt(severity: LoggingSeverity, message: string, where: () => LogLocation): boolean {
    const time = this.#simulation.engine.nowAbs;
    if (!this.#output.log(severity, this.#name, message, time)) return false;
    this.#simulation.rosout.publish(this.#name, severity, message, time, where);
    return true;
  }
}
