import { describeThrown } from '../base/describeThrown.js';
import type { Message } from '../interfaces/plainMessages.js';
import { validateNodePath, withoutLeadingSlash } from '../ros/names.js';
import type { QoS, QoSProfileName } from '../ros/QoS.js';
import { OperationError, TypeValidationError } from '../ros/rclErrors.js';
import type { Node } from './Node.js';
import type { Subscription } from './Subscription.js';

const ABOUT = { entityType: 'parameter event handler' };

type ParameterMessage = Message & { name: string };
type ParameterEvent = Message & { node: string; new_parameters?: ParameterMessage[]; changed_parameters?: ParameterMessage[] };

/** What addParameterCallback returns: the key to remove the callback with. */
export class ParameterCallbackHandle {
  constructor(
    readonly parameterName: string,
    readonly nodeName: string,
    readonly callback: (parameter: ParameterMessage) => unknown,
  ) {}
}

export class ParameterEventCallbackHandle {
  constructor(readonly callback: (event: ParameterEvent) => unknown) {}
}

function nonEmpty(value: unknown, argument: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeValidationError(argument, value, 'non-empty string', ABOUT);
  return value.trim();
}

function changedParameters(event: ParameterEvent): ParameterMessage[] {
  return [...(event.new_parameters ?? []), ...(event.changed_parameters ?? [])];
}

/**
 * rclnodejs's ParameterEventHandler (rclcpp's and rclpy's): one `/parameter_events`
 * subscription that calls back per parameter of a node and per event. The last callback added
 * runs first; a callback's throw is logged (debug, as rclnodejs does) and the others still run.
 */
export class ParameterEventHandler {
  readonly #node: Node;
  #subscription: Subscription | null;
  readonly #parameterCallbacks = new Map<string, ParameterCallbackHandle[]>();
  readonly #eventCallbacks: ParameterEventCallbackHandle[] = [];

