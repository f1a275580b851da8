import type { NodePort } from '../port/NodePort.js';
import { programPort } from './programPort.js';

/** Each port's default context (id 0), made once. */
const defaults = new WeakMap<NodePort, Context>();

/** rclnodejs's Context as a client of the node port: the simulation keeps its state (its nodes end with it). */
export class Context {
  readonly port: NodePort;
  readonly #id: number;

  /** `new Context()`, as a program makes one: a new context of the program. `id` 0 is the program's default context. */
  constructor(port: NodePort = programPort(), id: number = port.createContext()) {
    this.port = port;
    this.#id = id;
  }

  /** The default context of the program (of this process's port unless another is given). */
  static defaultContext(port: NodePort = programPort()): Context {
    let context = defaults.get(port);
    if (context === undefined) {
      context = new Context(port, 0);
      defaults.set(port, context);
    }
    return context;
  }

  /** The simulation's id of the context (what the port names it by). */
  get id(): number {
    return this.#id;
  }

  init(argv: readonly string[]): void {
    this.port.initContext(this.#id, argv);
  }

  shutdown(): void {
    this.port.shutdownContext(this.#id);
  }

  isInitialized(): boolean {
    return this.port.contextState(this.#id) === 'initialized';
  }

  isShutdown(): boolean {
    return this.port.contextState(this.#id) === 'shutdown';
  }
}
