/** What the run's thread tells a live view (cli/run/supervisor.ts serves it): plain values, times in ns. */
export type LiveMessage =
  /** A topic appeared (its first message): its type and the `ros2msg` (or `ros2idl`) schema a recording would hold. */
  | { type: 'live-channel'; topic: string; schemaName: string; schemaEncoding: string; schema: string }
  /** Messages, in the order they were published: each its topic, sim time and CDR bytes. */
  | { type: 'live-messages'; topics: string[]; times: bigint[]; data: Uint8Array[] }
  /** The sim time the run has reached. */
  | { type: 'live-time'; time: bigint }
  /** What a live client's ros2 command printed (liveCommandProtocol.ts). */
  | { type: 'live-ros2-output'; command: number; stream: 'stdout' | 'stderr'; text: string }
  /** A live client's ros2 command ended, with its exit code. */
  | { type: 'live-ros2-ended'; command: number; code: number };

/** Where a run's live feed goes, and which topics someone watches (only those are serialized and sent). */
export interface LiveSink {
  post(message: LiveMessage): void;
  readonly watched: ReadonlySet<string>;
}
