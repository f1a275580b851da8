import { EventEmitter } from 'node:events';
import type { Message } from '../interfaces/plainMessages.js';
import { withoutLeadingSlash } from '../ros/names.js';
import type { Parameter } from '../ros/Parameter.js';
import { OperationError, TypeValidationError } from '../ros/rclErrors.js';
import type { Node } from './Node.js';
import type { ParameterCallOptions, ParameterClient } from './ParameterClient.js';
import { ParameterEventHandler } from './ParameterEventHandler.js';

const ABOUT = { entityType: 'parameter watcher' };

/**
 * rclnodejs's ParameterWatcher: once started (the remote node's parameter services are there),
 * emits 'change' with the watched parameters (rcl_interfaces/msg/Parameter messages) a remote
 * node declared, changed or undeclared, from a ParameterEventHandler on its node.
 */
export class ParameterWatcher extends EventEmitter {
  readonly #node: Node;
  readonly #client: ParameterClient;
  readonly #remoteNodeName: string;
  readonly #watched: Set<string>;
  #events: ParameterEventHandler | null = null;
  #destroyed = false;

  constructor(node: Node, remoteNodeName: string, parameterNames: string[], options: { timeout?: number } = {}) {
    super();
    if (!node || typeof node.createParameterClient !== 'function') throw new TypeValidationError('node', node, 'Node instance', ABOUT);
    if (typeof remoteNodeName !== 'string' || remoteNodeName.trim() === '') {
      throw new TypeValidationError('remoteNodeName', remoteNodeName, 'non-empty string', ABOUT);
    }
    if (!Array.isArray(parameterNames) || parameterNames.length === 0) {
      throw new TypeValidationError('parameterNames', parameterNames, 'non-empty array', ABOUT);
    }
    this.#node = node;
    this.#watched = new Set(parameterNames);
    this.#client = node.createParameterClient(remoteNodeName, options);
    this.#remoteNodeName = this.#client.remoteNodeName;
  }

  get remoteNodeName(): string {
    return this.#remoteNodeName;
  }

  get watchedParameters(): string[] {
    return [...this.#watched];
  }

  /** Waits (sim milliseconds) for the remote node's parameter services, then starts listening. */
  async start(timeout = 5000): Promise<boolean> {
    this.#alive();
    if (!(await this.#client.waitForService(timeout))) return false;
    if (this.#events === null) {
      this.#events = new ParameterEventHandler(this.#node);
      this.#events.addParameterEventCallback((event) => this.#onEvent(event));
    }
    return true;
  }

  async getCurrentValues(options?: ParameterCallOptions): Promise<Parameter[]> {
    this.#alive();
    return this.#client.getParameters(this.watchedParameters, options);
  }

  addParameter(name: string): void {
    this.#alive();
    if (typeof name !== 'string' || name.trim() === '') {
      throw new TypeValidationError('name', name, 'non-empty string', { ...ABOUT, entityName: this.#remoteNodeName });
    }
    this.#watched.add(name);
  }

  removeParameter(name: string): boolean {
    this.#alive();
    return this.#watched.delete(name);
  }

  isDestroyed(): boolean {
    return this.#destroyed;
  }

  /** Stops listening, destroys its parameter client and drops every 'change' listener. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#events?.destroy();
    this.#events = null;
    this.#node.destroyParameterClient(this.#client);
    this.removeAllListeners();
  }

  #onEvent(event: Message & { node: string }): void {
    if (withoutLeadingSlash(event.node) !== this.#remoteNodeName) return;
    const lists = ['new_parameters', 'changed_parameters', 'deleted_parameters'] as const;
    const changed = lists.flatMap((list) => ((event[list] ?? []) as (Message & { name: string })[]).filter((p) => this.#watched.has(p.name)));
    if (changed.length > 0) this.emit('change', changed);
  }

  #alive(): void {
    if (this.#destroyed) {
      throw new OperationError('ParameterWatcher has been destroyed', { code: 'WATCHER_DESTROYED', ...ABOUT, entityName: this.#remoteNodeName });
    }
  }
}
