import { formatSimTime, SimTimeRangeError } from '../base/runErrors.js';
import { EXACT_RANGE } from '../base/simTimeRange.js';
import { timeMsg } from '../base/timeMsg.js';
import { QoS, qosFromResolved, type ResolvedQoS } from '../ros/QoS.js';
import { Node } from '../sim/Node.js';
import type { Publisher } from '../sim/Publisher.js';
import type { Simulation } from '../sim/Simulation.js';
import type { Timer } from '../sim/Timer.js';
import { Bag } from './Bag.js';
import { BagError, type BagMessage, type BagTopic } from './BagStorage.js';
import { playbackQoS } from './qosProfiles.js';

export interface PlayOptions {
  /** A bag directory (metadata.yaml and its files), an .mcap or a .db3 file. */
  bag: string;
  /** Recorded topic names to play (all when absent). */
  topics?: readonly string[];
  /** Recorded topic name → the name to publish it on. */
  remap?: Readonly<Record<string, string>>;
  /** Sim time (ns) from the placement point to the first played message (see JobHandle.play). */
  startOffset?: bigint;
  /** The part of the bag to play: ns after the bag's first message, both ends inclusive. */
  window?: { from?: bigint; to?: bigint };
  /** Which recorded timestamp a message is published at: receive (log) time, or send time. */
  timestamp?: 'received' | 'sent';
  /** Publish rosgraph_msgs/Clock on /clock at this rate (Hz) while playing. */
  clockHz?: number;
  /** Name of the player node (default rosbag2_player). */
  nodeName?: string;
  /** The network host whose nodes the bag's messages come from (default: none; every node gets them where they are published). */
  host?: string;
}

/**
 * rosbag2's player inside a simulation: a node that publishes each recorded message, as the
 * recorded CDR bytes, at its recorded time plus a fixed shift, exactly. Playback is event
 * driven: one scheduled action per message, and the next message is read (synchronously, one
 * chunk of the file at a time) when the previous one has gone out.
 */
export class Player {
  readonly node: Node;
  readonly bag: Bag;
  /** Recorded time of the first message to play (undefined: nothing to play). */
  readonly firstTime: bigint | undefined;
  messagesPlayed = 0;
  readonly #simulation: Simulation;
  readonly #publishers = new Map<string, Publisher>();
  readonly #iterator: Iterator<BagMessage>;
  readonly #timestamp: 'received' | 'sent';
  readonly #clockHz: number;
  #pending: BagMessage | undefined;
  #shift = 0n;
  #clock: Timer | undefined;
  #closed = false;

  private constructor(simulation: Simulation, bag: Bag, options: PlayOptions, iterator: Iterator<BagMessage>, first: BagMessage | undefined) {
    this.#simulation = simulation;
    this.bag = bag;
    this.#iterator = iterator;
    this.#pending = first;
    this.#timestamp = options.timestamp ?? 'received';
    this.#clockHz = options.clockHz ?? 0;
    this.firstTime = first === undefined ? undefined : this.#timeOf(first);
    const nodeName = options.nodeName ?? 'rosbag2_player';
    if (options.host !== undefined) simulation.placeNode(`/${nodeName}`, options.host);
    this.node = new Node(nodeName, '', simulation.defaultContext);
    const selected = bag.topics().filter((topic) => options.topics === undefined || options.topics.includes(topic.name));
    for (const topic of selected) {
      if (topic.schema !== undefined)
        simulation.interfaces.addSchema(topic.type, topic.schema.encoding, topic.schema.text, `${bag.path} (schema of ${topic.type})`);
    }
    for (const topic of selected) this.#publishers.set(topic.name, this.#createPublisher(topic, options.remap?.[topic.name] ?? topic.name));
  }

