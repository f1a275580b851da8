import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { crc32, crc32Final, crc32Init, crc32Update } from '@foxglove/crc';
import { McapChunkBuilder, McapRecordBuilder, type McapTypes, Opcode } from '@mcap/core';
import { notRegularFile } from '../base/regularFile.js';

export type ChunkCompressor = (data: Uint8Array) => { compression: string; compressedData: Uint8Array };

export interface SyncMcapWriterOptions {
  compressChunk?: ChunkCompressor;
  /** Uncompressed bytes of messages a chunk collects before it is written (MCAP's default 1 MiB). */
  chunkSize?: number;
  /**
   * Log time (ns) a chunk may span before it is written: what a writer that dies (out of
   * memory) loses is the chunk being built, so it is bounded in time too, not only in bytes.
   */
  chunkSpan?: bigint;
  /** Messages written straight into the data section: no chunks, no chunk or message indexes. */
  noChunking?: boolean;
  /** Chunks' uncompressed_crc written as 0 (rosbag2's MCAP plugin's default). */
  noChunkCRC?: boolean;
  /** The footer's summary_crc written as 0. */
  noSummaryCRC?: boolean;
}

/** What the summary of the file says about its messages. */
export interface McapStatistics {
  messageCount: bigint;
  messageStartTime: bigint;
  messageEndTime: bigint;
  channelMessageCounts: Map<number, bigint>;
}

/** The state of the file after its last complete chunk: what a salvage goes back to. */
interface Checkpoint {
  position: bigint;
  /** The data section's running (not finalized) CRC. */
  crc: number;
  chunkIndexes: number;
  metadataIndexes: number;
  statistics: McapStatistics;
}

/**
 * An MCAP writer whose every call has finished, bytes in the file, when it returns. It writes
 * what @mcap/core's McapWriter writes (chunks with message indexes, the summary with schemas,
 * channels, statistics, chunk and metadata indexes, summary offsets, CRCs), from that library's
 * record and chunk builders; but McapWriter's calls are asynchronous, so a file could not be
 * finished from code that must not wait (an interrupt of a stuck callback, a failed run's
 * cleanup). Schema and channel ids start at 1, as rosbag2's writer numbers them (some readers
 * take channel 0 for "none").
 *
 * When a write fails (a full disk), `salvage()` cuts the file back to its last complete chunk
 * and finishes it there, dropping more chunks from the end until the summary fits.
 */
export class SyncMcapWriter {
  readonly path: string;
  readonly #fd: number;
  readonly #compress: ChunkCompressor | undefined;
  readonly #chunkSize: number;
  readonly #chunkSpan: bigint | undefined;
  readonly #chunked: boolean;
  readonly #chunkCrc: boolean;
  readonly #summaryCrc: boolean;
  readonly #records = new McapRecordBuilder();
  readonly #chunk = new McapChunkBuilder({ useMessageIndex: true });
  readonly #schemas: McapTypes.Schema[] = [];
  readonly #channels: McapTypes.Channel[] = [];
  readonly #inData = new Set<string>();
  readonly #chunkIndexes: McapTypes.ChunkIndex[] = [];
  readonly #metadataIndexes: McapTypes.MetadataIndex[] = [];
  readonly #checkpoints: Checkpoint[] = [];
  #position = 0n;
  #crc = crc32Init();
  #statistics: McapStatistics = { messageCount: 0n, messageStartTime: 0n, messageEndTime: 0n, channelMessageCounts: new Map() };
  #closed = false;
  /**
   * Inside a call that changes the file or its state: a stuck run's outputs are finished from an
   * interrupt (see RunControl.finishOutputs), which must not land in the middle of one.
   */
  busy = false;

  /** Creates (truncates) the file; throws the system's error when it cannot be opened, or when it is no regular file. */
  constructor(path: string, options: SyncMcapWriterOptions = {}) {
    this.path = path;
    const problem = notRegularFile(path);
    if (problem !== undefined) throw new Error(problem);
    this.#fd = openSync(path, 'w');
    this.#compress = options.compressChunk;
    this.#chunkSize = options.chunkSize ?? 1024 * 1024;
    this.#chunkSpan = options.chunkSpan;
    this.#chunked = options.noChunking !== true;
    this.#chunkCrc = options.noChunkCRC !== true;
    this.#summaryCrc = options.noSummaryCRC !== true;
  }

  get statistics(): Readonly<McapStatistics> {
    return this.#statistics;
  }

  /** Bytes in the file so far. */
  get position(): bigint {
    return this.#position;
  }

  start(header: McapTypes.Header): void {
    this.#records.writeMagic();
    this.#records.writeHeader(header);
    this.#writeData(this.#records.buffer);
    this.#checkpoint();
  }

  registerSchema(schema: Omit<McapTypes.Schema, 'id'>): number {
    const id = this.#schemas.length + 1;
    this.#schemas.push({ ...schema, id });
    return id;
  }

