import { TypeValidationError } from '../ros/rclErrors.js';
import type { Clock } from './Clock.js';
import type { AssertAlive, NodeEntities } from './NodeEntities.js';
import { Rate } from './Rate.js';
import { Timer, type TimerCallback } from './Timer.js';

/** A node's timers and rates, on sim time (rclcpp's node_timers). */
export class NodeTimers {
  readonly #nodeName: string;
  readonly #entities: NodeEntities;
  readonly #alive: AssertAlive;

  constructor(nodeName: string, entities: NodeEntities, alive: AssertAlive) {
    this.#nodeName = nodeName;
    this.#entities = entities;
    this.#alive = alive;
  }

  /**
   * `period` is bigint nanoseconds (rclnodejs 0.x programs passing a number mean milliseconds).
   * As rclnodejs 2.x: `{ autostart: false }` creates it canceled, and a clock may be given (every
   * clock of a simulation reads sim time, so timers run on it whichever is given).
   */
  createTimer(
    period: bigint | number,
    callback: TimerCallback | (() => unknown),
    optionsOrClock: { autostart?: boolean } | Clock | null,
    clock: Clock | null,
  ): Timer {
    if (typeof callback !== 'function') throw new TypeError('createTimer needs a callback function');
    const options = isClock(optionsOrClock) || optionsOrClock === null ? {} : optionsOrClock;
    const nodeName = this.#nodeName;
    if (typeof options !== 'object' || Array.isArray(options)) throw new TypeValidationError('options', optionsOrClock, 'object or Clock', { nodeName });
    if (clock !== null && !isClock(clock)) throw new TypeValidationError('clock', clock, 'Clock', { nodeName });
    if (options.autostart !== undefined && typeof options.autostart !== 'boolean') {
      throw new TypeValidationError('options.autostart', options.autostart, 'boolean', { nodeName });
    }
    const ns = typeof period === 'bigint' ? period : BigInt(Math.round(period * 1e6));
    this.#alive('create timer');
    const { port, nodeId, loggerName } = this.#entities;
    const timer = new Timer(port, callback as TimerCallback, loggerName);
    return this.#entities.own(timer.created(port.createTimer(nodeId, ns, options.autostart ?? true, timer)));
  }

  createRate(hz: number): Rate {
    this.#alive('create rate');
    return new Rate(this.#entities.port, hz);
  }
}

function isClock(value: unknown): value is Clock {
  return typeof value === 'object' && value !== null && typeof (value as Clock).now === 'function' && 'clockType' in value;
}
