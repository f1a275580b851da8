import type { Hash64 } from '../base/Hash64.js';
import { Fifo } from '../engine/Fifo.js';
import { deserializeMessage } from '../interfaces/cdr.js';
import { cdrDigest } from '../interfaces/cdrDigest.js';
import type { MessageType } from '../interfaces/MessageType.js';
import type { Message } from '../interfaces/plainMessages.js';
import type { MessageInput, MessageOf } from '../interfaces/typeMaps.js';
import type { Host } from '../network/Host.js';
import type { ResolvedQoS } from '../ros/QoS.js';
import type { DelayDraws } from './DelayDraws.js';
import type { TopicWatchers } from './Delivery.js';
import { Entity } from './Entity.js';
import type { EntityEvents } from './EntityEvents.js';
import type { Node } from './Node.js';
import { RemoteLiveliness } from './RemoteLiveliness.js';
import { Sample } from './Sample.js';
import { SilenceWatch } from './SilenceWatch.js';
import type { Subscription } from './Subscription.js';

/** What publish takes: (part of) a message of the type, a bare value for a one-field type, or CDR bytes. */
export type PublishInput<T> = MessageInput<MessageOf<T>> | string | number | bigint | boolean | Buffer;

/**
 * A publisher in the simulation (rclnodejs's is client/Publisher.ts): publishing hands each
 * matched subscription its own copy (in zero-copy mode, all share one).
 */
export class Publisher<T extends string = string> extends Entity {
  readonly topic: string;
  readonly typeName: string;
  readonly type: MessageType;
  /** The QoS the simulation acts on (matching, buffers); `qos` is what the program gave. */
  readonly resolvedQoS: ResolvedQoS;
  readonly gid: Buffer;
  /** Its event callbacks (rclnodejs's PublisherEventCallbacks / SubscriptionEventCallbacks), if any. */
  events: EntityEvents | null = null;
  /** Subscriptions that receive this publisher's messages, in subscription creation order. */
  matched: Subscription[] = [];
  /** Delivery delay in ns (0: immediate). */
  readonly delay: number;
  /** Its topic's per-message delays, when the job gives a range. */
  readonly delayDraws: DelayDraws | null;
  #sequence = 0;
  readonly #retained: Fifo<Sample> | null;
  #watchers: TopicWatchers | null = null;
  #watchersGeneration = -1;

  /** Its offered deadline, when its QoS has one. */
  readonly #deadline: SilenceWatch | null;
  /** A MANUAL_BY_TOPIC publisher's lease, when finite; `#asserted` once it has written or asserted (AUTOMATIC: always). */
  readonly #lease: SilenceWatch | null;
  /** How subscriptions on other hosts see its liveliness (a finite lease only). */
  readonly #remote = new Map<Host, RemoteLiveliness>();
  #asserted: boolean;

  constructor(node: Node, typeName: string, topic: string, qos: ResolvedQoS) {
    super(node);
    this.topic = topic;
    this.typeName = typeName;
    this.type = this.simulation.interfaces.message(typeName);
    this.resolvedQoS = qos;
    this.gid = this.createGid();
    this.delay = this.simulation.topicDelay(topic);
    this.delayDraws = this.simulation.topicDelayDraws(topic);
    this.#retained = qos.transientLocal ? new Fifo<Sample>() : null;
    this.#deadline = qos.deadline === Infinity ? null : new SilenceWatch(this.engine, qos.deadline, true, (count) => this.events?.deadlineMissed(count));
    const leased = qos.manualLiveliness && qos.leaseDuration !== Infinity;
    this.#lease = leased ? new SilenceWatch(this.engine, qos.leaseDuration, false, (count) => this.#livelinessLost(count)) : null;
    this.#asserted = !qos.manualLiveliness;
  }

  get subscriptionCount(): number {
    return this.matched.length;
  }

  /** The publisher's topic: where its outputs go (OutputSource). */
  get channel(): string {
    return this.topic;
  }

  /**
   * Whether every reliable message it sent has been acknowledged: true at once without a network
   * (deliveries are complete when publish returns); across one, whether none is still on its
   * way now — a simulation cannot block for the timeout, sim time moves only between callbacks.
   */
  waitForAllAcked(_timeout?: bigint | number): boolean {
    return this.simulation.network?.transport.allAcknowledged(this) ?? true;
  }

