import { basename, extname, join } from 'node:path';
import { notRegularFile } from '../base/regularFile.js';
import { OutputError } from '../base/runErrors.js';
import { serializeMessage } from '../interfaces/cdr.js';
import type { MessageType } from '../interfaces/MessageType.js';
import { typeDescriptionHash } from '../interfaces/typeDescription.js';
import { type ResolvedQoS, UNTIMED } from '../ros/QoS.js';
import type { Publisher } from '../sim/Publisher.js';
import type { Sample } from '../sim/Sample.js';
import type { Simulation } from '../sim/Simulation.js';
import type { ViewMessage } from '../sim/ViewTopics.js';
import { BagError } from './BagStorage.js';
import { type ChunkCompression, chunkCompressor } from './chunkCompression.js';
import { makeFolder } from './makeFolder.js';
import { offeredQosProfiles, offeredQosProfilesYaml } from './qosProfiles.js';
import { type RecordedTopic, rosbag2Metadata, serializedMetadata, writeMetadataYaml } from './rosbag2Metadata.js';
import { type ChunkCompressor, type McapStatistics, SyncMcapWriter } from './SyncMcapWriter.js';

export interface RecordOptions {
  /** An .mcap file, or a bag directory (it gets `<name>_0.mcap` and a metadata.yaml). */
  path: string;
  /** Topics to record (all when absent). */
  topics?: readonly string[];
  compression?: ChunkCompression;
  /** Record what arrives at this network host, when it arrives (default: every message where it is published). */
  host?: string;
}

/** A chunk is written at least once a second of sim time: a run that dies loses at most that. */
const CHUNK_SPAN = 1_000_000_000n;

/**
 * rosbag2's recorder inside a simulation. It watches deliveries (it is no node: recording never
 * changes which callbacks run or when) and writes MCAP as rosbag2_storage_mcap does: profile
 * `ros2`, channel and schema ids from 1, schemas with the full dependency text (`ros2msg`, or
 * `ros2idl` for IDL types), `cdr` messages, channel metadata `offered_qos_profiles` and
 * `topic_type_hash`, log time = arrival (receive) time, publish time = send time, and a
 * `rosbag2` metadata record. Every write has finished when the call returns, in a fixed order,
 * so the same job writes the same bytes, and a run that fails or is stopped in a stuck callback
 * can still finish the file. A write that fails (a full disk) keeps what the file holds so far
 * readable and fails the run.
 */
export class Recorder {
  readonly path: string;
  readonly filePath: string;
  readonly #simulation: Simulation;
  readonly #writer: SyncMcapWriter;
  /** The bag directory (undefined when recording to a single .mcap file). */
  readonly bagDirectory: string | undefined;
  readonly #channels = new Map<string, RecordedTopic>();
  readonly #channelOfPublisher = new WeakMap<Publisher, RecordedTopic>();
  readonly #beforeStart: { channel: RecordedTopic; data: Uint8Array }[] = [];
  /** What the finished file holds (a salvaged file: what it kept). */
  #kept: Readonly<McapStatistics> | null = null;
  #closed = false;
  /** Why the file was salvaged, told again by close(): the run may have failed of something else first. */
  #failure: OutputError | undefined;

