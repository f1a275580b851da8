import type { NodePort } from '../port/NodePort.js';

/** rclnodejs's Context as a client of the node port: the simulation keeps its state (its nodes end with it). */
export class Context {
  readonly #port: NodePort;
  readonly #id: number;

  /** `id` 0 is the program's default context. */
  constructor(port: NodePort, id: number) {
    this.#port = port;
    this.#id = id;
  }

  /** The simulation's id of the context (what the port names it by). */
  get id(): number {
    return this.#id;
  }

  init(argv: readonly string[]): void {
    this.#port.initContext(this.#id, argv);
  }

  shutdown(): void {
    this.#port.shutdownContext(this.#id);
  }

  isInitialized(): boolean {
    return this.#port.contextState(this.#id) === 'initialized';
  }

  isShutdown(): boolean {
    return this.#port.contextState(this.#id) === 'shutdown';
  }
}
