import { callerFrame } from '../engine/callerFrame.js';
import type { NodePort, Severity } from '../port/NodePort.js';

/**
 * rclnodejs's Logging as a client of the node port: the record, its level and /rosout are the
 * simulation's; the caller is read here, where the user's code is (DESIGN.md: /rosout names the
 * user's function whoever dispatches the record).
 */
export class Logger {
  readonly #port: NodePort;
  readonly #name: string;

  constructor(port: NodePort, name: string) {
    this.#port = port;
    this.#name = name;
  }

  get name(): string {
    return this.#name;
  }

  debug(message: string): boolean {
    return this.#log(10, message, Logger.prototype.debug);
  }
  info(message: string): boolean {
    return this.#log(20, message, Logger.prototype.info);
  }
  warn(message: string): boolean {
    return this.#log(30, message, Logger.prototype.warn);
  }
  error(message: string): boolean {
    return this.#log(40, message, Logger.prototype.error);
  }
  fatal(message: string): boolean {
    return this.#log(50, message, Logger.prototype.fatal);
  }

  #log(severity: Severity, message: unknown, method: (message: string) => boolean): boolean {
    if (typeof message !== 'string') throw new TypeError(`a log message must be a string, got ${typeof message}`);
    return this.#port.log(this.#name, severity, message, () => callerFrame(method));
  }
}
