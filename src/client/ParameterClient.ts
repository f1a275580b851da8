import type { Message } from '../interfaces/plainMessages.js';
import { validateNodePath, withoutLeadingSlash } from '../ros/names.js';
import { PARAMETER_VALUE_FIELDS, Parameter, ParameterType } from '../ros/Parameter.js';
import { OperationError, ParameterNotFoundError, TypeValidationError } from '../ros/rclErrors.js';
import type { Client } from './Client.js';
import type { Node } from './Node.js';

export interface ParameterCallOptions {
  /** Milliseconds of sim time before the call fails. */
  timeout?: number;
  signal?: AbortSignal;
}

type ServiceType = 'GetParameters' | 'SetParameters' | 'ListParameters' | 'DescribeParameters' | 'GetParameterTypes';

/**
 * rclnodejs's `parameterTypeFromValue`: the type a plain value is sent as — integral numbers
 * and bigints are integers, a Uint8Array bytes, other typed arrays and arrays by their first item.
 */
export function parameterTypeFromValue(value: unknown): ParameterType {
  if (value === null || value === undefined) return ParameterType.PARAMETER_NOT_SET;
  if (typeof value === 'boolean') return ParameterType.PARAMETER_BOOL;
  if (typeof value === 'string') return ParameterType.PARAMETER_STRING;
  if (typeof value === 'bigint') return ParameterType.PARAMETER_INTEGER;
  if (typeof value === 'number') return Number.isInteger(value) ? ParameterType.PARAMETER_INTEGER : ParameterType.PARAMETER_DOUBLE;
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    if (value instanceof Uint8Array) return ParameterType.PARAMETER_BYTE_ARRAY;
    const items = value as unknown as ArrayLike<number | bigint>;
    if (items.length === 0) return ParameterType.PARAMETER_NOT_SET;
    return parameterTypeFromValue(items[0]) === ParameterType.PARAMETER_INTEGER ? ParameterType.PARAMETER_INTEGER_ARRAY : ParameterType.PARAMETER_DOUBLE_ARRAY;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return ParameterType.PARAMETER_NOT_SET;
    const item = parameterTypeFromValue(value[0]);
    const arrays: Partial<Record<ParameterType, ParameterType>> = {
      [ParameterType.PARAMETER_BOOL]: ParameterType.PARAMETER_BOOL_ARRAY,
      [ParameterType.PARAMETER_INTEGER]: ParameterType.PARAMETER_INTEGER_ARRAY,
      [ParameterType.PARAMETER_DOUBLE]: ParameterType.PARAMETER_DOUBLE_ARRAY,
      [ParameterType.PARAMETER_STRING]: ParameterType.PARAMETER_STRING_ARRAY,
    };
    return arrays[item] ?? ParameterType.PARAMETER_NOT_SET;
  }
  throw new TypeValidationError('value', value, 'valid parameter type', { entityType: 'parameter' });
}

/** A plain value as rcl_interfaces/msg/ParameterValue, the other fields at their defaults. */
function parameterValueMessage(value: unknown): Message {
  const type = parameterTypeFromValue(value);
  const message = new Parameter('value', ParameterType.PARAMETER_NOT_SET).toParameterValueMessage() as Message;
  message.type = type;
  const field = PARAMETER_VALUE_FIELDS[type];
  if (field === undefined) return message;
  const items = (): unknown[] => Array.from(value as ArrayLike<unknown>);
  if (type === ParameterType.PARAMETER_INTEGER) message[field] = BigInt(value as number | bigint);
  else if (type === ParameterType.PARAMETER_INTEGER_ARRAY) message[field] = items().map((v) => BigInt(v as number | bigint));
  else if (type === ParameterType.PARAMETER_BYTE_ARRAY) message[field] = items().map((v) => Math.trunc(v as number));
  else message[field] = ArrayBuffer.isView(value) || Array.isArray(value) ? items() : value;
  return message;
}

function nonEmpty<T>(items: T[], argument: string): T[] {
  if (!Array.isArray(items) || items.length === 0) throw new TypeValidationError(argument, items, 'non-empty array');
  return items;
}

/**
 * rclnodejs's ParameterClient: a remote node's parameter services (`/<node>/get_parameters`, …)
 * as promises. Each service's client is made when first needed; a parameter the remote node
 * does not have is left out of getParameters and a ParameterNotFoundError for getParameter.
 */
export class ParameterClient {
  readonly #node: Node;
  readonly #remoteNodeName: string;
  readonly #timeout: number;
  readonly #clients = new Map<ServiceType, Client>();
  #destroyed = false;

