import { type Executable, SKIPPED } from '../engine/Executable.js';
import { Fifo } from '../engine/Fifo.js';
import { serializeMessage } from '../interfaces/cdr.js';
import type { MessageType } from '../interfaces/MessageType.js';
import { cloneMessage, type Message } from '../interfaces/plainMessages.js';
import { checkSerializationMode, type SerializationMode, toJSONSafe, toPlainArrays } from '../ros/jsonSafe.js';
import { MessageInfo } from '../ros/MessageInfo.js';
import type { ResolvedQoS } from '../ros/QoS.js';
import { type ContentFilter, compileContentFilter } from './contentFilter.js';
import { Entity } from './Entity.js';
import type { EntityEvents } from './EntityEvents.js';
import { hasFieldPath } from './messageFields.js';
import type { Node } from './Node.js';
import type { Sample } from './Sample.js';
import { SilenceWatch } from './SilenceWatch.js';

/**
 * What a message taken calls: `deliver` gets it (with `isRaw`, its CDR bytes as a Buffer instead),
 * and, with the `messageInfo` option, its MessageInfo, called as a method of the target. The
 * subscription takes the function once, as it is made: the client's subscription gives its
 * program's callback itself, so that a delivery reads no object of the client's on the way
 * (issue 52: each object read per callback is a cache miss in a large graph).
 */
export interface MessageTarget {
  deliver(message: unknown, info?: MessageInfo): unknown;
}

/**
 * A subscription in the simulation (rclnodejs's is client/Subscription.ts). Delivered samples wait in a buffer bounded by the QoS history
 * (KEEP_LAST evicts the oldest); each delivery queues one event, and an event whose sample
 * was evicted finds the buffer empty and runs no callback.
 */
export class Subscription extends Entity implements Executable {
  readonly topic: string;
  readonly typeName: string;
  /** The QoS the simulation acts on (matching, buffers); `qos` is what the program gave. */
  readonly resolvedQoS: ResolvedQoS;
  readonly kind = 'subscription';
  readonly channel: string;
  /** Its event callbacks (rclnodejs's PublisherEventCallbacks / SubscriptionEventCallbacks), if any. */
  events: EntityEvents | null = null;
  readonly #target: MessageTarget;
  readonly #deliver: MessageTarget['deliver'];
  /** Whether its target also gets a MessageInfo (the messageInfo option). */
  readonly #wantsInfo: boolean;
  readonly #buffer = new Fifo<Sample>();
  /** The QoS history depth, held here: it is read at every delivery. */
  readonly #depth: number;
  readonly #receivedAt = new Fifo<bigint>();
  #receptionSequence = 0;
  /** A sample taken ahead of its callback (an rclc executor's logical execution time), and when it arrived. */
  #held: Sample | null = null;
  #heldReceivedAt = 0n;
  /** Messages its KEEP_LAST buffer dropped for newer ones before they were taken (metrics). */
  overwritten = 0;
  /** Arrival times are kept for MessageInfo, or for the run's metrics. */
  readonly #keepsArrivals: boolean;

  /** How the callback gets messages: as they are, with plain arrays, or JSON-safe. */
  readonly serializationMode: SerializationMode;
  /** rclnodejs's isRaw: the callback gets the CDR bytes (a Buffer) instead of a message. */
  readonly #raw: MessageType | null;
  /** Its message type (the node's type cache holds it while the subscription lives). */
  readonly type: MessageType;
  /** What the callback gets: messages as they are, with plain arrays, or JSON-safe (rclnodejs's serializationMode). */
  readonly #shape: ((message: unknown) => unknown) | null;
  /** Its requested deadline, when its QoS has one. */
  readonly #deadline: SilenceWatch | null;
  /** Its lifespan in ns (Infinity: none), read for every sample: held here. */
  readonly #lifespan: number;
  /** Messages that do not match never reach the buffer, as DDS filters them. */
  #accepts: ((message: unknown) => boolean) | null = null;

  constructor(node: Node, typeName: string, topic: string, qos: ResolvedQoS, target: MessageTarget, options: SubscriptionOptions = {}) {
    super(node);
    this.topic = topic;
    this.typeName = typeName;
    const type = this.simulation.interfaces.message(typeName);
    this.type = type;
    this.#raw = options.isRaw === true ? type : null;
    const mode = checkSerializationMode(options.serializationMode ?? 'default');
    this.serializationMode = mode;
    this.#shape = mode === 'json' ? toJSONSafe : mode === 'plain' || options.enableTypedArray === false ? toPlainArrays : null;
    if (options.contentFilter?.expression) this.setContentFilter(options.contentFilter);
    this.resolvedQoS = qos;
    this.#deadline = qos.deadline === Infinity ? null : new SilenceWatch(this.engine, qos.deadline, true, (count) => this.events?.deadlineMissed(count));
    this.#depth = qos.depth;
    this.#lifespan = qos.lifespan;
    this.#target = target;
    this.#deliver = target.deliver;
    this.#wantsInfo = options.messageInfo === true;
    this.#keepsArrivals = this.#wantsInfo || this.simulation.metrics !== null;
    this.channel = topic;
  }

  get label(): string {
    return this.describe(`subscription ${this.topic}`);
  }

