import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { type DecompressHandlers, McapStreamReader, type McapTypes } from '@mcap/core';
import { loadDecompressHandlers } from '@mcap/support';
import { parse } from 'yaml';
import { notRegularFile } from '../base/regularFile.js';
import { BagError } from './BagStorage.js';
import { chunkCompressor } from './chunkCompression.js';
import { type RecordedTopic, rosbag2Metadata, serializedMetadata, writeMetadataYaml } from './rosbag2Metadata.js';
import { type ChunkCompressor, SyncMcapWriter } from './SyncMcapWriter.js';

const MAGIC_LENGTH = 8;

/**
 * Finishes an MCAP recording whose writer died before it could (its thread ran out of memory,
 * was stopped): every message of its complete chunks is kept, the chunk being written when it
 * died is lost. The file is rewritten, streaming, with a summary and the rosbag2 metadata
 * record, and a bag directory gets its metadata.yaml. Returns the messages kept, or null when
 * the file was finished already.
 */
export async function recoverMcap(path: string, bagDirectory?: string): Promise<number | null> {
  const problem = notRegularFile(path);
  if (problem !== undefined) throw new BagError(path, problem);
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    if (isFinished(fd, size)) return null;
    const temporary = join(dirname(path), `.${basename(path)}.recovering`);
    const compressors = { zstd: await chunkCompressor('zstd'), lz4: await chunkCompressor('lz4') };
    const recovered = new Rewriter(temporary, await loadDecompressHandlers(), compressors);
    const block = new Uint8Array(8 << 20);
    try {
      for (let offset = 0; offset < size; ) {
        const n = readSync(fd, block, 0, block.length, offset);
        if (n === 0) break;
        offset += n;
        if (!recovered.append(block.subarray(0, n))) break;
      }
    } catch (error) {
      recovered.abandon();
      throw error;
    }
    if (!recovered.started) {
      recovered.abandon();
      throw new BagError(path, 'cannot recover: not an MCAP recording');
    }
    const metadata = recovered.finish(basename(path));
    renameSync(temporary, path);
    if (bagDirectory !== undefined) writeMetadataYaml(bagDirectory, metadata);
    return recovered.messages;
  } finally {
    closeSync(fd);
  }
}

/** A finished file ends with the magic after its footer. */
function isFinished(fd: number, size: number): boolean {
  if (size < 2 * MAGIC_LENGTH) return false;
  const [head, tail] = [new Uint8Array(MAGIC_LENGTH), new Uint8Array(MAGIC_LENGTH)];
  readSync(fd, head, 0, MAGIC_LENGTH, 0);
  readSync(fd, tail, 0, MAGIC_LENGTH, size - MAGIC_LENGTH);
  return Buffer.from(head).equals(Buffer.from(tail));
}

/** Copies the records of a cut-off data section into a new file, as they are read. */
class Rewriter {
  readonly #reader: McapStreamReader;
  readonly #path: string;
  readonly #compressors: Record<string, ChunkCompressor | undefined>;
  #writer: SyncMcapWriter | undefined;
  readonly #pending: McapTypes.TypedMcapRecord[] = [];
  readonly #schemaIds = new Map<number, number>();
  readonly #schemas = new Map<number, McapTypes.Schema>();
  readonly #channelIds = new Map<number, number>();
  readonly #topics: RecordedTopic[] = [];
  #ended = false;
  messages = 0;

  constructor(path: string, decompressHandlers: DecompressHandlers, compressors: Record<string, ChunkCompressor | undefined>) {
    this.#path = path;
    this.#compressors = compressors;
    this.#reader = new McapStreamReader({ decompressHandlers, includeChunks: true });
  }

  get started(): boolean {
    return this.#writer !== undefined || this.#pending.length > 0;
  }

  /** Takes the next bytes of the file; false once a torn record ends what can be kept. */
  append(bytes: Uint8Array): boolean {
    this.#reader.append(bytes);
    try {
      for (let record = this.#reader.nextRecord(); record !== undefined; record = this.#reader.nextRecord()) this.#take(record);
      return true;
    } catch {
      return false;
    }
  }

  #take(record: McapTypes.TypedMcapRecord): void {
    // A summary cut off while being written repeats schemas and channels: the data section ends here.
    if (record.type === 'DataEnd') this.#ended = true;
    if (this.#ended) return;
    // The first chunk says how chunks were compressed; records before it wait for it.
    if (record.type === 'Chunk') this.#open(record.compression);
    else if (this.#writer === undefined && record.type !== 'Message') this.#pending.push(record);
    else this.#write(record);
  }

  #write(record: McapTypes.TypedMcapRecord): void {
    const writer = this.#open('');
    if (record.type === 'Schema') {
      this.#schemas.set(record.id, record);
      this.#schemaIds.set(record.id, writer.registerSchema({ name: record.name, encoding: record.encoding, data: record.data }));
    } else if (record.type === 'Channel') {
      const id = writer.registerChannel({
        topic: record.topic,
        messageEncoding: record.messageEncoding,
        schemaId: this.#schemaIds.get(record.schemaId) ?? 0,
        metadata: record.metadata,
      });
      this.#channelIds.set(record.id, id);
      const offered = parse(record.metadata.get('offered_qos_profiles') ?? '') as unknown;
      this.#topics.push({
        channelId: id,
        topic: record.topic,
        type: this.#schemas.get(record.schemaId)?.name ?? '',
        offeredQosProfiles: Array.isArray(offered) ? offered : [],
        typeHash: record.metadata.get('topic_type_hash') ?? '',
      });
    } else if (record.type === 'Message') {
      const channelId = this.#channelIds.get(record.channelId);
      if (channelId === undefined) return;
      writer.addMessage({ ...record, channelId });
      this.messages++;
    }
  }

  /** The new file, opened with the compression of the first chunk (none when there are no chunks). */
  #open(compression: string): SyncMcapWriter {
    if (this.#writer !== undefined) return this.#writer;
    const compressor = this.#compressors[compression];
    const writer = new SyncMcapWriter(this.#path, compressor === undefined ? {} : { compressChunk: compressor });
    this.#writer = writer;
    const header = this.#pending.find((record): record is McapTypes.TypedMcapRecords['Header'] => record.type === 'Header');
    writer.start(header ?? { profile: 'ros2', library: 'rclsim' });
    for (const record of this.#pending.splice(0)) this.#write(record);
    return writer;
  }

  finish(file: string): Record<string, unknown> {
    const writer = this.#open('');
    const metadata = rosbag2Metadata(file, writer.statistics, this.#topics);
    writer.addMetadata({ name: 'rosbag2', metadata: new Map([['serialized_metadata', serializedMetadata(metadata)]]) });
    writer.end();
    return metadata;
  }

  abandon(): void {
    if (this.#writer !== undefined) this.#writer.salvage();
    rmSync(this.#path, { force: true });
  }
}
