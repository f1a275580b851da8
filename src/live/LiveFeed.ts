import { serializeMessage } from '../interfaces/cdr.js';
import type { Publisher } from '../sim/Publisher.js';
import type { Sample } from '../sim/Sample.js';
import type { Simulation } from '../sim/Simulation.js';
import type { LiveSink } from './liveProtocol.js';

/** Messages sent together at most (a run not paced to real time sends a batch when it fills). */
const BATCH = 256;

/**
 * A run's messages for a live view (rclsim run --foxglove): every topic is watched as a
 * recorder watches it (by no entity: watching changes nothing in the run); a topic is announced
 * with its first publisher, and the messages of watched topics are sent as CDR with their sim
 * times, in batches, with the sim time reached (`time`, from the pacer).
 */
export class LiveFeed {
  readonly #simulation: Simulation;
  readonly #sink: LiveSink;
  readonly #announced = new Set<string>();
  #topics: string[] = [];
  #times: bigint[] = [];
  #data: Uint8Array[] = [];
  #lastTime = -1n;

  constructor(simulation: Simulation, sink: LiveSink) {
    this.#simulation = simulation;
    this.#sink = sink;
    simulation.delivery.watch(null, (sample, publisher) => this.#message(sample, publisher));
    simulation.graph.publisherAdded.push((publisher) => this.#announce(publisher));
  }

  /** A topic is announced when its first publisher is created, so that a client can subscribe before it carries anything. */
  #announce(publisher: Publisher): void {
    const topic = publisher.topic;
    if (this.#announced.has(topic)) return;
    this.#announced.add(topic);
    const schema = this.#simulation.interfaces.bagSchema(publisher.typeName);
    this.#sink.post({ type: 'live-channel', topic, schemaName: publisher.typeName, schemaEncoding: schema.encoding, schema: schema.text });
  }

  #message(sample: Sample, publisher: Publisher): void {
    const engine = this.#simulation.engine;
    // Before the start the clock reads 0, not a time a viewer could place.
    if (!engine.started) return;
    const topic = publisher.topic;
    this.#announce(publisher);
    if (!this.#sink.watched.has(topic)) return;
    this.#topics.push(topic);
    this.#times.push(engine.nowAbs);
    // A copy of its own: the sample's bytes (a played message's) may be read on after this.
    this.#data.push(sample.raw === undefined ? serializeMessage(publisher.type, sample.message!) : Uint8Array.from(sample.raw));
    if (this.#topics.length >= BATCH) this.flush();
  }

  /** The run reached `offset` (ns after the start): what waits is sent, then the time. */
  time(offset: number): void {
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
