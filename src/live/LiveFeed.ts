import { serializeMessage } from '../interfaces/cdr.js';
import type { Publisher } from '../sim/Publisher.js';
import type { Sample } from '../sim/Sample.js';
import type { Simulation } from '../sim/Simulation.js';
import type { ViewMessage, ViewTopic } from '../sim/ViewTopics.js';
import type { LiveSink } from './liveProtocol.js';

/** Messages sent together at most (a run not paced to real time sends a batch when it fills). */
const BATCH = 256;

/**
 * A run's messages for a live view (rclsim run --foxglove): every topic is watched as a
 * recorder watches it (by no entity: watching changes nothing in the run); a topic is announced
 * with its first publisher, and the messages of watched topics are sent as CDR with their sim
 * times, in batches, with the sim time reached (`time`, from the pacer). The view topics (the
 * world's scene, sim/ViewTopics.ts) are announced when declared and sent alike; a latched one's
 * last message is sent again when someone starts watching it, who would otherwise never see it.
 */
export class LiveFeed {
  readonly #simulation: Simulation;
  readonly #sink: LiveSink;
  readonly #announced = new Set<string>();
  #topics: string[] = [];
  #times: bigint[] = [];
  #data: Uint8Array[] = [];
  #lastTime = -1n;
  /** The last message of each latched view topic, and whether it was watched when last looked. */
  readonly #latched = new Map<string, { last: ViewMessage | null; watched: boolean }>();

  constructor(simulation: Simulation, sink: LiveSink) {
    this.#simulation = simulation;
    this.#sink = sink;
    simulation.delivery.watch(null, (sample, publisher) => this.#message(sample, publisher));
    simulation.graph.publisherAdded.push((publisher) => this.#announce(publisher.topic, publisher.typeName));
    simulation.viewTopics.watch(null, { declared: (topic) => this.#declared(topic), message: (message) => this.#viewMessage(message) });
  }

  /** A topic is announced when its first publisher is created, so that a client can subscribe before it carries anything. */
  #announce(topic: string, typeName: string): void {
    if (this.#announced.has(topic)) return;
    this.#announced.add(topic);
    const schema = this.#simulation.interfaces.bagSchema(typeName);
    this.#sink.post({ type: 'live-channel', topic, schemaName: typeName, schemaEncoding: schema.encoding, schema: schema.text });
  }

  #declared(topic: ViewTopic): void {
    this.#announce(topic.topic, topic.typeName);
    if (topic.latched) this.#latched.set(topic.topic, { last: null, watched: false });
  }

  #viewMessage(message: ViewMessage): void {
    const latched = this.#latched.get(message.topic.topic);
    if (latched !== undefined) latched.last = message;
    if (this.#sink.watched.has(message.topic.topic)) this.#push(message.topic.topic, message.timeNs, message.bytes());
  }

  /** Latched topics someone started watching since the last look get their last message again. */
  #resendLatched(): void {
    for (const [topic, latched] of this.#latched) {
      const watched = this.#sink.watched.has(topic);
      if (watched && !latched.watched && latched.last !== null) this.#push(topic, latched.last.timeNs, latched.last.bytes());
      latched.watched = watched;
    }
  }

  #push(topic: string, time: bigint, data: Uint8Array): void {
    this.#topics.push(topic);
    this.#times.push(time);
    this.#data.push(data);
    if (this.#topics.length >= BATCH) this.flush();
  }

  #message(sample: Sample, publisher: Publisher): void {
    const engine = this.#simulation.engine;
    // Before the start the clock reads 0, not a time a viewer could place.
    if (!engine.started) return;
    const topic = publisher.topic;
    this.#announce(topic, publisher.typeName);
    if (!this.#sink.watched.has(topic)) return;
    // A copy of its own: the sample's bytes (a played message's) may be read on after this.
    this.#push(topic, engine.nowAbs, sample.raw === undefined ? serializeMessage(publisher.type, sample.message!) : Uint8Array.from(sample.raw));
  }

  /** The run reached `offset` (ns after the start): what waits is sent, then the time. */
  time(offset: number): void {
    this.#resendLatched();
    this.flush();
    const time = this.#simulation.engine.base + BigInt(offset);
    if (time <= this.#lastTime) return;
    this.#lastTime = time;
    this.#sink.post({ type: 'live-time', time });
  }

  flush(): void {
    if (this.#topics.length === 0) return;
    this.#sink.post({ type: 'live-messages', topics: this.#topics, times: this.#times, data: this.#data });
    this.#topics = [];
    this.#times = [];
    this.#data = [];
  }
}
