import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { BagError, type BagMessage, type BagStorage, type BagTopic, definitionOf, type MessageQuery } from './BagStorage.js';

interface TopicRow {
  id: number;
  name: string;
  type: string;
  serialization_format: string;
  offered_qos_profiles: string;
}

/**
 * A rosbag2 sqlite3 file (`.db3`): tables `topics` and `messages` (one timestamp, the receive
 * time). Messages stream from an index-ordered query. Like sqlite itself, opening a bag in WAL
 * mode creates its `-shm`/`-wal` files beside it.
 */
export class SqliteStorage implements BagStorage {
  readonly path: string;
  readonly storageId = 'sqlite3';
  readonly size: number;
  readonly rosDistro: string;
  readonly startTime: bigint;
  readonly endTime: bigint;
  readonly messageCount: number;
  readonly #db: Database.Database;
  readonly #topics: TopicRow[];
  readonly #counts: Map<number, number>;
  /** rosbag2's message_definitions table (since Iron), by type. */
  readonly #definitions = new Map<string, { encoding: string; encoded_message_definition: string }>();

  constructor(path: string) {
    this.path = path;
    try {
      this.#db = new Database(path, { readonly: true, fileMustExist: true });
    } catch (error) {
      throw new BagError(path, `cannot open as sqlite3: ${(error as Error).message}`);
    }
    try {
      this.size = statSync(path).size;
      this.#topics = this.#db.prepare('SELECT id, name, type, serialization_format, offered_qos_profiles FROM topics ORDER BY id').all() as TopicRow[];
      const counts = this.#db.prepare('SELECT topic_id, COUNT(*) AS n FROM messages GROUP BY topic_id').all() as { topic_id: number; n: number }[];
      this.#counts = new Map(counts.map((row) => [row.topic_id, row.n]));
      const span = this.#db.prepare('SELECT COUNT(*) AS n, MIN(timestamp) AS first, MAX(timestamp) AS last FROM messages').safeIntegers(true).get() as {
        n: bigint;
        first: bigint | null;
        last: bigint | null;
      };
      this.messageCount = Number(span.n);
      this.startTime = span.first ?? 0n;
      this.endTime = span.last ?? 0n;
      this.rosDistro = this.#readDistro();
      if (this.#hasTable('message_definitions')) {
        const rows = this.#db.prepare('SELECT topic_type, encoding, encoded_message_definition FROM message_definitions ORDER BY id').all() as {
          topic_type: string;
          encoding: string;
          encoded_message_definition: string;
        }[];
        for (const row of rows) if (!this.#definitions.has(row.topic_type)) this.#definitions.set(row.topic_type, row);
      }
    } catch (error) {
      this.#db.close();
      throw new BagError(path, `not a readable rosbag2 sqlite3 file: ${(error as Error).message}`);
    }
  }

  #hasTable(name: string): boolean {
    return this.#db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
  }

  #readDistro(): string {
    if (!this.#hasTable('schema')) return '';
    const row = this.#db.prepare('SELECT ros_distro FROM schema ORDER BY schema_version DESC LIMIT 1').get() as { ros_distro: string } | undefined;
    return row?.ros_distro ?? '';
  }

  topics(): BagTopic[] {
    return this.#topics.map((row) => ({
      name: row.name,
      type: row.type,
      serializationFormat: row.serialization_format,
      offeredQosProfiles: row.offered_qos_profiles,
      messageCount: this.#counts.get(row.id) ?? 0,
      ...this.#definitionOf(row.type),
    }));
  }

  /** rosbag2's sqlite3 storage keeps one timestamp: the send time is read as the receive time. */
  maxLatency(): bigint {
    return 0n;
  }

  #definitionOf(type: string): Pick<BagTopic, 'schema'> {
    const row = this.#definitions.get(type);
    return row === undefined ? {} : definitionOf(row.encoding, row.encoded_message_definition);
  }

  *messages(query: MessageQuery): Generator<BagMessage> {
    const selected = this.#topics.filter((t) => query.topics === undefined || query.topics.includes(t.name));
    const topicOf = new Map(selected.map((t) => [t.id, t.name]));
    if (selected.length === 0) return;
    const statement = this.#db
      .prepare(
        `SELECT topic_id, timestamp, data FROM messages
         WHERE timestamp >= ? AND timestamp <= ? AND topic_id IN (${selected.map(() => '?').join(',')})
         ORDER BY timestamp, id`,
      )
      .safeIntegers(true);
    const rows = statement.iterate(query.start ?? 0n, query.end ?? (1n << 63n) - 1n, ...selected.map((t) => BigInt(t.id))) as IterableIterator<{
      topic_id: bigint;
      timestamp: bigint;
      data: Buffer;
    }>;
    try {
      for (const row of rows) {
        yield { topic: topicOf.get(Number(row.topic_id))!, logTime: row.timestamp, publishTime: row.timestamp, data: row.data };
      }
    } catch (error) {
      throw new BagError(this.path, `cannot read messages: ${(error as Error).message}`);
    }
  }

  close(): void {
    this.#db.close();
  }
}
