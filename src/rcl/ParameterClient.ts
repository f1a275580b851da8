import type { Message } from '../interfaces/plainMessages.js';
import type { Client } from './Client.js';
import type { Node } from './Node.js';
import { inferParameter, Parameter, ParameterType } from './Parameter.js';

export interface ParameterCallOptions {
  /** Milliseconds of sim time before the call fails. */
  timeout?: number;
  signal?: AbortSignal;
}

const SRV = 'rcl_interfaces/srv';

/** rclnodejs's ParameterClient: a remote node's parameter services, as promises. */
export class ParameterClient {
  readonly remoteNodeName: string;
  readonly #node: Node;
  readonly #timeout: number;
  readonly #clients: Record<'get' | 'set' | 'list' | 'describe' | 'types', Client>;
  #destroyed = false;

  constructor(node: Node, remoteNodeName: string, options: { timeout?: number } = {}) {
    if (typeof remoteNodeName !== 'string' || remoteNodeName.length === 0) {
      throw new TypeError('ParameterClient needs the remote node name');
    }
    this.#node = node;
    this.remoteNodeName = remoteNodeName;
    this.#timeout = options.timeout ?? 5000;
    const client = (type: string, service: string): Client => node.createClient(`${SRV}/${type}`, `${remoteNodeName}/${service}`);
    this.#clients = {
      get: client('GetParameters', 'get_parameters'),
      set: client('SetParameters', 'set_parameters'),
      list: client('ListParameters', 'list_parameters'),
      describe: client('DescribeParameters', 'describe_parameters'),
      types: client('GetParameterTypes', 'get_parameter_types'),
    };
  }

  async getParameter(name: string, options?: ParameterCallOptions): Promise<Parameter> {
    const [parameter] = await this.getParameters([name], options);
    if (parameter!.type === ParameterType.PARAMETER_NOT_SET) {
      throw new Error(`parameter '${name}' is not declared on node ${this.remoteNodeName}`);
    }
    return parameter!;
  }

  async getParameters(names: string[], options?: ParameterCallOptions): Promise<Parameter[]> {
    const response = await this.#call('get', { names: nonEmpty(names, 'getParameters') }, options);
    return (response.values as Message[]).map((value, i) =>
      Parameter.fromParameterMessage({ name: names[i]!, value } as Parameters<typeof Parameter.fromParameterMessage>[0]),
    );
  }

  async setParameter(name: string, value: unknown, options?: ParameterCallOptions): Promise<{ name: string; successful: boolean; reason: string }> {
    const [result] = await this.setParameters([{ name, value }], options);
    return result!;
  }

  /** Values are typed as rclnodejs infers them: integral numbers and bigints are integers. */
  async setParameters(
    parameters: { name: string; value: unknown }[],
    options?: ParameterCallOptions,
  ): Promise<{ name: string; successful: boolean; reason: string }[]> {
    const typed = nonEmpty(parameters, 'setParameters').map(({ name, value }) => inferParameter(name, asInteger(value)));
    const response = await this.#call('set', { parameters: typed.map((p) => p.toParameterMessage()) }, options);
    return (response.results as { successful: boolean; reason: string }[]).map((result, i) => ({ name: typed[i]!.name, ...result }));
  }

  async listParameters(options: ParameterCallOptions & { prefixes?: string[]; depth?: number } = {}): Promise<{ names: string[]; prefixes: string[] }> {
    const response = await this.#call('list', { prefixes: options.prefixes ?? [], depth: BigInt(options.depth ?? 0) }, options);
    return response.result as { names: string[]; prefixes: string[] };
  }

  async describeParameters(names: string[], options?: ParameterCallOptions): Promise<Message[]> {
    return (await this.#call('describe', { names: nonEmpty(names, 'describeParameters') }, options)).descriptors as Message[];
  }

  async getParameterTypes(names: string[], options?: ParameterCallOptions): Promise<number[]> {
    return [...((await this.#call('types', { names: nonEmpty(names, 'getParameterTypes') }, options)).types as Uint8Array)];
  }

  async waitForService(timeout?: number): Promise<boolean> {
    for (const client of Object.values(this.#clients)) if (!(await client.waitForService(timeout))) return false;
    return true;
  }

  isDestroyed(): boolean {
    return this.#destroyed;
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    for (const client of Object.values(this.#clients)) this.#node.destroyClient(client);
  }

  #call(which: 'get' | 'set' | 'list' | 'describe' | 'types', request: Message, options: ParameterCallOptions = {}): Promise<Message> {
    if (this.#destroyed) return Promise.reject(new Error('the parameter client has been destroyed'));
    return this.#clients[which].sendRequestAsync(request, {
      timeout: options.timeout ?? this.#timeout,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }
}

function nonEmpty<T>(items: T[], method: string): T[] {
  if (!Array.isArray(items) || items.length === 0) throw new TypeError(`${method} needs a non-empty array`);
  return items;
}

function asInteger(value: unknown): unknown {
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'number' && Number.isInteger(v))) return value.map(BigInt);
  return value;
}
