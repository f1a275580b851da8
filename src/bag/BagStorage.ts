/** What rclsim reads from a rosbag2 storage file (MCAP or sqlite3), whatever the storage. */

export interface BagTopic {
  name: string;
  type: string;
  serializationFormat: string;
  /**
   * rosbag2's offered_qos_profiles: the YAML string storage files hold ('' when they have none),
   * or the list a version-9 metadata.yaml holds.
   */
  offeredQosProfiles: unknown;
  messageCount: number;
  /** The type's definition as the file carries it (MCAP schema, sqlite3 message_definitions). */
  schema?: { encoding: string; text: string };
}

export interface BagMessage {
  topic: string;
  /** Receive time (ns since the epoch): rosbag2's recv_timestamp, MCAP's log time. */
  logTime: bigint;
  /** Send time (ns): rosbag2's send_timestamp, MCAP's publish time (sqlite3: the receive time). */
  publishTime: bigint;
  /** The serialized (CDR) message. */
  data: Uint8Array;
}

export interface MessageQuery {
  /** Topics to read (all when absent). */
  topics?: readonly string[];
  /** Inclusive bounds on the receive time. */
  start?: bigint;
  end?: bigint;
}

/** One storage file of a bag. Messages come in receive-time order, ties in file order. */
export interface BagStorage {
  readonly path: string;
  readonly storageId: 'mcap' | 'sqlite3';
  readonly size: number;
  readonly rosDistro: string;
  topics(): BagTopic[];
  /** First and last receive time and message count, from the file's summary. */
  readonly startTime: bigint;
  readonly endTime: bigint;
  readonly messageCount: number;
  /** The largest receive time minus send time of any message (0 for an empty file). */
  maxLatency(): bigint;
  /** Read synchronously, so that playback needs no turn of the event loop per message. */
  messages(query: MessageQuery): Iterator<BagMessage>;
  close(): void;
}

/** A topic's `schema` field: only definitions rclsim can read (rosbag2 writes 'unknown' when it had none). */
export function definitionOf(encoding: string, text: string): Pick<BagTopic, 'schema'> {
  return encoding === 'ros2msg' || encoding === 'ros2idl' ? { schema: { encoding, text } } : {};
}

/** A bag that cannot be read: names the file and what is wrong with it. */
export class BagError extends Error {
  constructor(path: string, problem: string) {
    super(`${path}: ${problem}`);
    this.name = 'BagError';
  }
}
