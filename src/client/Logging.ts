import { homedir } from 'node:os';
import { join } from 'node:path';
import { callerFrame } from '../base/callerFrame.js';
import type { NodePort, Severity } from '../port/NodePort.js';
import { LoggingSeverity } from '../ros/LogOutput.js';
import { TypeValidationError } from '../ros/rclErrors.js';
import { currentPort } from './currentPort.js';

/**
 * rclnodejs's Logging over the node port: a named logger whose records, levels and /rosout are
 * the simulation's. The caller is read here, where the user's code is (docs/rclnodejs.md#logging-rosout-type-descriptions: /rosout names
 * the user's function whoever dispatches the record).
 */
export class Logging {
  static readonly LoggingSeverity = LoggingSeverity;
  readonly #port: NodePort;
  readonly #name: string;
  /** Set when getChild registered this logger as a /rosout sublogger of its parent. */
  #sublogger: { parent: string; child: string } | null = null;

  constructor(name: string, port: NodePort = currentPort()) {
    this.#name = name;
    this.#port = port;
  }

  /** A logger of the program whose code is running. */
  static getLogger(name: string): Logging {
    if (typeof name !== 'string') throw new TypeValidationError('name', name, 'string', { entityType: 'logger' });
    return new Logging(name);
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
    return this.#port.loggerLevel(this.#name) as LoggingSeverity;
  }

  setLoggerLevel(level: LoggingSeverity): void {
    if (typeof level !== 'number') throw new TypeValidationError('level', level, 'number', { entityType: 'logger', entityName: this.#name });
    this.#port.setLoggerLevel(this.#name, level);
  }

  /** A child logger, `<name>.<child>`; a node logger's children publish on /rosout too (rcl's subloggers). */
  getChild(name: string): Logging {
    if (typeof name !== 'string' || name === '') throw new Error('Child logger name must be a non-empty string.');
    const child = new Logging(this.#name === '' ? name : `${this.#name}.${name}`, this.#port);
    if (this.#name !== '' && this.#port.addSublogger(this.#name, name)) child.#sublogger = { parent: this.#name, child: name };
    return child;
  }

  /** Unregisters a child logger from /rosout (rclnodejs 2.x). */
  destroy(): void {
    if (this.#sublogger === null) return;
    this.#port.removeSublogger(this.#sublogger.parent, this.#sublogger.child);
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

  /** As rclnodejs: only strings are logged; a record that passes the level also goes to /rosout. */
  #log(severity: Severity, message: unknown, method: (message: string) => boolean): boolean {
    if (typeof message !== 'string') throw new TypeValidationError('message', message, 'string', { entityType: 'logger', entityName: this.#name });
    return this.#port.log(this.#name, severity, message, () => callerFrame(method));
  }
}