  /** Asserts a MANUAL_BY_TOPIC publisher's liveliness, as a write does (AUTOMATIC ones need nothing). */
  assertLiveliness(): void {
    this.assertAlive('assert liveliness');
    this.#assertLiveliness();
    // Subscriptions on other hosts hear of it when the assertion gets there.
    for (const view of this.#remote.values()) view.send();
  }

  /**
   * How its matched subscriptions on its own host (or off the network) see it (DDS liveliness):
   * an AUTOMATIC publisher is alive while it exists; a MANUAL_BY_TOPIC one from its first write
   * or assertion, and not alive once its lease passes without one.
   */
  get liveliness(): 'alive' | 'not alive' | 'unknown' {
    if (!this.#asserted) return 'unknown';
    return this.#lease?.silent === true ? 'not alive' : 'alive';
  }

  /** How a subscription on `host` sees it: across the network, as its assertions arrive there (with a lease). */
  livelinessAt(host: Host | null): 'alive' | 'not alive' | 'unknown' {
    return this.remoteLiveliness(host)?.liveliness ?? this.liveliness;
  }

  /** The view of its liveliness from another host, when its lease is finite. */
  remoteLiveliness(host: Host | null): RemoteLiveliness | undefined {
    const own = this.node.host;
    if (own === null || host === null || host === own || this.resolvedQoS.leaseDuration === Infinity) return undefined;
    let view = this.#remote.get(host);
    if (view === undefined) this.#remote.set(host, (view = new RemoteLiveliness(this, host)));
    return view;
  }

  /** Whether a subscription sees its liveliness as it is here (not through a remote view). */
  #local(subscription: Subscription): boolean {
    return this.remoteLiveliness(subscription.node.host) === undefined;
  }

  /** A write: the deadline's period starts again, and a manual publisher's liveliness is asserted. */
  #wrote(): void {
    this.#deadline?.sample();
    this.#assertLiveliness();
  }

