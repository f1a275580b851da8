/** rclnodejs's Service as a client of the node port: the simulation queues requests, the callback runs here. */
export class Service {
  readonly #id: number;
  readonly serviceName: string;

  constructor(id: number, serviceName: string) {
    this.#id = id;
    this.serviceName = serviceName;
  }

  /** The simulation's id of the service (what the port names it by). */
  get id(): number {
    return this.#id;
  }
}
