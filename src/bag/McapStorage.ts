import { McapIndexedReader } from '@mcap/core';
import { loadDecompressHandlers } from '@mcap/support';
import { parse } from 'yaml';
import { BagError, type BagMessage, type BagStorage, type BagTopic, type MessageQuery } from './BagStorage.js';
import { SyncFileReadable } from './SyncFileReadable.js';

/** A rosbag2 MCAP file (profile ros2), read through its index, chunk by chunk. */
export class McapStorage implements BagStorage {
  readonly path: string;
  readonly storageId = 'mcap';
  readonly size: number;
  readonly rosDistro: string;
  readonly startTime: bigint;
  readonly endTime: bigint;
  readonly messageCount: number;
  readonly #reader: McapIndexedReader;
  readonly #readable: SyncFileReadable;
  readonly #topics: BagTopic[];

  private constructor(path: string, readable: SyncFileReadable, reader: McapIndexedReader, size: number, rosDistro: string) {
    this.path = path;
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
        offeredQosProfiles: channel.metadata.get('offered_qos_profiles') ?? '',
        messageCount: Number(statistics.channelMessageCounts.get(channel.id) ?? 0n),
      };
    });
  }

  static async open(path: string): Promise<McapStorage> {
    let readable: SyncFileReadable;
    try {
      readable = new SyncFileReadable(path);
    } catch (error) {
      throw new BagError(path, (error as Error).message);
    }
    try {
      const reader = await McapIndexedReader.Initialize({ readable, decompressHandlers: await loadDecompressHandlers() });
      if (reader.header.profile !== 'ros2') {
        throw new BagError(path, `MCAP profile is '${reader.header.profile}', not 'ros2': not a rosbag2 file`);
      }
      let rosDistro = '';
      for await (const record of reader.readMetadata({ name: 'rosbag2' })) {
        const serialized = record.metadata.get('serialized_metadata');
        const fromYaml = serialized === undefined ? undefined : (parse(serialized) as { ros_distro?: string } | null)?.ros_distro;
        rosDistro = fromYaml ?? record.metadata.get('ROS_DISTRO') ?? rosDistro;
      }
      return new McapStorage(path, readable, reader, Number(await readable.size()), rosDistro);
    } catch (error) {
      readable.close();
      if (error instanceof BagError) throw error;
      throw new BagError(path, `not a readable MCAP file (truncated or corrupt?): ${(error as Error).message}`);
    }
  }

  topics(): BagTopic[] {
    return this.#topics.map((topic) => ({ ...topic }));
  }

  async *messages(query: MessageQuery): AsyncGenerator<BagMessage> {
    const topicOf = new Map([...this.#reader.channelsById].map(([id, channel]) => [id, channel.topic]));
    const messages = this.#reader.readMessages({
      ...(query.topics === undefined ? {} : { topics: query.topics }),
      ...(query.start === undefined ? {} : { startTime: query.start }),
      ...(query.end === undefined ? {} : { endTime: query.end }),
    });
    try {
      for await (const message of messages) {
        yield { topic: topicOf.get(message.channelId)!, logTime: message.logTime, publishTime: message.publishTime, data: message.data };
      }
    } catch (error) {
      throw new BagError(this.path, `cannot read messages (truncated or corrupt?): ${(error as Error).message}`);
    }
  }

  async close(): Promise<void> {
    this.#readable.close();
  }
}