  constructor(node: Node, options: { qos?: QoS | QoSProfileName } | null = {}) {
    if (!node || typeof node.createSubscription !== 'function') throw new TypeValidationError('node', node, 'Node instance', ABOUT);
    if (options !== undefined && options !== null && typeof options !== 'object') {
      throw new TypeValidationError('options', options, 'object or undefined', ABOUT);
    }
    this.#node = node;
    const qos = options?.qos;
    this.#subscription = node.createSubscription('rcl_interfaces/msg/ParameterEvent', '/parameter_events', qos ? { qos } : undefined, (event: unknown) =>
      this.#dispatch(event as ParameterEvent),
    );
  }

  addParameterCallback(parameterName: string, nodeName: string, callback: (parameter: ParameterMessage) => unknown): ParameterCallbackHandle {
    this.#alive();
    const name = nonEmpty(parameterName, 'parameterName');
    const node = withoutLeadingSlash(nonEmpty(nodeName, 'nodeName'));
    if (typeof callback !== 'function') throw new TypeValidationError('callback', callback, 'function', ABOUT);
    const handle = new ParameterCallbackHandle(name, node, callback);
    const key = `${name}\0${node}`;
    const callbacks = this.#parameterCallbacks.get(key) ?? [];
    callbacks.unshift(handle);
    this.#parameterCallbacks.set(key, callbacks);
    return handle;
  }

  removeParameterCallback(handle: ParameterCallbackHandle): void {
    this.#alive();
    if (!(handle instanceof ParameterCallbackHandle)) throw new TypeValidationError('handle', handle, 'ParameterCallbackHandle', ABOUT);
    const key = `${handle.parameterName}\0${handle.nodeName}`;
    const callbacks = this.#parameterCallbacks.get(key);
    if (!callbacks) {
      throw new OperationError(`No callbacks registered for parameter '${handle.parameterName}' on node '${handle.nodeName}'`, ABOUT);
    }
    const index = callbacks.indexOf(handle);
    if (index < 0) throw new OperationError("Callback doesn't exist", ABOUT);
    callbacks.splice(index, 1);
    if (callbacks.length === 0) this.#parameterCallbacks.delete(key);
  }

  addParameterEventCallback(callback: (event: ParameterEvent) => unknown): ParameterEventCallbackHandle {
    this.#alive();
    if (typeof callback !== 'function') throw new TypeValidationError('callback', callback, 'function', ABOUT);
    const handle = new ParameterEventCallbackHandle(callback);
    this.#eventCallbacks.unshift(handle);
    return handle;
  }

  removeParameterEventCallback(handle: ParameterEventCallbackHandle): void {
    this.#alive();
    if (!(handle instanceof ParameterEventCallbackHandle)) {
      throw new TypeValidationError('handle', handle, 'ParameterEventCallbackHandle', ABOUT);
    }
    const index = this.#eventCallbacks.indexOf(handle);
    if (index < 0) throw new OperationError("Callback doesn't exist", ABOUT);
    this.#eventCallbacks.splice(index, 1);
  }

  /**
   * Receives events of these nodes only (relative names are in the handler node's namespace), by
   * a content filter on the event's `node` field; no names or null receives all again. Returns
   * whether a filter is set afterwards for names, whether none is for none.
   */
  configureNodesFilter(nodeNames?: string[] | null): boolean {
    const subscription = this.#alive();
    if (nodeNames === undefined || nodeNames === null || (Array.isArray(nodeNames) && nodeNames.length === 0)) {
      subscription.clearContentFilter();
      return !subscription.hasContentFilter();
    }
    if (!Array.isArray(nodeNames)) throw new TypeValidationError('nodeNames', nodeNames, 'string[]', ABOUT);
    const paths = nodeNames.map((nodeName, index) => this.#nodePath(nonEmpty(nodeName, `nodeNames[${index}]`)));
    subscription.setContentFilter({
      expression: paths.map((_, index) => `node = %${index}`).join(' OR '),
      parameters: paths.map((path) => `'${path}'`),
    });
    return subscription.hasContentFilter();
  }

  isDestroyed(): boolean {
    return this.#subscription === null;
  }

  destroy(): void {
    if (this.#subscription === null) return;
    this.#node.destroySubscription(this.#subscription);
    this.#subscription = null;
    this.#parameterCallbacks.clear();
    this.#eventCallbacks.length = 0;
  }

  /** The parameter `parameterName` of node `nodeName` that the event declared or changed, or null. */
  static getParameterFromEvent(event: ParameterEvent, parameterName: string, nodeName: string): ParameterMessage | null {
    if (withoutLeadingSlash(event.node) !== withoutLeadingSlash(nodeName)) return null;
    const name = (parameterName || '').trim();
    return changedParameters(event).find((parameter) => parameter.name === name) ?? null;
  }

  static getParametersFromEvent(event: ParameterEvent): ParameterMessage[] {
    return changedParameters(event);
  }

  #dispatch(event: ParameterEvent): void {
    const node = withoutLeadingSlash(event.node);
    for (const parameter of changedParameters(event)) {
      for (const handle of [...(this.#parameterCallbacks.get(`${parameter.name}\0${node}`) ?? [])]) {
        this.#guarded(() => handle.callback(parameter), `parameter callback for ${parameter.name} on ${node}`);
      }
    }
    for (const handle of [...this.#eventCallbacks]) this.#guarded(() => handle.callback(event), 'parameter event callback');
  }

  #guarded(call: () => unknown, what: string): void {
    try {
      call();
    } catch (error) {
      this.#node.getLogger().debug(`Error in ${what}: ${describeThrown(error)}`);
    }
  }

  /** A node's fully qualified path, as ParameterEvent.node has it, checked by rmw's name rules. */
  #nodePath(nodeName: string): string {
    const rooted = nodeName.startsWith('/') ? nodeName : `${this.#node.namespace().replace(/\/+$/, '')}/${nodeName}`;
    const collapsed = rooted.replace(/\/+/g, '/');
    const path = collapsed === '/' ? collapsed : collapsed.replace(/\/+$/, '');
    validateNodePath(path);
    return path;
  }

  #alive(): Subscription {
    if (this.#subscription === null) throw new OperationError('ParameterEventHandler has been destroyed', ABOUT);
    return this.#subscription;
  }
}