  get isRaw(): boolean {
    return this.#raw !== null;
  }

  /** Filters what arrives from now on; an expression-less filter clears it. Returns true, as rclnodejs does. */
  setContentFilter(filter: ContentFilter | undefined): boolean {
    if (!filter?.expression) return this.clearContentFilter();
    this.#accepts = compileContentFilter(filter, (path) => hasFieldPath(this.type, path));
    return true;
  }

  clearContentFilter(): boolean {
    this.#accepts = null;
    return true;
  }

  get publisherCount(): number {
    return this.simulation.graph.publishersOf(this.topic).filter((p) => p.matched.includes(this)).length;
  }

  /** A sample arrives: buffer it (evicting the oldest beyond the depth) and queue an event. */
  receive(sample: Sample): void {
    if (this.isDestroyed()) return;
    // Raw bytes that are no message of the type reach raw subscriptions only.
    if (!sample.isMessage ? this.#raw === null : this.#accepts !== null && !this.#accepts(sample.message!)) return;
    this.#deadline?.sample();
    if (this.#expired(sample)) return;
    const buffer = this.#buffer;
    if (buffer.length >= this.#depth) {
      buffer.shift()!.pending--;
      this.overwritten++;
      if (this.#keepsArrivals) this.#receivedAt.shift();
    } else if (buffer.length >= this.simulation.keepAllLimit) {
      throw new Error(`KEEP_ALL buffer of ${this.label} exceeded ${this.simulation.keepAllLimit} messages; its callback does not keep up`);
    }
    sample.pending++;
    buffer.push(sample);
    if (this.#keepsArrivals) this.#receivedAt.push(this.engine.nowAbs);
    this.simulation.messagesDelivered++;
    this.engine.enqueue(this);
  }

  override pendingEvents(): number {
    return this.#buffer.length + (this.#held === null ? 0 : 1);
  }

  /** Takes the oldest sample now for the next callback (rcl_take ahead of it): what arrives meanwhile cannot evict it. */
  hold(): void {
    if (this.#held !== null || this.#buffer.length === 0) return;
    this.#held = this.#buffer.shift()!;
    this.#heldReceivedAt = this.#keepsArrivals ? this.#receivedAt.shift()! : 0n;
  }

  execute(): unknown {
    if (this.isDestroyed() || !this.mayRun()) return SKIPPED;
    const held = this.#held;
    const sample = held ?? this.#buffer.shift();
    if (sample === undefined) return SKIPPED;
    this.#held = null;
    const last = --sample.pending === 0 && !sample.retained;
    const receivedAt = held !== null ? this.#heldReceivedAt : this.#keepsArrivals ? this.#receivedAt.shift()! : 0n;
    if (this.#expired(sample)) return SKIPPED;
    this.simulation.metrics?.taken(this, sample, receivedAt);
    // A sample without a message (raw bytes) reached only raw subscriptions, and holds its bytes;
    // a raw subscription takes the bytes as published, without the message decoded.
    const message =
      this.#raw !== null
        ? (transportedBytes((sample.raw ??= serializeMessage(this.#raw, sample.message!))) as unknown as Message)
        : last || this.simulation.zeroCopy
          ? sample.message!
          : cloneMessage(sample.message!);
    this.digestLo = sample.digestLo;
    this.digestHi = sample.digestHi;
    this.engine.consumed(this.entityId, sample.publishedAt);
    const delivered = this.#shape === null || this.#raw !== null ? message : (this.#shape(message) as Message);
    if (!this.#wantsInfo) return this.#deliver.call(this.#target, delivered);
    const info = new MessageInfo({
      sourceTimestamp: sample.sourceTimestamp,
      receivedTimestamp: receivedAt,
      publicationSequenceNumber: BigInt(sample.publicationSequenceNumber),
      receptionSequenceNumber: BigInt(++this.#receptionSequence),
      publisherGid: sample.publisherGid,
    });
    return this.#deliver.call(this.#target, delivered, info);
  }

  /**
   * Fast DDS's reader lifespan (the subscription's own QoS lifespan, as rmw_fastrtps sets it): a
   * sample as old as the lifespan is dropped when it arrives, and removed before it is taken.
   */
  #expired(sample: Sample): boolean {
    return this.#lifespan !== Infinity && this.engine.nowAbs - sample.sourceTimestamp >= this.#lifespan;
  }

  override destroy(): void {
    super.destroy();
    this.#deadline?.stop();
    this.simulation.graph.removeSubscription(this);
  }
}

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
  /** Whether the target also gets a MessageInfo (the client decides, as rclnodejs does, by its callback's parameters). */
  messageInfo?: boolean;
}

/**
 * The bytes a raw subscription takes: the payload with zeros up to a multiple of 4 bytes, as
 * Fast DDS (Jazzy's default middleware) pads every serialized payload; rclnodejs documents the
 * effect as "a null-terminated Buffer" ('Hello ROS World', 15 bytes, arrives with one zero).
 */
function transportedBytes(bytes: Uint8Array): Buffer {
  // allocUnsafe: a slice of Node's pool for a small message, where alloc makes an ArrayBuffer.
  const padded = Buffer.allocUnsafe((bytes.length + 3) & ~3);
  padded.set(bytes);
  padded.fill(0, bytes.length);
  return padded;
}