  private constructor(simulation: Simulation, options: RecordOptions, compressor: ChunkCompressor | undefined) {
    this.#simulation = simulation;
    this.path = options.path;
    // Checked before any file is made.
    const host = options.host === undefined ? null : simulation.network?.host(options.host);
    if (host === undefined) throw new BagError(options.path, `records at host '${options.host}', which the network does not have`);
    if (extname(options.path) === '.mcap') {
      this.filePath = options.path;
    } else {
      this.bagDirectory = options.path;
      this.filePath = join(options.path, `${basename(options.path)}_0.mcap`);
      // Written when the run ends: a FIFO there would hang it then.
      const metadataPath = join(options.path, 'metadata.yaml');
      const problem = notRegularFile(metadataPath);
      if (problem !== undefined) throw new OutputError(metadataPath, problem);
    }
    let writer: SyncMcapWriter | undefined;
    try {
      if (this.bagDirectory !== undefined) makeFolder(this.bagDirectory);
      writer = new SyncMcapWriter(this.filePath, { chunkSpan: CHUNK_SPAN, ...(compressor === undefined ? {} : { compressChunk: compressor }) });
      writer.start({ profile: 'ros2', library: 'rclsim' });
    } catch (error) {
      writer?.salvage();
      throw new OutputError(this.filePath, OutputError.describe(error), { cause: error });
    }
    this.#writer = writer;
    const topics = options.topics === undefined ? null : new Set(options.topics);
    const watcher = (sample: Sample, publisher: Publisher): void => this.#record(sample, publisher);
    if (topics === null) simulation.delivery.watch(null, watcher, host);
    else for (const topic of topics) simulation.delivery.watch(topic, watcher, host);
    // The world's scene, which no node publishes (sim/ViewTopics.ts): recorded, never an output of the run.
    simulation.viewTopics.watch(topics === null ? null : [...topics], { message: (message) => this.#recordView(message) });
  }

  static async open(simulation: Simulation, options: RecordOptions): Promise<Recorder> {
    return new Recorder(simulation, options, chunkCompressor(options.compression ?? 'none'));
  }

  /** In the middle of a write (see SyncMcapWriter.busy). */
  get busy(): boolean {
    return this.#writer.busy;
  }

  #record(sample: Sample, publisher: Publisher): void {
    if (this.#closed) return;
    try {
      const channel = this.#channelOf(publisher);
      // A sample without a message was published as raw bytes, which it holds.
      const data = (sample.raw ??= serializeMessage(publisher.type, sample.message!));
      const engine = this.#simulation.engine;
      // Before the run starts the clock reads 0 and the start time may still change (a bag sets
      // it): what nodes publish while being built is written at the start time, once it is known.
      if (!engine.started) {
        this.#beforeStart.push({ channel, data });
        return;
      }
      this.#writeBeforeStart();
      this.#write(channel, data, engine.nowAbs, sample.sourceTimestamp);
    } catch (error) {
      // Never into the publishing callback: the run fails at its next step, the file is kept.
      this.#simulation.engine.fail(this.#salvage(error));
    }
  }

  /** A view topic's message, written at its own time (the world's scene is sampled at steps of its own, after the start). */
  #recordView({ topic, timeNs, bytes }: ViewMessage): void {
    if (this.#closed) return;
    try {
      const qos = { ...UNTIMED, keepAll: false, depth: 1, reliable: true, transientLocal: topic.latched };
      const channel = this.#channel(topic.topic, topic.typeName, topic.type, [qos]);
      this.#writeBeforeStart();
      this.#write(channel, bytes(), timeNs, timeNs);
    } catch (error) {
      this.#simulation.engine.fail(this.#salvage(error));
    }
  }

  #writeBeforeStart(): void {
    if (this.#beforeStart.length === 0) return;
    const start = this.#simulation.engine.base;
    for (const { channel, data } of this.#beforeStart.splice(0)) this.#write(channel, data, start, start);
  }

  #write(channel: RecordedTopic, data: Uint8Array, logTime: bigint, publishTime: bigint): void {
    const sequence = Number(this.#writer.statistics.channelMessageCounts.get(channel.channelId) ?? 0n) + 1;
    this.#writer.addMessage({ channelId: channel.channelId, sequence, logTime, publishTime, data });
  }

  #channelOf(publisher: Publisher): RecordedTopic {
    const cached = this.#channelOfPublisher.get(publisher);
    if (cached !== undefined) return cached;
    const channel = this.#channel(
      publisher.topic,
      publisher.typeName,
      publisher.type,
      this.#simulation.graph.publishersOf(publisher.topic).map((p) => p.resolvedQoS),
    );
    this.#channelOfPublisher.set(publisher, channel);
    return channel;
  }

  /** The channel of `topic` and `typeName`, registered when first written with `offers` (its publishers' QoS then). */
  #channel(topic: string, typeName: string, type: MessageType, offers: readonly ResolvedQoS[]): RecordedTopic {
    const key = `${topic}\u0000${typeName}`;
    let channel = this.#channels.get(key);
    if (channel === undefined) {
      const profiles = offeredQosProfiles(offers);
      const typeHash = typeDescriptionHash(type);
      const schema = this.#simulation.interfaces.bagSchema(typeName);
      const schemaId = this.#writer.registerSchema({ name: typeName, encoding: schema.encoding, data: new TextEncoder().encode(schema.text) });
      const id = this.#writer.registerChannel({
        topic,
        messageEncoding: 'cdr',
        schemaId,
        metadata: new Map([
          ['offered_qos_profiles', offeredQosProfilesYaml(profiles)],
          ['topic_type_hash', typeHash],
        ]),
      });
      channel = { channelId: id, topic, type: typeName, offeredQosProfiles: profiles, typeHash };
      this.#channels.set(key, channel);
    }
    return channel;
  }

  /** The rosbag2 metadata of what the file holds (metadata.yaml's rosbag2_bagfile_information). */
  #metadata(statistics: Readonly<McapStatistics>): Record<string, unknown> {
    return rosbag2Metadata(basename(this.filePath), statistics, [...this.#channels.values()]);
  }

  /**
   * Finishes the file (summary, indexes, rosbag2 metadata record) and writes metadata.yaml.
   * Synchronous, so that a run stopped anywhere can still finish it. Throws an OutputError when
   * the file cannot be finished, or could not be written before (what it holds stays readable).
   */
  close(): void {
    if (this.#failure !== undefined) throw this.#failure;
    if (this.#closed) return;
    try {
      this.#writeBeforeStart();
      this.#closed = true;
      const statistics = this.#writer.statistics;
      this.#writer.addMetadata({ name: 'rosbag2', metadata: new Map([['serialized_metadata', serializedMetadata(this.#metadata(statistics))]]) });
      this.#writer.end();
      this.#kept = statistics;
    } catch (error) {
      throw this.#salvage(error);
    }
    this.#writeMetadataYaml();
  }

  /** After a failed write: the file is finished with what it holds; returns the error that fails the run. */
  #salvage(error: unknown): OutputError {
    const reason = OutputError.describe(error);
    this.#closed = true;
    this.#kept = this.#writer.salvage();
    let kept = 'the file could not be finished';
    if (this.#kept !== null) {
      kept = `the recording keeps its first ${this.#kept.messageCount} messages`;
      try {
        this.#writeMetadataYaml();
      } catch {
        kept += ' (without metadata.yaml)';
      }
    }
    this.#failure = new OutputError(this.filePath, `${reason}; ${kept}`, { cause: error });
    return this.#failure;
  }

  #writeMetadataYaml(): void {
    if (this.bagDirectory !== undefined && this.#kept !== null) writeMetadataYaml(this.bagDirectory, this.#metadata(this.#kept));
  }
}
