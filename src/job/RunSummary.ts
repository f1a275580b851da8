import type { EndReason } from '../engine/Engine.js';
import type { RunMetrics } from '../rcl/ExecutorMetrics.js';
import type { LinkSummary } from '../rcl/NetworkMonitor.js';

/** What a run reports. Times are absolute sim times in ns. */
export interface RunSummary {
  job: string;
  seed: number;
  startTime: bigint;
  endTime: bigint;
  endReason: EndReason;
  callbacks: number;
  messagesDelivered: number;
  fingerprint: string;
  exitCode: number;
  wallSeconds: number;
  results: Record<string, unknown>;
  warnings: string[];
  /** Runs with a network: every link over the run, and the MPDU transmissions of the medium. */
  network?: {
    links: LinkSummary[];
    framesSent: number;
    /** An external simulator: how it describes itself, the wall time rclsim waited for it, the part it spent simulating, and rclsim's encoding and decoding of the conversation. */
    simulator?: { name: string; waitedSeconds: number; busySeconds: number; codingSeconds: number };
  };
  /** Runs with executors, execution times or chains (or --metrics): callbacks, executors, chains. */
  metrics?: RunMetrics;
}

/** JSON.stringify's replacer for run outputs: bigint values (anywhere, including results) become decimal strings. */
export function bigintsAsStrings(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** JSON-safe copy of a summary (see bigintsAsStrings). */
export function summaryToJson(summary: RunSummary): string {
  return JSON.stringify(summary, bigintsAsStrings);
}