  registerChannel(channel: Omit<McapTypes.Channel, 'id'>): number {
    const id = this.#channels.length + 1;
    this.#channels.push({ ...channel, id });
    return id;
  }

  addMessage(message: McapTypes.Message): void {
    this.#guarded(() => this.#addMessage(message));
  }

  #guarded(change: () => void): void {
    this.busy = true;
    try {
      change();
    } finally {
      this.busy = false;
    }
  }

  #addMessage(message: McapTypes.Message): void {
    const channel = this.#channels[message.channelId - 1];
    if (channel === undefined) throw new Error(`${this.path}: no channel ${message.channelId} was registered`);
    const span = this.#chunkSpan;
    if (this.#chunked && span !== undefined && this.#chunk.numMessages > 0 && message.logTime - this.#chunk.messageStartTime >= span) this.#writeChunk();
    const statistics = this.#statistics;
    if (statistics.messageCount === 0n || message.logTime < statistics.messageStartTime) statistics.messageStartTime = message.logTime;
    if (statistics.messageCount === 0n || message.logTime > statistics.messageEndTime) statistics.messageEndTime = message.logTime;
    statistics.messageCount++;
    statistics.channelMessageCounts.set(channel.id, (statistics.channelMessageCounts.get(channel.id) ?? 0n) + 1n);
    if (!this.#chunked) {
      this.#addUnchunked(channel, message);
      return;
    }
    // A chunk carries the schema and channel records of its messages the first time they appear.
    if (!this.#inData.has(`c${channel.id}`)) {
      const schemaKey = `s${channel.schemaId}`;
      if (channel.schemaId !== 0 && !this.#inData.has(schemaKey)) {
        this.#chunk.addSchema(this.#schemas[channel.schemaId - 1]!);
        this.#inData.add(schemaKey);
      }
      this.#chunk.addChannel(channel);
      this.#inData.add(`c${channel.id}`);
    }
    this.#chunk.addMessage(message);
    if (this.#chunk.byteLength > this.#chunkSize) this.#writeChunk();
  }

  /**
   * The message (after its schema and channel records, the first time) in the data section. A
   * salvage's checkpoints come every chunk size of bytes, as they would come with chunks.
   */
  #addUnchunked(channel: McapTypes.Channel, message: McapTypes.Message): void {
    const records = this.#records;
    if (!this.#inData.has(`c${channel.id}`)) {
      const schemaKey = `s${channel.schemaId}`;
      if (channel.schemaId !== 0 && !this.#inData.has(schemaKey)) {
        records.writeSchema(this.#schemas[channel.schemaId - 1]!);
        this.#inData.add(schemaKey);
      }
      records.writeChannel(channel);
      this.#inData.add(`c${channel.id}`);
    }
    records.writeMessage(message);
    this.#writeData(records.buffer);
    const last = this.#checkpoints[this.#checkpoints.length - 1]!;
    if (this.#position - last.position >= BigInt(this.#chunkSize)) this.#checkpoint();
  }

  /** A metadata record (rosbag2 keeps its bag metadata in one named 'rosbag2'). */
  addMetadata(metadata: McapTypes.Metadata): void {
    this.#guarded(() => {
      const length = this.#records.writeMetadata(metadata);
      this.#metadataIndexes.push({ name: metadata.name, offset: this.#position, length });
      this.#writeData(this.#records.buffer);
    });
  }

  /** Writes the last chunk, the summary and the footer, and closes the file. */
  end(): void {
    this.#guarded(() => {
      this.#writeChunk();
      this.#writeTail();
      this.#close();
    });
  }

  /**
   * After a failed write: the file is cut back to its last complete chunk and finished there;
   * when even the summary does not fit, chunks are dropped from the end until it does. Returns
   * the statistics of what the file keeps (null when nothing could be written), and closes it.
   */
  salvage(): Readonly<McapStatistics> | null {
    try {
      for (let i = this.#checkpoints.length - 1; i >= 0; i--) {
        const checkpoint = this.#checkpoints[i]!;
        this.#position = checkpoint.position;
        this.#crc = checkpoint.crc;
        this.#chunkIndexes.length = checkpoint.chunkIndexes;
        this.#metadataIndexes.length = checkpoint.metadataIndexes;
        this.#statistics = cloneStatistics(checkpoint.statistics);
        this.#records.reset();
        try {
          ftruncateSync(this.#fd, Number(checkpoint.position));
          this.#writeTail();
          return this.#statistics;
        } catch {
          // No room even for the summary: give up one more chunk.
        }
      }
      return null;
    } finally {
      this.#close();
    }
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    closeSync(this.#fd);
  }

  #writeChunk(): void {
    const chunk = this.#chunk;
    if (chunk.numMessages === 0) return;
    const data = chunk.buffer;
    const { compression, compressedData } = this.#compress?.(data) ?? { compression: '', compressedData: data };
    const chunkStartOffset = this.#position;
    const chunkLength = this.#records.writeChunk({
      messageStartTime: chunk.messageStartTime,
      messageEndTime: chunk.messageEndTime,
      uncompressedSize: BigInt(data.length),
      uncompressedCrc: this.#chunkCrc ? crc32(data) : 0,
      compression,
      records: compressedData,
    });
    const messageIndexOffsets = new Map<number, bigint>();
    let messageIndexLength = 0n;
    for (const index of chunk.indices) {
      messageIndexOffsets.set(index.channelId, chunkStartOffset + chunkLength + messageIndexLength);
      messageIndexLength += this.#records.writeMessageIndex(index);
    }
    this.#writeData(this.#records.buffer);
    this.#chunkIndexes.push({
      messageStartTime: chunk.messageStartTime,
      messageEndTime: chunk.messageEndTime,
      chunkStartOffset,
      chunkLength,
      messageIndexOffsets,
      messageIndexLength,
      compression,
      compressedSize: BigInt(compressedData.byteLength),
      uncompressedSize: BigInt(data.length),
    });
    chunk.reset();
    this.#checkpoint();
  }

  #checkpoint(): void {
    this.#checkpoints.push({
      position: this.#position,
      crc: this.#crc,
      chunkIndexes: this.#chunkIndexes.length,
      metadataIndexes: this.#metadataIndexes.length,
      statistics: cloneStatistics(this.#statistics),
    });
  }

  /** Data End, the summary section (each group listed in the summary offsets), footer, magic: one write. */
  #writeTail(): void {
    const records = this.#records;
    records.reset();
    records.writeDataEnd({ dataSectionCrc: crc32Final(this.#crc) });
    const summaryStart = this.#position + BigInt(records.length);
    const groups: McapTypes.SummaryOffset[] = [];
    const group = (opcode: number, write: () => bigint): void => {
      const groupStart = this.#position + BigInt(records.length);
      const groupLength = write();
      if (groupLength > 0n) groups.push({ groupOpcode: opcode, groupStart, groupLength });
    };
    const sum = <T>(items: readonly T[], write: (item: T) => bigint): bigint => items.reduce((total, item) => total + write(item), 0n);
    group(Opcode.SCHEMA, () => sum(this.#schemas, (schema) => records.writeSchema(schema)));
    group(Opcode.CHANNEL, () => sum(this.#channels, (channel) => records.writeChannel(channel)));
    group(Opcode.STATISTICS, () =>
      records.writeStatistics({
        ...this.#statistics,
        schemaCount: this.#schemas.length,
        channelCount: this.#channels.length,
        attachmentCount: 0,
        metadataCount: this.#metadataIndexes.length,
        chunkCount: this.#chunkIndexes.length,
      }),
    );
    group(Opcode.METADATA_INDEX, () => sum(this.#metadataIndexes, (index) => records.writeMetadataIndex(index)));
    group(Opcode.CHUNK_INDEX, () => sum(this.#chunkIndexes, (index) => records.writeChunkIndex(index)));
    const summaryOffsetStart = this.#position + BigInt(records.length);
    for (const offset of groups) records.writeSummaryOffset(offset);
    // The summary CRC covers the summary section through the footer's fields before the CRC.
    const footerStart = records.length;
    const head = new DataView(new ArrayBuffer(1 + 8 + 8 + 8));
    head.setUint8(0, Opcode.FOOTER);
    head.setBigUint64(1, 20n, true);
    head.setBigUint64(9, summaryStart, true);
    head.setBigUint64(17, summaryOffsetStart, true);
    const summaryBytes = records.buffer.subarray(Number(summaryStart - this.#position), footerStart);
    const summaryCrc = this.#summaryCrc ? crc32Final(crc32Update(crc32Update(crc32Init(), summaryBytes), head)) : 0;
    records.writeFooter({ summaryStart, summaryOffsetStart, summaryCrc });
    records.writeMagic();
    this.#write(records.buffer);
    records.reset();
  }

  /** Bytes of the data section: they count into its CRC. */
  #writeData(bytes: Uint8Array): void {
    this.#write(bytes);
    this.#crc = crc32Update(this.#crc, bytes);
    this.#records.reset();
  }

  /** At the writer's own position (pwrite): after a salvage cut the file, the descriptor's offset is past its end. */
  #write(bytes: Uint8Array): void {
    const at = Number(this.#position);
    let done = 0;
    while (done < bytes.length) done += writeSync(this.#fd, bytes, done, bytes.length - done, at + done);
    this.#position += BigInt(bytes.length);
  }
}

function cloneStatistics(statistics: McapStatistics): McapStatistics {
  return { ...statistics, channelMessageCounts: new Map(statistics.channelMessageCounts) };
}
