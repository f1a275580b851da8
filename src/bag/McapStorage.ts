import type { DecompressHandlers, McapTypes } from '@mcap/core';
import { parse } from 'yaml';
import { BagError, type BagMessage, type BagStorage, type BagTopic, definitionOf, type MessageQuery } from './BagStorage.js';
import { ChunkReader } from './mcapChunks.js';
import { type McapSummary, mcapSummaryNow } from './mcapSummary.js';
import { unchunkedMessages } from './mcapUnchunked.js';
import { SyncFileReadable } from './SyncFileReadable.js';

/** What the `rosbag2` metadata record's `serialized_metadata` holds: the bag's metadata.yaml, without its top-level key. */
interface SerializedMetadata {
  ros_distro?: string;
  topics_with_message_count?: ({ topic_metadata?: { name?: unknown; offered_qos_profiles?: unknown } } | null)[];
}

/**
 * A rosbag2 MCAP file (profile ros2), read through its index, chunk by chunk. A topic's QoS
 * comes from its channel's `offered_qos_profiles`, as rosbag2 reads it; a channel without one
 * (rosbags 0.11 writes channel metadata empty) takes the profiles the file's `rosbag2` metadata
 * record lists for the topic, where rosbag2 would fall back to its default offer.
 */
export class McapStorage implements BagStorage {
  readonly path: string;
  readonly storageId = 'mcap';
  readonly size: number;
  readonly rosDistro: string;
  readonly startTime: bigint;
  readonly endTime: bigint;
  readonly messageCount: number;
  readonly #reader: McapSummary;
  readonly #readable: SyncFileReadable;
  readonly #decompressHandlers: DecompressHandlers;
  #chunkBuffer = new Uint8Array(0);
  readonly #topics: BagTopic[];

