import { basename, join } from 'node:path';
import { parse } from 'yaml';
import type { InterfaceRegistry } from '../interfaces/InterfaceRegistry.js';
import { typeDescriptionHash } from '../interfaces/typeDescription.js';
import { chunkCompressor } from './chunkCompression.js';
import { makeFolder } from './makeFolder.js';
import { type McapWriterOptions, ZSTD_LEVELS } from './mcapWriterOptions.js';
import { offeredQosProfilesYaml } from './qosProfiles.js';
import { type RecordedTopic, rosbag2Metadata, serializedMetadata, writeMetadataYaml } from './rosbag2Metadata.js';
import { SqliteBagWriter } from './SqliteBagWriter.js';
import { SyncMcapWriter } from './SyncMcapWriter.js';

/** The distro a program's bag says it was written with (rclsim is Jazzy's). */
const ROS_DISTRO = 'jazzy';

/** A topic as a program's Writer creates it (rosbag2_storage::TopicMetadata). */
export interface WrittenTopic {
  name: string;
  type: string;
  serializationFormat: string;
  /** rosbag2's YAML list of offered QoS profiles ('': none). */
  offeredQosProfiles: string;
  typeDescriptionHash: string;
}

/**
 * A bag a program writes with rosbag2_cpp's Writer: a new directory `<uri>` holding
 * `<name>_0.mcap` (as the simulation's recorder writes it: profile ros2, the `rosbag2` metadata
 * record) or `<name>_0.db3`, and metadata.yaml, with the times the program gives.
 */
export class ProgramBagWriter {
  readonly #directory: string;
  readonly #file: string;
  readonly #writer: SyncMcapWriter | SqliteBagWriter;
  readonly #storageId: 'mcap' | 'sqlite3';
  readonly #interfaces: InterfaceRegistry;
  readonly #topics = new Map<string, RecordedTopic>();
  #closed = false;

  /**
   * `directory` must not exist (ProgramBags checks, with the program's own words for it); `mcap`
   * says how an MCAP file is written.
   */
  constructor(directory: string, storage: { id: 'sqlite3' } | { id: 'mcap'; options: McapWriterOptions }, interfaces: InterfaceRegistry) {
    this.#directory = directory;
    this.#interfaces = interfaces;
    makeFolder(directory);
    this.#storageId = storage.id;
    this.#file = join(directory, `${basename(directory)}_0.${storage.id === 'mcap' ? 'mcap' : 'db3'}`);
    if (storage.id === 'sqlite3') {
      this.#writer = new SqliteBagWriter(this.#file, ROS_DISTRO);
    } else {
      const { options } = storage;
      const compressChunk = chunkCompressor(options.compression, ZSTD_LEVELS[options.compressionLevel]);
      this.#writer = new SyncMcapWriter(this.#file, {
        ...(compressChunk === undefined ? {} : { compressChunk }),
        // mcap's writer: a chunk size of 0 is no chunking.
        chunkSize: options.chunkSize,
        noChunking: options.noChunking || options.chunkSize === 0,
        noChunkCRC: options.noChunkCRC,
        noSummaryCRC: options.noSummaryCRC,
      });
      this.#writer.start({ profile: 'ros2', library: 'rclsim' });
    }
  }

  /** rosbag2 ignores a topic created twice with the same type. */
  createTopic(topic: WrittenTopic): void {
    const known = this.#topics.get(topic.name);
    if (known !== undefined) {
      if (known.type !== topic.type) throw new Error(`Topic '${topic.name}' was already created with type '${known.type}', not '${topic.type}'`);
      return;
    }
    let type: ReturnType<InterfaceRegistry['message']>;
    try {
      type = this.#interfaces.message(topic.type);
    } catch (error) {
      throw new Error(`Topic '${topic.name}': ${(error as Error).message}`);
    }
    const schema = this.#interfaces.bagSchema(topic.type);
    const profiles = topic.offeredQosProfiles === '' ? [] : ((parse(topic.offeredQosProfiles) as Record<string, unknown>[] | null) ?? []);
    const typeHash = topic.typeDescriptionHash || typeDescriptionHash(type);
    const serializationFormat = topic.serializationFormat || 'cdr';
    let channelId: number;
    if (this.#writer instanceof SqliteBagWriter) {
      channelId = this.#writer.addTopic({
        name: topic.name,
        type: topic.type,
        serializationFormat,
        offeredQosProfiles: offeredQosProfilesYaml(profiles),
        typeHash,
        definition: schema,
      });
    } else {
      const schemaId = this.#writer.registerSchema({ name: topic.type, encoding: schema.encoding, data: new TextEncoder().encode(schema.text) });
      channelId = this.#writer.registerChannel({
        topic: topic.name,
        messageEncoding: serializationFormat,
        schemaId,
        metadata: new Map([
          ['offered_qos_profiles', offeredQosProfilesYaml(profiles)],
          ['topic_type_hash', typeHash],
        ]),
      });
    }
    this.#topics.set(topic.name, { channelId, topic: topic.name, type: topic.type, offeredQosProfiles: profiles, typeHash });
  }

  write(topicName: string, receiveTime: bigint, sendTime: bigint, data: Uint8Array): void {
    const topic = this.#topics.get(topicName);
    // rosbag2's SequentialWriter::write, word for word.
    if (topic === undefined) throw new Error(`Message topic "${topicName}" has not been created yet! Call 'create_topic' first.`);
    if (this.#writer instanceof SqliteBagWriter) {
      // rosbag2's sqlite3 storage keeps one time: the receive time.
      this.#writer.addMessage(topic.channelId, receiveTime, data);
      return;
    }
    const sequence = Number(this.#writer.statistics.channelMessageCounts.get(topic.channelId) ?? 0n) + 1;
    this.#writer.addMessage({ channelId: topic.channelId, sequence, logTime: receiveTime, publishTime: sendTime, data });
  }

  /** Finishes the file and writes metadata.yaml (again: nothing). */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    const metadata = rosbag2Metadata(basename(this.#file), this.#writer.statistics, [...this.#topics.values()], this.#storageId);
    if (this.#writer instanceof SqliteBagWriter) {
      this.#writer.end(serializedMetadata(metadata));
    } else {
      this.#writer.addMetadata({ name: 'rosbag2', metadata: new Map([['serialized_metadata', serializedMetadata(metadata)]]) });
      this.#writer.end();
    }
    writeMetadataYaml(this.#directory, metadata);
  }
}
