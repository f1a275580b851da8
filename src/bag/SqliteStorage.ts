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
      this.#topics = this.#readTopics();
      // rosbag2 reads messages joined with their topic: a row whose topic_id names no topic is
      // never played nor counted (ros2 bag play and info skip it), and neither is it here.
      const known = new Set(this.#topics.map((topic) => topic.id));
      const perTopic = (
        this.#db
          .prepare(
            `SELECT topic_id AS topic, COUNT(*) AS n, MIN(timestamp) AS first, MAX(timestamp) AS last,
               SUM(typeof(timestamp) <> 'integer' OR timestamp < 0) AS odd
             FROM messages GROUP BY topic_id`,
          )
          .safeIntegers(true)
          .all() as { topic: bigint | null; n: bigint; first: bigint; last: bigint; odd: bigint }[]
      ).filter((row) => row.topic !== null && known.has(Number(row.topic)));
      if (perTopic.some((row) => row.odd > 0n)) this.#refuseOddTimestamp();
      this.#counts = new Map(perTopic.map((row) => [Number(row.topic), Number(row.n)]));
      this.messageCount = perTopic.reduce((sum, row) => sum + Number(row.n), 0);
      this.startTime = perTopic.reduce<bigint | undefined>((min, row) => (min === undefined || row.first < min ? row.first : min), undefined) ?? 0n;
      this.endTime = perTopic.reduce((max, row) => (row.last > max ? row.last : max), 0n);
      this.rosDistro = this.#readDistro();
      if (this.#hasTable('message_definitions')) {
        // A row with a column that is not text (rosbag2 never writes one) defines nothing usable.
        const rows = this.#db
          .prepare(
            `SELECT topic_type, encoding, encoded_message_definition FROM message_definitions
             WHERE typeof(topic_type) = 'text' AND typeof(encoding) = 'text' AND typeof(encoded_message_definition) = 'text' ORDER BY id`,
          )
          .all() as {
          topic_type: string;
          encoding: string;
          encoded_message_definition: string;
        }[];
        for (const row of rows) if (!this.#definitions.has(row.topic_type)) this.#definitions.set(row.topic_type, row);
      }
    } catch (error) {
      this.#db.close();
      if (error instanceof BagError) throw error;
      throw new BagError(path, `not a readable rosbag2 sqlite3 file: ${(error as Error).message}`);
    }
  }

  /** The topics table, each row with the text columns rclsim plays it by. */
  #readTopics(): TopicRow[] {
    const rows = this.#db.prepare('SELECT id, name, type, serialization_format, offered_qos_profiles FROM topics ORDER BY id').all() as Record<
      keyof TopicRow,
      unknown
    >[];
    for (const row of rows) {
      for (const column of ['name', 'type', 'serialization_format'] as const) {
        if (typeof row[column] !== 'string') {
          throw new BagError(
            this.path,
            `topics row ${row.id}${typeof row.name === 'string' ? ` (${row.name})` : ''}: its ${column} is ${kindOf(row[column])}, not text`,
          );
        }
      }
    }
    return rows.map((row) => ({ ...row, offered_qos_profiles: row.offered_qos_profiles ?? '' }) as TopicRow);
  }

  /** A message without a time, or one before 1970, cannot be placed in sim time: one line naming the first. */
  #refuseOddTimestamp(): never {
    const row = this.#db
      .prepare(
        `SELECT m.id AS id, t.name AS topic, typeof(m.timestamp) AS kind, m.timestamp AS timestamp
         FROM messages m JOIN topics t ON m.topic_id = t.id WHERE typeof(m.timestamp) <> 'integer' OR m.timestamp < 0 LIMIT 1`,
      )
      .safeIntegers(true)
      .get() as { id: unknown; topic: string; kind: string; timestamp: unknown };
    const problem = row.kind === 'integer' ? `its timestamp ${row.timestamp} is negative (before 1970)` : `its timestamp is ${row.kind}, not an integer`;
    throw new BagError(this.path, `message id ${row.id} on ${row.topic}: ${problem}`);
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
        `SELECT id, topic_id, timestamp, data FROM messages
         WHERE timestamp >= ? AND timestamp <= ? AND topic_id IN (${selected.map(() => '?').join(',')})
         ORDER BY timestamp, id`,
      )
      .safeIntegers(true);
    const rows = statement.iterate(query.start ?? 0n, query.end ?? (1n << 63n) - 1n, ...selected.map((t) => BigInt(t.id))) as IterableIterator<{
      id: bigint;
      topic_id: bigint;
      timestamp: bigint;
      data: unknown;
    }>;
    try {
      for (const row of rows) {
        const topic = topicOf.get(Number(row.topic_id))!;
        // Checked as each row is read: a scan of the file up front would cost every open.
        if (!Buffer.isBuffer(row.data))
          throw new BagError(this.path, `message id ${row.id} on ${topic}: its data is ${kindOf(row.data)}, not a blob of CDR bytes`);
        yield { topic, logTime: row.timestamp, publishTime: row.timestamp, data: row.data };
      }
    } catch (error) {
      if (error instanceof BagError) throw error;
      throw new BagError(this.path, `cannot read messages: ${(error as Error).message}`);
    }
  }

  close(): void {
    this.#db.close();
  }
}

/** An SQL value's kind, for a message naming what a column holds instead of what it should. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Buffer.isBuffer(value)) return 'a blob';
  return typeof value === 'string' ? 'text' : 'a number';
}
