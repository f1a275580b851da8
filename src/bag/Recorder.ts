import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { McapWriter } from '@mcap/core';
import { stringify } from 'yaml';
import { serializeMessage } from '../interfaces/cdr.js';
import type { Publisher } from '../rcl/Publisher.js';
import type { Sample } from '../rcl/Sample.js';
import type { Simulation } from '../rcl/Simulation.js';
import { chunkCompressor, type ChunkCompression } from './chunkCompression.js';
import { offeredQosProfilesYaml } from './qosProfiles.js';
import { SyncFileWritable } from './SyncFileWritable.js';

export interface RecordOptions {
  /** An .mcap file, or a bag directory (it gets `<name>_0.mcap` and a metadata.yaml). */
  path: string;
  /** Topics to record (all when absent). */
  topics?: readonly string[];
  compression?: ChunkCompression;
}

/** rosbag2's metadata format version written (Jazzy's: QoS policies as strings, ros_distro). */
const METADATA_VERSION = 9;
const ROS_DISTRO = 'jazzy';
/** Writer calls queued before they are carried out. */
const WRITE_BATCH = 1024;

/** A queued McapWriter call; `single`: one addMessage, complete when it returns having written nothing. */
interface WriterCall {
  run: () => Promise<unknown>;
  single: boolean;
}

interface RecordedChannel {
  id: number;
  topic: string;
  type: string;
  /** The topic's publishers' offers when the channel was first written (channel and metadata.yaml). */
  offeredQosProfiles: string;
  count: number;
}

/**
 * rosbag2's recorder inside a simulation. It watches deliveries (it is no node: recording never
 * changes which callbacks run or when) and writes MCAP as rosbag2_storage_mcap does: profile
 * `ros2`, `ros2msg` schemas with the full dependency text, `cdr` messages with the
 * `offered_qos_profiles` of the topic's publishers, log time = arrival (receive) time, publish
 * time = send time, and a `rosbag2` metadata record. Writes are synchronous and in a fixed
 * order, so the same job writes the same bytes.
 */
export class Recorder {
  readonly path: string;
  readonly filePath: string;
  messagesRecorded = 0;
  readonly #simulation: Simulation;
  readonly #writable: SyncFileWritable;
  readonly #writer: McapWriter;
  readonly #bagDirectory: string | undefined;
  readonly #channels = new Map<string, RecordedChannel>();
  readonly #channelOfPublisher = new WeakMap<Publisher, RecordedChannel>();
  readonly #operations: WriterCall[] = [];
  readonly #beforeStart: { channel: RecordedChannel; data: Uint8Array }[] = [];
  #writing: Promise<void> | undefined;
  #failure: unknown;
  #firstTime: bigint | undefined;
  #lastTime = 0n;
  #closed = false;

  private constructor(simulation: Simulation, options: RecordOptions, compressor: Awaited<ReturnType<typeof chunkCompressor>>) {
    this.#simulation = simulation;
    this.path = options.path;
    if (extname(options.path) === '.mcap') {
      this.filePath = options.path;
    } else {
      mkdirSync(options.path, { recursive: true });
      this.#bagDirectory = options.path;
      this.filePath = join(options.path, `${basename(options.path)}_0.mcap`);
    }
    this.#writable = new SyncFileWritable(this.filePath);
    this.#writer = new McapWriter({ writable: this.#writable, ...(compressor === undefined ? {} : { compressChunk: compressor }) });
    this.#enqueue(() => this.#writer.start({ profile: 'ros2', library: 'rclsim' }));
    const topics = options.topics === undefined ? null : new Set(options.topics);
    const watcher = (sample: Sample, publisher: Publisher): void => this.#record(sample, publisher);
    if (topics === null) simulation.delivery.watch(null, watcher);
    else for (const topic of topics) simulation.delivery.watch(topic, watcher);
  }

  static async open(simulation: Simulation, options: RecordOptions): Promise<Recorder> {
    return new Recorder(simulation, options, await chunkCompressor(options.compression ?? 'none'));
  }

  #record(sample: Sample, publisher: Publisher): void {
    if (this.#closed) return;
    const channel = this.#channelOf(publisher);
    const data = (sample.raw ??= serializeMessage(publisher.type, sample.message));
    const engine = this.#simulation.engine;
    // Before the run starts the clock reads 0 and the start time may still change (a bag sets
    // it): what nodes publish while being built is written at the start time, once it is known.
    if (!engine.started) {
      this.#beforeStart.push({ channel, data });
      return;
    }
    this.#writeBeforeStart();
    this.#write(channel, data, engine.nowAbs, sample.sourceTimestamp);
  }

  #writeBeforeStart(): void {
    if (this.#beforeStart.length === 0) return;
    const start = this.#simulation.engine.base;
    for (const { channel, data } of this.#beforeStart.splice(0)) this.#write(channel, data, start, start);
  }

  #write(channel: RecordedChannel, data: Uint8Array, logTime: bigint, publishTime: bigint): void {
    this.#firstTime ??= logTime;
    this.#lastTime = logTime;
    const sequence = ++channel.count;
    this.messagesRecorded++;
    this.#enqueue(() => this.#writer.addMessage({ channelId: channel.id, sequence, logTime, publishTime, data }), true);
  }

