import type { Options } from './Node.js';

/** What every entity object of a node holds, as rclnodejs's Entity: the simulation's id of it, and whether it is destroyed. */
export abstract class Entity {
  #id: number;
  #destroyed = false;

  constructor(id = -1) {
    this.#id = id;
  }

  /** The simulation's id of the entity (what the port names it by). */
  get id(): number {
    return this.#id;
  }

  /** Once the simulation made it. */
  protected setId(id: number): void {
    this.#id = id;
  }

  /** A method, as rclnodejs's Entity has it. */
  isDestroyed(): boolean {
    return this.#destroyed;
  }

  /** Its node destroyed it. */
  _destroyed(): void {
    this.#destroyed = true;
  }

  /** `subject` comes apart from `what`, so that no message is made on the path of every publish. */
  protected assertAlive(what: string, subject?: string): void {
    if (this.#destroyed) throw new Error(`${subject === undefined ? what : `${what} ${subject}`}: the entity has been destroyed`);
  }
}

/** A publisher, subscription, service or client: made with create* options, named by its node's logger. */
export abstract class Endpoint extends Entity {
  /** rclnodejs's entity options: the create* options with their defaults. */
  readonly options: Options;
  readonly loggerName: string;

  constructor(options: Options, loggerName: string, id?: number) {
    super(id);
    this.options = options;
    this.loggerName = loggerName;
  }

  /** The QoS the program gave (a QoS object or a profile name), as rclnodejs's `entity.qos`. */
  get qos(): Options['qos'] {
    return this.options.qos;
  }

  get typedArrayEnabled(): boolean | undefined {
    return this.options.enableTypedArray;
  }
}