  #assertLiveliness(): void {
    // Only a MANUAL_BY_TOPIC publisher is unasserted or leased: an AUTOMATIC one has nothing to do.
    if (this.#asserted && this.#lease === null) return;
    const regained = this.#lease?.sample() ?? false;
    if (!this.#asserted) {
      this.#asserted = true;
      for (const subscription of this.matched) if (this.#local(subscription)) subscription.events?.livelinessChanged(1, 0);
    } else if (regained) {
      for (const subscription of this.matched) if (this.#local(subscription)) subscription.events?.livelinessChanged(1, -1);
    }
  }

  #livelinessLost(count: number): void {
    this.events?.livelinessLost(count);
    for (const subscription of this.matched) if (this.#local(subscription)) subscription.events?.livelinessChanged(-1, 1);
  }

  publish(message: PublishInput<T>): void {
    this.assertAlive('publish on', this.topic);
    this.#wrote();
    // Checked and copied even without subscribers: a wrong message fails where it is made.
    // A Buffer is a serialized (CDR) message, as rclnodejs publishes raw messages.
    if (Buffer.isBuffer(message)) this.#send(Buffer.from(message), this.engine.nowAbs, false);
    else this.#send(this.type.toMessage(message, this.simulation.zeroCopy, this.simulation.strictMessages), this.engine.nowAbs, false);
  }

  /**
   * Publishes CDR bytes that nobody writes again (a program's publish, a view of the frame it came
   * in), taken as they are instead of copied.
   */
  publishCdr(data: Buffer): void {
    this.assertAlive('publish on', this.topic);
    this.#wrote();
    this.#send(data, this.engine.nowAbs, false);
  }

  /**
   * Publishes recorded CDR bytes (a bag player's), which nobody else holds, stamped as sent at
   * `sentAt` (the recorded send time) so that re-recording keeps both timestamps. The output's
   * digest is that of the bytes, so that bytes nobody receives need not be decoded and the
   * fingerprint does not depend on who receives them.
   */
  publishRecorded(data: Buffer, sentAt: bigint): void {
    this.assertAlive('publish on', this.topic);
    this.#wrote();
    const engine = this.engine;
    if (engine.fingerprintEnabled) {
      const hash = this.#bytesDigest(data);
      engine.output('publish', this, hash.digestLo, hash.digestHi);
    } else {
      engine.output('publish', this, 0, 0);
    }
    if (!this.#hasReceivers()) this.#sequence++;
    else this.#send(data, sentAt, true);
  }

  #hasReceivers(): boolean {
    return this.matched.length > 0 || this.#retained !== null || !this.#currentWatchers().empty;
  }

  /** The delivery's watchers of this topic, looked up again only after a watcher was added. */
  #currentWatchers(): TopicWatchers {
    const delivery = this.simulation.delivery;
    if (this.#watchers === null || this.#watchersGeneration !== delivery.generation) {
      this.#watchers = delivery.watchersOf(this.topic);
      this.#watchersGeneration = delivery.generation;
    }
    return this.#watchers;
  }

  /**
   * `recorded`: a bag's message, whose publish counted as an output already (by its bytes) and
   * whose bytes must be a message of the type (the bag is input: bytes that are none are refused).
   */
  #send(message: Message | Buffer, sentAt: bigint, recorded: boolean): void {
    const raw = Buffer.isBuffer(message) ? message : undefined;
    const fingerprint = this.engine.fingerprintEnabled;
    let snapshot: Message | null | undefined;
    let hash: Hash64 | { digestLo: number; digestHi: number } | null;
    if (raw !== undefined && !recorded && cdrDigest(this.type, raw, this.simulation.messageHash)) {
      // Bytes that are a message of the type, digested as their message is: it is made only if something needs it.
      snapshot = undefined;
      hash = fingerprint ? this.simulation.messageHash : null;
    } else {
      snapshot = raw === undefined ? (message as Message) : recorded ? deserializeMessage(this.type, raw) : this.#decode(raw);
      hash = !fingerprint ? null : snapshot !== null ? this.type.digest(snapshot, this.simulation.messageHash) : this.#bytesDigest(raw!);
    }
    const sequence = ++this.#sequence;
    if (!recorded) this.engine.output('publish', this, hash === null ? 0 : hash.digestLo, hash === null ? 0 : hash.digestHi);
    const sample = this.#hasReceivers()
      ? new Sample(snapshot, this.#lazyDecode, hash, sentAt, this.engine.now, sequence, this.gid, this.#retained !== null, raw)
      : null;
    this.simulation.metrics?.published(this, sample);
    if (sample === null) return;
    if (this.#retained !== null) {
      this.#retained.push(sample);
      if (this.#retained.length > this.resolvedQoS.depth) this.#retained.shift();
    }
    this.simulation.delivery.send(this, sample, this.#currentWatchers());
  }

  /** The digest of CDR bytes themselves (a played message, raw bytes that are no message). */
  #bytesDigest(data: Buffer): { digestLo: number; digestHi: number } {
    const hash = this.simulation.messageHash.reset();
    hash.bytes(data);
    hash.finish();
    return hash;
  }

  /**
   * Raw bytes as a message of the type. rclnodejs hands raw bytes to DDS as they are: bytes that
   * are no message of the type still reach raw subscriptions, while typed ones cannot read them
   * (rmw drops such a message with an error, and so does this, once per publisher).
   */
  readonly #lazyDecode = (raw: Buffer): Message | null => this.#decode(raw);

  #decode(raw: Buffer): Message | null {
    try {
      return deserializeMessage(this.type, raw);
    } catch (error) {
      this.simulation.warn(`raw message published on ${this.topic} is no ${this.typeName} (${(error as Error).message}): only raw subscriptions receive it`);
      return null;
    }
  }

  /** The samples a TRANSIENT_LOCAL publisher replays to a late subscription, oldest first. */
  retainedSamples(): Sample[] {
    const samples = this.#retained?.toArray() ?? [];
    // Fast DDS's writer lifespan: a sample leaves the history once it is as old as the lifespan.
    const lifespan = this.resolvedQoS.lifespan;
    if (lifespan === Infinity) return samples;
    const written = this.engine.nowAbs - BigInt(lifespan);
    return samples.filter((sample) => sample.sourceTimestamp > written);
  }

  override destroy(): void {
    super.destroy();
    this.#deadline?.stop();
    this.#lease?.stop();
    for (const view of this.#remote.values()) view.stop();
    this.simulation.graph.removePublisher(this);
  }
}