  #channelOf(publisher: Publisher): RecordedChannel {
    const cached = this.#channelOfPublisher.get(publisher);
    if (cached !== undefined) return cached;
    const key = `${publisher.topic}\u0000${publisher.typeName}`;
    const known = this.#channels.get(key);
    if (known !== undefined) {
      this.#channelOfPublisher.set(publisher, known);
      return known;
    }
    const offeredQosProfiles = offeredQosProfilesYaml(this.#simulation.graph.publishersOf(publisher.topic).map((p) => p.qos));
    const recorded: RecordedChannel = { id: -1, topic: publisher.topic, type: publisher.typeName, offeredQosProfiles, count: 0 };
    this.#enqueue(async () => {
      const schemaId = await this.#writer.registerSchema({
        name: publisher.typeName,
        encoding: 'ros2msg',
        data: new TextEncoder().encode(publisher.type.fullText()),
      });
      recorded.id = await this.#writer.registerChannel({
        topic: publisher.topic,
        messageEncoding: 'cdr',
        schemaId,
        metadata: new Map([['offered_qos_profiles', offeredQosProfiles]]),
      });
    });
    this.#channels.set(key, recorded);
    this.#channelOfPublisher.set(publisher, recorded);
    return recorded;
  }

  /**
   * The MCAP writer's calls must not interleave: they run one after another, in call order, in
   * batches (each batch costs the simulation a turn of the event loop), and all at close.
   */
  #enqueue(run: () => Promise<unknown>, single = false): void {
    this.#operations.push({ run, single });
    if (this.#operations.length >= WRITE_BATCH) void this.#startDrain();
  }

  /** The running drain, or a new one; forgotten once settled (a drain may finish within the call). */
  #startDrain(): Promise<void> {
    this.#writing ??= this.#drain().finally(() => {
      this.#writing = undefined;
    });
    return this.#writing;
  }

  async #drain(): Promise<void> {
    try {
      // By index, not shift(): shifting a long array moves all of it, once per call.
      const operations = this.#operations;
      let done = 0;
      while (done < operations.length) {
        const operation = operations[done++]!;
        const writes = this.#writable.writes;
        const finished = operation.run();
        // McapWriter waits inside addMessage only to write a finished chunk. One that wrote
        // nothing is complete (it throws only for an unregistered channel, which the queue's
        // order rules out), and waiting for it would cost every message a microtask turn.
        if (!operation.single || this.#writable.writes !== writes) await finished;
      }
      operations.length = 0;
    } catch (error) {
      this.#failure ??= error;
      this.#operations.length = 0;
    }
  }

  /** The rosbag2 metadata of what was recorded (metadata.yaml's rosbag2_bagfile_information). */
  #metadata(): Record<string, unknown> {
    const start = this.#firstTime ?? 0n;
    const duration = this.#lastTime - start;
    const file = basename(this.filePath);
    return {
      version: METADATA_VERSION,
      storage_identifier: 'mcap',
      duration: { nanoseconds: duration },
      starting_time: { nanoseconds_since_epoch: start },
      message_count: this.messagesRecorded,
      topics_with_message_count: [...this.#channels.values()].map((channel) => ({
        topic_metadata: {
          name: channel.topic,
          type: channel.type,
          serialization_format: 'cdr',
          offered_qos_profiles: channel.offeredQosProfiles,
          type_description_hash: '',
        },
        message_count: channel.count,
      })),
      // Chunk compression is the MCAP storage's own business: rosbag2 leaves these empty for it
      // ('message'/'file' are its compressors, which readers undo before the storage's).
      compression_format: '',
      compression_mode: '',
      relative_file_paths: [file],
      files: [{ path: file, starting_time: { nanoseconds_since_epoch: start }, duration: { nanoseconds: duration }, message_count: this.messagesRecorded }],
      custom_data: null,
      ros_distro: ROS_DISTRO,
    };
  }

  /** Finishes the file (summary, indexes, rosbag2 metadata) and writes metadata.yaml. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#writeBeforeStart();
    this.#closed = true;
    try {
      const metadata = this.#metadata();
      this.#enqueue(() =>
        this.#writer.addMetadata({ name: 'rosbag2', metadata: new Map([['serialized_metadata', stringify(metadata)]]) }),
      );
      this.#enqueue(() => this.#writer.end());
      while (this.#operations.length > 0 || this.#writing !== undefined) await this.#startDrain();
      if (this.#failure !== undefined) throw this.#failure;
      if (this.#bagDirectory !== undefined) {
        writeFileSync(join(this.#bagDirectory, 'metadata.yaml'), stringify({ rosbag2_bagfile_information: metadata }));
      }
    } finally {
      this.#writable.close();
    }
  }
}
