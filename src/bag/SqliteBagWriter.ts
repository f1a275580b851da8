import Database from 'better-sqlite3';
import type { McapStatistics } from './SyncMcapWriter.js';

/** rosbag2_storage_sqlite3's schema version (Jazzy: type_description_hash columns) and metadata version. */
const SCHEMA_VERSION = 4;
const METADATA_VERSION = 9;

/**
 * A rosbag2 sqlite3 file (`.db3`) as Jazzy's rosbag2_storage_sqlite3 writes it: its tables
 * schema, metadata, topics, message_definitions and messages (one timestamp: the receive time),
 * and the bag's metadata in the metadata table when it is finished.
 */
export class SqliteBagWriter {
  readonly #db: Database.Database;
  readonly #insertMessage: Database.Statement;
  readonly #statistics: McapStatistics = { messageCount: 0n, messageStartTime: 0n, messageEndTime: 0n, channelMessageCounts: new Map() };

  constructor(path: string, rosDistro: string) {
    this.#db = new Database(path);
    // rosbag2's default write pragmas (no journal on disk: the bag is finished or not).
    this.#db.pragma('journal_mode = MEMORY');
    this.#db.pragma('synchronous = OFF');
    this.#db.exec(`
      CREATE TABLE schema(schema_version INTEGER PRIMARY KEY, ros_distro TEXT NOT NULL);
      CREATE TABLE metadata(id INTEGER PRIMARY KEY, metadata_version INTEGER NOT NULL, metadata TEXT NOT NULL);
      CREATE TABLE topics(id INTEGER PRIMARY KEY, name TEXT NOT NULL, type TEXT NOT NULL, serialization_format TEXT NOT NULL,
        offered_qos_profiles TEXT NOT NULL, type_description_hash TEXT NOT NULL);
      CREATE TABLE message_definitions(id INTEGER PRIMARY KEY, topic_type TEXT NOT NULL, encoding TEXT NOT NULL,
        encoded_message_definition TEXT NOT NULL, type_description_hash TEXT NOT NULL);
      CREATE TABLE messages(id INTEGER PRIMARY KEY, topic_id INTEGER NOT NULL, timestamp INTEGER NOT NULL, data BLOB NOT NULL);
      CREATE INDEX timestamp_idx ON messages (timestamp ASC);
    `);
    this.#db.prepare('INSERT INTO schema (schema_version, ros_distro) VALUES (?, ?)').run(SCHEMA_VERSION, rosDistro);
    this.#insertMessage = this.#db.prepare('INSERT INTO messages (topic_id, timestamp, data) VALUES (?, ?, ?)');
  }

  get statistics(): Readonly<McapStatistics> {
    return this.#statistics;
  }

  /** A topic and its type's definition; returns the topic's id. */
  addTopic(topic: {
    name: string;
    type: string;
    serializationFormat: string;
    offeredQosProfiles: string;
    typeHash: string;
    definition: { encoding: string; text: string };
  }): number {
    const id = Number(
      this.#db
        .prepare('INSERT INTO topics (name, type, serialization_format, offered_qos_profiles, type_description_hash) VALUES (?, ?, ?, ?, ?)')
        .run(topic.name, topic.type, topic.serializationFormat, topic.offeredQosProfiles, topic.typeHash).lastInsertRowid,
    );
    const defined = this.#db.prepare('SELECT 1 FROM message_definitions WHERE topic_type = ?').get(topic.type) !== undefined;
    if (!defined) {
      this.#db
        .prepare('INSERT INTO message_definitions (topic_type, encoding, encoded_message_definition, type_description_hash) VALUES (?, ?, ?, ?)')
        .run(topic.type, topic.definition.encoding, topic.definition.text, topic.typeHash);
    }
    return id;
  }

  addMessage(topicId: number, time: bigint, data: Uint8Array): void {
    this.#insertMessage.run(topicId, time, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    const statistics = this.#statistics;
    if (statistics.messageCount === 0n || time < statistics.messageStartTime) statistics.messageStartTime = time;
    if (statistics.messageCount === 0n || time > statistics.messageEndTime) statistics.messageEndTime = time;
    statistics.messageCount++;
    statistics.channelMessageCounts.set(topicId, (statistics.channelMessageCounts.get(topicId) ?? 0n) + 1n);
  }

  /** Stores the bag's metadata (serialized as metadata.yaml's) and closes the file. */
  end(serializedMetadata: string): void {
    this.#db.prepare('INSERT INTO metadata (metadata_version, metadata) VALUES (?, ?)').run(METADATA_VERSION, serializedMetadata);
    this.#db.close();
  }
}
