import { requireInterface } from './interfaceClasses.js';
import { SKIPPED, type Executable } from '../engine/Executable.js';
import { Fifo } from '../engine/Fifo.js';
import { serializeMessage } from '../interfaces/cdr.js';
import type { MessageType } from '../interfaces/MessageType.js';
import { cloneMessage, type Message } from '../interfaces/plainMessages.js';
import { Entity } from './Entity.js';
import { MessageInfo } from './MessageInfo.js';
import type { Node } from './Node.js';
import type { ResolvedQoS } from './QoS.js';
import type { Sample } from './Sample.js';

/** Gets a message; with `isRaw`, the message's CDR bytes as a Buffer instead. */
export type SubscriptionCallback<M = Message> = (message: M, info?: MessageInfo) => unknown;

/**
 * rclnodejs's Subscription. Delivered samples wait in a buffer bounded by the QoS history
 * (KEEP_LAST evicts the oldest); each delivery queues one event, and an event whose sample
 * was evicted finds the buffer empty and runs no callback.
 */
export class Subscription extends Entity implements Executable {
  readonly topic: string;
  readonly typeName: string;
  readonly qos: ResolvedQoS;
  readonly kind = 'subscription';
  readonly channel: string;
  readonly #callback: SubscriptionCallback;
  /** A callback declared with two parameters also gets a MessageInfo, as in rclnodejs. */
  readonly #wantsInfo: boolean;
  readonly #buffer = new Fifo<Sample>();
  /** The QoS history depth, held here: it is read at every delivery. */
  readonly #depth: number;
  readonly #receivedAt = new Fifo<bigint>();
  #receptionSequence = 0;

  /** rclnodejs's isRaw: the callback gets the CDR bytes (a Buffer) instead of a message. */
  readonly #raw: MessageType | null;

  constructor(
    node: Node,
    typeName: string,
    topic: string,
    qos: ResolvedQoS,
    callback: SubscriptionCallback,
    isRaw = false,
  ) {
    super(node);
    this.topic = topic;
    this.typeName = typeName;
    const type = this.simulation.interfaces.message(typeName);
    this.#raw = isRaw ? type : null;
    this.qos = qos;
    this.#depth = qos.depth;
    this.#callback = callback;
    this.#wantsInfo = callback.length >= 2;
    this.channel = topic;
  }

  /** rclnodejs's message class of the type. */
  get typeClass(): unknown {
    return requireInterface(this.typeName);
  }

  get label(): string {
    return this.describe(`subscription ${this.topic}`);
  }

  get publisherCount(): number {
    return this.simulation.graph.publishersOf(this.topic).filter((p) => p.matched.includes(this)).length;
  }

  /** A sample arrives: buffer it (evicting the oldest beyond the depth) and queue an event. */
  receive(sample: Sample): void {
    if (this.isDestroyed) return;
    const buffer = this.#buffer;
    if (buffer.length >= this.#depth) {
      buffer.shift()!.pending--;
      if (this.#wantsInfo) this.#receivedAt.shift();
    } else if (buffer.length >= this.simulation.keepAllLimit) {
      throw new Error(
        `KEEP_ALL buffer of ${this.label} exceeded ${this.simulation.keepAllLimit} messages; ` +
          `its callback does not keep up`,
      );
    }
    sample.pending++;
    buffer.push(sample);
    if (this.#wantsInfo) this.#receivedAt.push(this.engine.nowAbs);
    this.simulation.messagesDelivered++;
    this.engine.enqueue(this);
  }

  override pendingEvents(): number {
    return this.#buffer.length;
  }

  execute(): unknown {
    if (this.isDestroyed || !this.mayRun()) return SKIPPED;
    const sample = this.#buffer.shift();
    if (sample === undefined) return SKIPPED;
    const last = --sample.pending === 0 && !sample.retained;
    const message =
      this.#raw !== null
        ? (Buffer.from((sample.raw ??= serializeMessage(this.#raw, sample.message))) as unknown as Message)
        : last || this.simulation.zeroCopy
          ? sample.message
          : cloneMessage(sample.message);
    this.digestLo = sample.digestLo;
    this.digestHi = sample.digestHi;
    if (!this.#wantsInfo) return this.#callback(message);
    const info = new MessageInfo({
      sourceTimestamp: sample.sourceTimestamp,
      receivedTimestamp: this.#receivedAt.shift()!,
      publicationSequenceNumber: BigInt(sample.publicationSequenceNumber),
      receptionSequenceNumber: BigInt(++this.#receptionSequence),
      publisherGid: sample.publisherGid,
    });
    return this.#callback(message, info);
  }

  override destroy(): void {
    super.destroy();
    this.simulation.graph.removeSubscription(this);
  }
}
