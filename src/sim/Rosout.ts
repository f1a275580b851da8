import { splitNanoseconds } from '../ros/nanoseconds.js';
import { type ResolvedQoS, UNTIMED } from '../ros/QoS.js';
import type { Node } from './Node.js';
import type { Publisher } from './Publisher.js';

/** Where a log record was made, as rclnodejs reads it from the caller's stack frame. */
export interface LogLocation {
  function: string;
  file: string;
  line: number;
}

interface Entry {
  publisher: Publisher;
  node: Node;
  /** How many child loggers registered this name (0 for a node's own logger). */
  sublogger: number;
}

/** rcl's qos_profile_rosout_default: a late subscriber gets the last 1000 records of the last 10 s. */
const ROSOUT_QOS: ResolvedQoS = Object.freeze({ ...UNTIMED, keepAll: false, depth: 1000, reliable: true, transientLocal: true, lifespan: 10e9 });

/**
 * rcl's logging_rosout for a simulation: which logger names publish their records on /rosout
 * through which node's publisher. A node registers its logger name, a child logger of a
 * registered one (`getChild`) its own name, counted. As in rcl: a second node with a logger name
 * already registered gets no publisher (its logs go out over the first one's, with rcl's
 * warning), and destroying any node of that name unregisters the name and its child loggers.
 */
export class RosoutLoggers {
  static readonly QOS = ROSOUT_QOS;
  readonly #entries = new Map<string, Entry>();

  /** False when the name is taken: the node then makes no publisher of its own. */
  canRegister(name: string): boolean {
    return !this.#entries.has(name);
  }

  addNode(name: string, node: Node, publisher: Publisher): void {
    this.#entries.set(name, { publisher, node, sublogger: 0 });
  }

  /**
   * rcl_logging_rosout_fini_publisher_for_node: every name served by the node that registered
   * this one goes, even when another node of the name is the one destroyed (the destroyed node's
   * own publisher goes with it).
   */
  removeNode(name: string): void {
    const entry = this.#entries.get(name);
    if (entry === undefined) return;
    for (const [key, other] of [...this.#entries]) if (other.node === entry.node) this.#entries.delete(key);
  }

  /**
   * rcl_logging_rosout_add_sublogger: false when the parent has no publisher (rcl's NOT_FOUND),
   * or when the child's name is a node's own logger (which publishes already, and is not counted).
   */
  addSublogger(parent: string, child: string): boolean {
    const entry = this.#entries.get(parent);
    if (entry === undefined) return false;
    const name = `${parent}.${child}`;
    const known = this.#entries.get(name);
    if (known === undefined) this.#entries.set(name, { publisher: entry.publisher, node: entry.node, sublogger: 1 });
    else if (known.sublogger > 0) known.sublogger += 1;
    else return false;
    return true;
  }

  removeSublogger(parent: string, child: string): void {
    const name = `${parent}.${child}`;
    const entry = this.#entries.get(name);
    if (entry === undefined || entry.sublogger === 0) return;
    entry.sublogger -= 1;
    if (entry.sublogger === 0) this.#entries.delete(name);
  }

  /** rcl_logging_rosout_output_handler: a record of a registered logger becomes a Log message. */
  publish(name: string, level: number, message: string, time: bigint, location: () => LogLocation): void {
    const entry = this.#entries.get(name);
    if (entry === undefined || entry.publisher.isDestroyed()) return;
    const { seconds, nanoseconds } = splitNanoseconds(time);
    const where = location();
    entry.publisher.publish({
      stamp: { sec: seconds, nanosec: nanoseconds },
      level,
      name,
      msg: message,
      file: where.file,
      function: where.function,
      line: where.line,
    });
  }
}