  /** Opens the bag and reads its first message to play; start() schedules the playback. */
  static async open(simulation: Simulation, options: PlayOptions): Promise<Player> {
    const bag = await Bag.open(options.bag);
    let iterator: Iterator<BagMessage> | undefined;
    try {
      const known = new Set(bag.topics().map((topic) => topic.name));
      for (const topic of options.topics ?? []) {
        if (!known.has(topic)) throw new BagError(bag.path, `has no topic ${topic} (it has ${[...known].join(', ')})`);
      }
      // ROS time is a signed 64-bit count of nanoseconds.
      if (bag.endTime >= 1n << 63n) throw new BagError(bag.path, `has messages stamped ${bag.endTime} ns, beyond ROS time (below 2^63 ns)`);
      const origin = bag.startTime;
      const from = options.window?.from;
      const to = options.window?.to;
      iterator = bag.messages(
        {
          ...(options.topics === undefined ? {} : { topics: options.topics }),
          ...(from === undefined ? {} : { start: origin + from }),
          ...(to === undefined ? {} : { end: origin + to }),
        },
        options.timestamp ?? 'received',
      );
      const first = iterator.next();
      return new Player(simulation, bag, options, iterator, first.done === true ? undefined : first.value);
    } catch (error) {
      // The reading query ends before the file closes (sqlite refuses to close under a running
      // query); a failure to release the bag never hides why it could not be played.
      try {
        iterator?.return?.();
        bag.close();
      } catch {
        // the first failure is the one to report
      }
      throw error;
    }
  }

  #createPublisher(topic: BagTopic, name: string): Publisher {
    if (topic.serializationFormat !== 'cdr') {
      throw new BagError(this.bag.path, `topic ${topic.name} is serialized as '${topic.serializationFormat}'; only cdr can be played`);
    }
    try {
      const qos: ResolvedQoS = playbackQoS(topic.offeredQosProfiles, `topic ${topic.name}`);
      return this.node.createPublisher(topic.type, name, { qos: qosFromResolved(qos) });
    } catch (error) {
      throw new BagError(this.bag.path, `topic ${topic.name} (${topic.type}): ${(error as Error).message}`);
    }
  }

  #timeOf(message: BagMessage): bigint {
    return this.#timestamp === 'sent' ? message.publishTime : message.logTime;
  }

  /** Plays every message at its recorded time plus `shift` (ns). */
  start(shift: bigint): void {
    this.#shift = shift;
    if (this.#pending === undefined) {
      this.#finish();
      return;
    }
    const engine = this.#simulation.engine;
    const span = this.bag.endTime + shift - (engine.started ? engine.nowAbs : engine.base);
    if (span > EXACT_RANGE) {
      throw new BagError(
        this.bag.path,
        `its messages span ${formatSimTime(span)} from the start, beyond rclsim's exact sim time range (2^53 ns, about 104 days): play a window of it (window: { from, to })`,
      );
    }
    if (this.#clockHz > 0) {
      const period = BigInt(Math.round(1e9 / this.#clockHz));
      const engine = this.#simulation.engine;
      const clock = this.node.createPublisher('rosgraph_msgs/msg/Clock', '/clock', { qos: QoS.profileDefault });
      this.#clock = this.node.createTimer(period, {
        fire: () => {
          const now = engine.nowAbs;
          clock.publish({ clock: timeMsg(now) });
        },
      });
    }
    this.#schedule(this.#pending);
  }

  #schedule(message: BagMessage): void {
    try {
      this.#simulation.engine.scheduleAt(this.#timeOf(message) + this.#shift, () => this.#publish(message));
    } catch (error) {
      if (!(error instanceof SimTimeRangeError)) throw error;
      throw new BagError(
        this.bag.path,
        `the message on ${message.topic} received at ${message.logTime} lies beyond rclsim's exact sim time range (start + 2^53 ns): play a window of the bag`,
      );
    }
  }

  #publish(message: BagMessage): void {
    if (this.#closed) return;
    const publisher = this.#publishers.get(message.topic)!;
    const data = Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength);
    try {
      publisher.publishRecorded(data, message.publishTime + this.#shift);
    } catch (error) {
      // The bytes are decoded only for those who receive them: what fails here is the bag's data.
      throw new BagError(
        this.bag.path,
        `topic ${message.topic}: the message received at ${message.logTime} cannot be read as ${publisher.typeName} (corrupt CDR?): ${(error as Error).message}`,
      );
    }
    this.messagesPlayed++;
    const next = this.#iterator.next();
    if (next.done === true) this.#finish();
    else this.#schedule(next.value);
  }

  /** The bag is played out: no more /clock, and its files are released. */
  #finish(): void {
    this.close();
  }

  /** Stops playing and releases the bag's files. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#clock?.cancel();
    this.#iterator.return?.();
    this.bag.close();
  }
}