  private constructor(
    path: string,
    readable: SyncFileReadable,
    reader: McapSummary,
    decompressHandlers: DecompressHandlers,
    size: number,
    rosDistro: string,
    recordedQos: ReadonlyMap<string, unknown>,
  ) {
    this.path = path;
    this.#decompressHandlers = decompressHandlers;
    this.#readable = readable;
    this.#reader = reader;
    this.size = size;
    this.rosDistro = rosDistro;
    const statistics = reader.statistics;
    if (statistics === undefined) throw new BagError(path, 'the MCAP file has no Statistics record, which rosbag2 always writes');
    this.startTime = statistics.messageStartTime;
    this.endTime = statistics.messageEndTime;
    this.messageCount = Number(statistics.messageCount);
    this.#topics = [...reader.channelsById.values()].map((channel) => {
      const schema = reader.schemasById.get(channel.schemaId);
      if (schema === undefined) throw new BagError(path, `channel ${channel.topic} has no schema`);
      return {
        name: channel.topic,
        type: schema.name,
        serializationFormat: channel.messageEncoding,
        offeredQosProfiles: channel.metadata.get('offered_qos_profiles') || recordedQos.get(channel.topic) || '',
        messageCount: Number(statistics.channelMessageCounts.get(channel.id) ?? 0n),
        ...definitionOf(schema.encoding, new TextDecoder().decode(schema.data)),
      };
    });
  }

  /** Opens the file before returning, its chunks decompressed by `decompressHandlers`. */
  static openNow(path: string, decompressHandlers: DecompressHandlers): McapStorage {
    let readable: SyncFileReadable;
    try {
      readable = new SyncFileReadable(path);
    } catch (error) {
      throw new BagError(path, (error as Error).message);
    }
    try {
      const size = readable.sizeNow();
      const reader = mcapSummaryNow(readable);
      if (reader.header.profile !== 'ros2') {
        throw new BagError(path, `MCAP profile is '${reader.header.profile}', not 'ros2': not a rosbag2 file`);
      }
      let rosDistro = '';
      const recordedQos = new Map<string, unknown>();
      for (const record of reader.metadataNamed('rosbag2')) {
        const serialized = record.metadata.get('serialized_metadata');
        const information = serialized === undefined ? undefined : (parse(serialized) as SerializedMetadata | null);
        rosDistro = information?.ros_distro ?? record.metadata.get('ROS_DISTRO') ?? rosDistro;
        for (const topic of Array.isArray(information?.topics_with_message_count) ? information.topics_with_message_count : []) {
          const metadata = topic?.topic_metadata;
          if (typeof metadata?.name === 'string') recordedQos.set(metadata.name, metadata.offered_qos_profiles ?? '');
        }
      }
      return new McapStorage(path, readable, reader, decompressHandlers, Number(size), rosDistro, recordedQos);
    } catch (error) {
      readable.close();
      if (error instanceof BagError) throw error;
      throw new BagError(
        path,
        `not a readable MCAP file (truncated or corrupt? a recording cut off before it finished has no index: \`rclsim bag recover\` rebuilds it): ${(error as Error).message}`,
      );
    }
  }

  topics(): BagTopic[] {
    return this.#topics.map((topic) => ({ ...topic }));
  }

  /**
   * Messages in receive-time order, read synchronously chunk by chunk in file order (the indexed
   * reader's own iteration is asynchronous). A message is handed out once no unread chunk can
   * hold an earlier one (the index gives each chunk's first time): when chunks do not overlap in
   * time, as rosbag2 writes them, one chunk is in memory at a time. Ties keep file order.
   */
  *messages(query: MessageQuery): Generator<BagMessage> {
    const start = query.start ?? 0n;
    const end = query.end ?? (1n << 64n) - 1n;
    const topicOf: (string | undefined)[] = [];
    for (const [id, channel] of this.#reader.channelsById) {
      if (query.topics === undefined || query.topics.includes(channel.topic)) topicOf[id] = channel.topic;
    }
    if (this.#reader.chunkIndexes.length === 0) {
      yield* this.#unchunkedMessages(start, end, topicOf);
      return;
    }
    const chunks = [...this.#reader.chunkIndexes]
      .filter((chunk) => chunk.messageEndTime >= start && chunk.messageStartTime <= end)
      .sort((a, b) => (a.chunkStartOffset < b.chunkStartOffset ? -1 : 1));
    const laterStart: bigint[] = [];
    for (let i = chunks.length - 1, min = end + 1n; i >= 0; i--) {
      laterStart[i] = min;
      if (chunks[i]!.messageStartTime < min) min = chunks[i]!.messageStartTime;
    }
    const reader = new ChunkReader(this.#decompressHandlers);
    // Reused from chunk to chunk, like the reader's own arrays.
    let order = new Uint32Array(1024);
    let times = new BigUint64Array(1024);
    let carried: BagMessage[] = [];
    for (let i = 0; i < chunks.length; i++) {
      this.#readChunk(chunks[i]!, reader);
      const ready = laterStart[i]!;
      if (reader.count > order.length) {
        order = new Uint32Array(reader.count * 2);
        times = new BigUint64Array(reader.count * 2);
      }
      let n = 0;
      for (let m = 0; m < reader.count; m++) {
        const time = reader.logTimeAt(m);
        if (time < start || time > end || topicOf[reader.channelIdAt(m)] === undefined) continue;
        order[n] = m;
        times[m] = time;
        n++;
      }
      const sorted = order.subarray(0, n).sort((x, y) => (times[x]! < times[y]! ? -1 : times[x]! > times[y]! ? 1 : x - y));
      const message = (m: number): BagMessage => ({
        topic: topicOf[reader.channelIdAt(m)]!,
        logTime: times[m]!,
        publishTime: reader.publishTimeAt(m),
        data: reader.dataAt(m),
      });
      // Merged with what earlier chunks held back (chunks may overlap in time, and messages of
      // one instant may straddle two chunks): held ones go first on equal times, as in the file.
      // Only messages that must wait for a later chunk become objects before they are handed out.
      const held = carried;
      carried = [];
      let h = 0;
      for (const m of sorted) {
        const time = times[m]!;
        for (; h < held.length && held[h]!.logTime <= time; h++) {
          if (held[h]!.logTime < ready) yield held[h]!;
          else carried.push(held[h]!);
        }
        if (time < ready) yield message(m);
        else carried.push(message(m));
      }
      for (; h < held.length; h++) {
        if (held[h]!.logTime < ready) yield held[h]!;
        else carried.push(held[h]!);
      }
    }
    yield* carried;
  }

  /** A file written without chunks (rosbag2's `noChunking` storage option). */
  *#unchunkedMessages(start: bigint, end: bigint, topicOf: (string | undefined)[]): Generator<BagMessage> {
    const summaryStart = this.#reader.footer.summaryStart;
    const dataEnd = summaryStart === 0n ? BigInt(this.size) : summaryStart;
    try {
      for (const message of unchunkedMessages(
        this.#readable,
        8n,
        dataEnd,
        (channelId, time) => time >= start && time <= end && topicOf[channelId] !== undefined,
      )) {
        yield { topic: topicOf[message.channelId]!, logTime: message.logTime, publishTime: message.publishTime, data: message.data };
      }
    } catch (error) {
      throw new BagError(this.path, `cannot read its messages (truncated or corrupt?): ${(error as Error).message}`);
    }
  }

  maxLatency(): bigint {
    let max: bigint | undefined;
    for (const message of this.messages({})) {
      const latency = message.logTime - message.publishTime;
      if (max === undefined || latency > max) max = latency;
    }
    return max ?? 0n;
  }

  #readChunk(chunk: McapTypes.ChunkIndex, reader: ChunkReader): void {
    try {
      // One buffer serves every chunk read (ChunkReader.dataAt copies each message out of it).
      if (this.#chunkBuffer.length < chunk.chunkLength) this.#chunkBuffer = new Uint8Array(Number(chunk.chunkLength));
      reader.read(this.#readable.readNow(chunk.chunkStartOffset, chunk.chunkLength, this.#chunkBuffer));
    } catch (error) {
      throw new BagError(this.path, `cannot read the chunk at byte ${chunk.chunkStartOffset} (truncated or corrupt?): ${(error as Error).message}`);
    }
  }

  close(): void {
    this.#readable.close();
  }
}
