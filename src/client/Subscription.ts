import type { Message } from '../interfaces/plainMessages.js';
import type { MessageTarget, NodePort } from '../port/NodePort.js';
import type { SerializationMode } from '../ros/jsonSafe.js';
import type { MessageInfo } from '../ros/MessageInfo.js';
import type { ContentFilter } from '../sim/contentFilter.js';
import { Endpoint } from './Entity.js';
import type { EventHandler } from './EventHandler.js';
import { requireInterface } from './interfaceClasses.js';
import type { Options } from './Node.js';

/** Gets a message; with `isRaw`, the message's CDR bytes as a Buffer instead. */
export type SubscriptionCallback<M = Message> = (message: M, info?: MessageInfo) => unknown;

/** What of create* options a subscription takes (rclnodejs's; also `enableTypedArray` of clients and services). */
export interface SubscriptionOptions {
  /** The callback gets the CDR bytes (a Buffer). */
  isRaw?: boolean;
  /** false: numeric arrays as plain arrays. */
  enableTypedArray?: boolean;
  /** What the callback gets: 'default', 'plain' (arrays, no typed arrays) or 'json' (JSON-safe). */
  serializationMode?: SerializationMode;
  /** A DDS content filter: `{ expression: 'temperature > %0', parameters: [50] }`. */
  contentFilter?: ContentFilter;
}

/** rclnodejs's Subscription as a client of the node port: the simulation filters, buffers and delivers; the callback runs here. */
export class Subscription extends Endpoint implements MessageTarget {
  readonly #port: NodePort;
  readonly typeName: string;
  #topic = '';
  readonly #callback: SubscriptionCallback;
  /** A callback declared with two parameters also gets a MessageInfo, as in rclnodejs. */
  readonly wantsInfo: boolean;
  #contentFilter: ContentFilter | null = null;
  /** Its event handlers (rclnodejs's EventHandler), destroyed with it. */
  readonly eventHandlers: EventHandler[] = [];

  constructor(port: NodePort, typeName: string, callback: SubscriptionCallback, options: Options, loggerName: string) {
    super(options, loggerName);
    this.#port = port;
    this.typeName = typeName;
    this.#callback = callback;
    this.wantsInfo = callback.length >= 2;
    if (options.contentFilter?.expression) this.#contentFilter = filterAsKept(options.contentFilter);
  }

  /** Once the simulation made it: its id (what the port names it by) and its resolved topic. */
  created(id: number, topic: string): this {
    this.setId(id);
    this.#topic = topic;
    return this;
  }

  get topic(): string {
    return this.#topic;
  }

  /** rclnodejs's message class of the type. */
  get typeClass(): unknown {
    return requireInterface(this.typeName);
  }

  get isRaw(): boolean {
    return this.options.isRaw === true;
  }

  get serializationMode(): SerializationMode {
    return this.options.serializationMode ?? 'default';
  }

  get publisherCount(): number {
    return this.#port.entityOp(this.id, 'publisherCount', []) as number;
  }

  isContentFilterSupported(): boolean {
    return true;
  }

  hasContentFilter(): boolean {
    return this.#contentFilter !== null;
  }

  getContentFilter(): ContentFilter | undefined {
    return this.#contentFilter ?? undefined;
  }

  /** Filters what arrives from now on; an expression-less filter clears it. Returns true, as rclnodejs does. */
  setContentFilter(filter: ContentFilter | undefined): boolean {
    if (!filter?.expression) return this.clearContentFilter();
    this.#port.entityOp(this.id, 'setContentFilter', [{ expression: filter.expression, parameters: filter.parameters ?? [] }]);
    this.#contentFilter = filterAsKept(filter);
    return true;
  }

  clearContentFilter(): boolean {
    this.#port.entityOp(this.id, 'clearContentFilter', []);
    this.#contentFilter = null;
    return true;
  }

  /**
   * What the port calls with each message, as a method of the subscription, as rclnodejs calls
   * it (a logger's caller frame reads `Subscription.<anonymous>` whichever transport delivered
   * the message): the user's callback itself, which an in-process simulation's subscription
   * holds, so that a delivery reads nothing of this object (MessageTarget). The port passes a
   * MessageInfo only when `wantsInfo`.
   */
  get deliver(): SubscriptionCallback {
    return this.#callback;
  }
}

/** A filter as rcl keeps it: its parameters as strings. */
function filterAsKept(filter: ContentFilter): ContentFilter {
  return { expression: filter.expression, parameters: (filter.parameters ?? []).map((p) => String(p)) };
}
