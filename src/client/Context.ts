import type { NodePort } from '../port/NodePort.js';
import { currentPort } from './currentPort.js';
import type { Node } from './Node.js';

/** Each port's default context (id 0), made once. */
const defaults = new WeakMap<NodePort, Context>();
/** Each port's contexts that the program made (the default one included), in creation order. */
const made = new WeakMap<NodePort, Context[]>();

/**
 * rclnodejs's Context as a client of the node port: uninitialized until `init()`, then
 * initialized until `shutdown()`, which destroys its nodes. The simulation keeps its state and
 * the ROS arguments its nodes are created with; when the program's default context shuts down,
 * the next use of the default context is a fresh one (rclnodejs's), which may init() again.
 */
export class Context {
  readonly port: NodePort;
  readonly #id: number;
  readonly #domainId: number | undefined;
  readonly #nodes: Node[] = [];
  #shutDown = false;

  /** A context of the program whose code is running (rclnodejs: `new Context(domainId)`). */
  constructor(domainId?: number, port: NodePort = currentPort(), id: number = port.createContext()) {
    this.port = port;
    this.#id = id;
    this.#domainId = domainId;
    let contexts = made.get(port);
    if (contexts === undefined) made.set(port, (contexts = []));
    contexts.push(this);
  }

  /** The default context of the program (of the running program's port unless another is given). */
  static defaultContext(port: NodePort = currentPort()): Context {
    let context = defaults.get(port);
    // Only its own shutdown() ends a program's context while its code runs: until then it holds.
    if (context === undefined || context.#shutDown) {
      context = new Context(undefined, port, port.defaultContext());
      defaults.set(port, context);
    }
    return context;
  }

  /** The contexts of the running program that are initialized (rclnodejs: Context.instances). */
  static get instances(): Context[] {
    return (made.get(currentPort()) ?? []).filter((context) => context.isValid());
  }

  /** The simulation's id of the context (what the port names it by). */
  get id(): number {
    return this.#id;
  }

  get handle(): this {
    return this;
  }

  get domainId(): number {
    return this.#domainId ?? 0;
  }

  get nodes(): Node[] {
    return [...this.#nodes];
  }

  /** `init(context, argv)`: takes the ROS arguments of `argv` for nodes created from now on. */
  init(argv: readonly string[]): void {
    this.port.initContext(this.#id, argv);
  }

  shutdown(): void {
    if (this.isShutdown()) return;
    for (const node of [...this.#nodes]) node.destroy();
    this.#shutDown = true;
    this.port.shutdownContext(this.#id);
  }

  tryShutdown(): void {
    if (this.isInitialized()) this.shutdown();
  }

  isUninitialized(): boolean {
    return this.port.contextState(this.#id) === 'uninitialized';
  }

  isInitialized(): boolean {
    return this.port.contextState(this.#id) === 'initialized';
  }

  isValid(): boolean {
    return this.isInitialized();
  }

  get isOk(): boolean {
    return this.isInitialized();
  }

  isShutdown(): boolean {
    return this.port.contextState(this.#id) === 'shutdown';
  }

  isDefaultContext(): boolean {
    return defaults.get(this.port) === this;
  }

  /** Called by a node of the context once the simulation made it, and when it is destroyed. */
  nodeCreated(node: Node): void {
    this.#nodes.push(node);
  }

  nodeDestroyed(node: Node): void {
    const index = this.#nodes.indexOf(node);
    if (index >= 0) this.#nodes.splice(index, 1);
  }
}
