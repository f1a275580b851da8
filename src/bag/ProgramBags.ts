import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { InterfaceRegistry } from '../interfaces/InterfaceRegistry.js';
import type { StorageOptions } from '../ros/StorageOptions.js';
import type { BagMessage } from './BagStorage.js';
import { loadedDecompressors } from './loadedDecompressors.js';
import { mcapWriterOptions } from './mcapWriterOptions.js';
import { ProgramBagReader, type TopicFilter } from './ProgramBagReader.js';
import { ProgramBagWriter, type WrittenTopic } from './ProgramBagWriter.js';
import { rmwQosProfiles } from './qosProfiles.js';

/**
 * How a writer's storage writes: the MCAP plugin's options, or sqlite3 (whose preset and config
 * tune SQLite's pragmas, not what is stored; its preset is checked as rosbag2_storage_sqlite3's).
 */
function writtenStorage(request: StorageOptions): ConstructorParameters<typeof ProgramBagWriter>[1] {
  const config = request.storageConfigUri === '' ? undefined : resolve(request.cwd, request.storageConfigUri);
  if (request.storageId !== 'sqlite3') return { id: 'mcap', options: mcapWriterOptions(request.storagePresetProfile, config) };
  const preset = request.storagePresetProfile;
  if (preset !== '' && preset !== 'none' && preset !== 'resilient') {
    throw new Error(`Invalid storage preset profile string: ${preset} (valid options are 'none' and 'resilient')`);
  }
  return { id: 'sqlite3' };
}

/**
 * The bags one program reads and writes itself (rosbag2_cpp's Reader and Writer), by the id its
 * open was answered with. Each call is done when it returns: the program waits for its answer.
 */
export class ProgramBags {
  readonly #interfaces: InterfaceRegistry;
  readonly #open = new Map<number, ProgramBagReader | ProgramBagWriter>();
  #lastId = 0;

  constructor(interfaces: InterfaceRegistry) {
    this.#interfaces = interfaces;
  }

  /**
   * Opens `uri` (relative to the program's directory `cwd`, as is `storageConfigUri`); returns its
   * id and, for a reader, rosbag2's BagMetadata. A writer takes the storage plugin's preset profile
   * and config file.
   */
  open(request: StorageOptions): { bag: number; metadata?: Record<string, unknown> } {
    const { uri, cwd, write, storageId } = request;
    if (storageId !== '' && storageId !== 'mcap' && storageId !== 'sqlite3') {
      throw new Error(`No storage plugin found for storage id '${storageId}' (rclsim has mcap and sqlite3)`);
    }
    const path = resolve(cwd, uri);
    // rosbag2's SequentialWriter::open: an existing folder is never written into.
    if (write && existsSync(path)) throw new Error(`Bag directory already exists (${uri}), can't overwrite existing bag`);
    const bag = write ? new ProgramBagWriter(path, writtenStorage(request), this.#interfaces) : new ProgramBagReader(path, loadedDecompressors());
    const id = ++this.#lastId;
    this.#open.set(id, bag);
    return bag instanceof ProgramBagReader ? { bag: id, metadata: metadataOf(bag, uri) } : { bag: id };
  }

  readNext(id: number): BagMessage | undefined {
    return this.#reader(id).readNext();
  }

  setFilter(id: number, filter: TopicFilter): void {
    this.#reader(id).setFilter(filter);
  }

  seek(id: number, time: bigint): void {
    this.#reader(id).seek(time);
  }

  createTopic(id: number, topic: WrittenTopic): void {
    this.#writer(id).createTopic(topic);
  }

  write(id: number, topic: string, receiveTime: bigint, sendTime: bigint, data: Uint8Array): void {
    this.#writer(id).write(topic, receiveTime, sendTime, data);
  }

  close(id: number): void {
    this.#open.get(id)?.close();
    this.#open.delete(id);
  }

  #reader(id: number): ProgramBagReader {
    const bag = this.#open.get(id);
    if (!(bag instanceof ProgramBagReader)) throw new Error('Bag is not open.');
    return bag;
  }

  #writer(id: number): ProgramBagWriter {
    const bag = this.#open.get(id);
    if (!(bag instanceof ProgramBagWriter)) throw new Error('Bag is not open.');
    return bag;
  }
}

/** rosbag2_storage::BagMetadata of a bag being read, as the client builds it (times in ns). */
function metadataOf(reader: ProgramBagReader, uri: string): Record<string, unknown> {
  const { bag } = reader;
  const start = bag.startTime;
  return {
    version: 9,
    bag_size: bag.size,
    storage_identifier: bag.storageId,
    relative_file_paths: bag.metadata?.relativeFilePaths ?? [uri],
    starting_time_ns: String(start),
    duration_ns: String(bag.endTime - start),
    message_count: bag.messageCount,
    compression_format: bag.metadata?.compressionFormat ?? '',
    compression_mode: bag.metadata?.compressionMode ?? '',
    ros_distro: bag.rosDistro,
    topics: bag.topics().map((topic) => ({
      name: topic.name,
      type: topic.type,
      serialization_format: topic.serializationFormat,
      offered_qos_profiles: rmwQosProfiles(topic.offeredQosProfiles, `${uri}: topic ${topic.name}`),
      message_count: topic.messageCount,
    })),
  };
}
