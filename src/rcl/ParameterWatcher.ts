import { EventEmitter } from 'node:events';
import type { Node } from './Node.js';
import { ParameterClient, type ParameterCallOptions } from './ParameterClient.js';
import type { Parameter } from './Parameter.js';
import type { Subscription } from './Subscription.js';

/**
 * rclnodejs's ParameterWatcher: listens to /parameter_events and emits 'change' with the
 * watched parameters (rcl_interfaces/msg/Parameter messages) a remote node changed.
 */
export class ParameterWatcher extends EventEmitter {
  readonly remoteNodeName: string;
  readonly #node: Node;
  readonly #client: ParameterClient;
  readonly #watched: Set<string>;
  #subscription: Subscription | null = null;
  #destroyed = false;

  constructor(node: Node, remoteNodeName: string, parameterNames: string[], options: { timeout?: number } = {}) {
    super();
    this.#node = node;
    this.remoteNodeName = remoteNodeName;
    this.#watched = new Set(parameterNames);
    this.#client = new ParameterClient(node, remoteNodeName, options);
  }

  get watchedParameters(): string[] {
    return [...this.#watched];
  }

  /** Waits for the remote node's parameter services, then starts listening. */
  async start(timeout?: number): Promise<boolean> {
    if (!(await this.#client.waitForService(timeout))) return false;
    const remote = this.remoteNodeName.startsWith('/') ? this.remoteNodeName : `/${this.remoteNodeName}`;
    this.#subscription ??= this.#node.createSubscription('rcl_interfaces/msg/ParameterEvent', '/parameter_events', (event) => {
      if (event.node !== remote) return;
      const changed = [...event.new_parameters, ...event.changed_parameters].filter((p) => this.#watched.has(p.name));
      if (changed.length > 0) this.emit('change', changed);
    });
    return true;
  }

  getCurrentValues(options?: ParameterCallOptions): Promise<Parameter[]> {
    return this.#client.getParameters(this.watchedParameters, options);
  }

  addParameter(name: string): void {
    this.#watched.add(name);
  }

  removeParameter(name: string): boolean {
    return this.#watched.delete(name);
  }

  isDestroyed(): boolean {
    return this.#destroyed;
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    if (this.#subscription) this.#node.destroySubscription(this.#subscription);
    this.#client.destroy();
    this.removeAllListeners();
  }
}