  constructor(node: Node, remoteNodeName: string, options: { timeout?: number } = {}) {
    if (!node) throw new TypeValidationError('node', node, 'Node instance');
    if (!remoteNodeName || typeof remoteNodeName !== 'string') {
      throw new TypeValidationError('remoteNodeName', remoteNodeName, 'non-empty string');
    }
    // rclnodejs takes a node name without its leading '/'; a namespaced one ('ns/node') is taken
    // too, as rclcpp's parameter clients take one, each part checked by ROS 2's rules.
    const name = withoutLeadingSlash(remoteNodeName);
    validateNodePath(`/${name}`, name);
    this.#node = node;
    this.#remoteNodeName = name;
    this.#timeout = options.timeout || 5000;
  }

  get remoteNodeName(): string {
    return this.#remoteNodeName;
  }

  async getParameter(name: string, options?: ParameterCallOptions): Promise<Parameter> {
    this.#alive();
    const [parameter] = await this.getParameters([name], options);
    if (parameter === undefined) throw new ParameterNotFoundError(name, this.#remoteNodeName);
    return parameter;
  }

  async getParameters(names: string[], options?: ParameterCallOptions): Promise<Parameter[]> {
    this.#alive();
    const response = await this.#call('GetParameters', { names: nonEmpty(names, 'names') }, options);
    return (response.values as (Message & { type: number })[]).flatMap((value, i) =>
      value.type === ParameterType.PARAMETER_NOT_SET ? [] : [Parameter.fromParameterMessage({ name: names[i]!, value })],
    );
  }

  async setParameter(name: string, value: unknown, options?: ParameterCallOptions): Promise<{ name: string; successful: boolean; reason: string }> {
    const [result] = await this.setParameters([{ name, value }], options);
    return result!;
  }

  /** Values are typed as rclnodejs types them (parameterTypeFromValue). */
  async setParameters(
    parameters: { name: string; value: unknown }[],
    options?: ParameterCallOptions,
  ): Promise<{ name: string; successful: boolean; reason: string }[]> {
    this.#alive();
    const request = { parameters: nonEmpty(parameters, 'parameters').map(({ name, value }) => ({ name, value: parameterValueMessage(value) })) };
    const response = await this.#call('SetParameters', request, options);
    return (response.results as { successful: boolean; reason: string }[]).map((result, i) => ({
      name: parameters[i]!.name,
      successful: result.successful,
      reason: result.reason || '',
    }));
  }

  async listParameters(options: ParameterCallOptions & { prefixes?: string[]; depth?: number } = {}): Promise<{ names: string[]; prefixes: string[] }> {
    this.#alive();
    const response = await this.#call('ListParameters', { prefixes: options.prefixes ?? [], depth: BigInt(options.depth ?? 0) }, options);
    const result = response.result as { names: string[]; prefixes: string[] };
    return { names: result.names, prefixes: result.prefixes };
  }

  async describeParameters(names: string[], options?: ParameterCallOptions): Promise<Message[]> {
    this.#alive();
    return (await this.#call('DescribeParameters', { names: nonEmpty(names, 'names') }, options)).descriptors as Message[];
  }

  async getParameterTypes(names: string[], options?: ParameterCallOptions): Promise<number[]> {
    this.#alive();
    return [...((await this.#call('GetParameterTypes', { names: nonEmpty(names, 'names') }, options)).types as Uint8Array)];
  }

  /** Whether the remote node's get_parameters service is there (rclnodejs waits for that one). */
  async waitForService(timeout?: number): Promise<boolean> {
    this.#alive();
    return this.#client('GetParameters').waitForService(timeout);
  }

  isDestroyed(): boolean {
    return this.#destroyed;
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    for (const client of this.#clients.values()) if (!client.isDestroyed()) this.#node.destroyClient(client);
    this.#clients.clear();
  }

  #client(type: ServiceType): Client {
    let client = this.#clients.get(type);
    if (client === undefined) {
      const service = `/${this.#remoteNodeName}/${type.replace(/[A-Z]/g, (letter, index: number) => (index === 0 ? '' : '_') + letter.toLowerCase())}`;
      client = this.#node.createClient(`rcl_interfaces/srv/${type}`, service);
      this.#clients.set(type, client);
    }
    return client;
  }

  #call(type: ServiceType, request: Message, options: ParameterCallOptions = {}): Promise<Message> {
    return this.#client(type).sendRequestAsync(request, {
      timeout: options.timeout || this.#timeout,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  #alive(): void {
    if (this.#destroyed) {
      throw new OperationError('ParameterClient has been destroyed', {
        code: 'CLIENT_DESTROYED',
        entityType: 'parameter_client',
        entityName: this.#remoteNodeName,
      });
    }
  }
}
