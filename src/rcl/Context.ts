import type { Node } from './Node.js';
import { Simulation } from './Simulation.js';

/**
 * rclnodejs's Context. Inside rclsim every context belongs to a simulation; shutting down the
 * simulation's default context (what `rclnodejs.shutdown()` does) destroys its nodes and
 * finishes the job with exit code 0, as a program ending itself would.
 */
export class Context {
  readonly simulation: Simulation;
  readonly nodes: Node[] = [];
  #shutdown = false;

  constructor(simulation: Simulation = Simulation.current()) {
    this.simulation = simulation;
  }

  static defaultContext(): Context {
    return Simulation.current().defaultContext;
  }

  get isDefaultContext(): boolean {
    return this.simulation.defaultContext === this;
  }

  isValid(): boolean {
    return !this.#shutdown;
  }

  isShutdown(): boolean {
    return this.#shutdown;
  }

  shutdown(): void {
    if (this.#shutdown) return;
    this.#shutdown = true;
    for (const node of [...this.nodes]) node.destroy();
    if (this.isDefaultContext) this.simulation.engine.finish(0);
  }

  tryShutdown(): void {
    this.shutdown();
  }

  onNodeCreated(node: Node): void {
    if (this.#shutdown) throw new Error('cannot create a node in a context that has been shut down');
    this.nodes.push(node);
  }

  onNodeDestroyed(node: Node): void {
    const index = this.nodes.indexOf(node);
    if (index >= 0) this.nodes.splice(index, 1);
  }
}
