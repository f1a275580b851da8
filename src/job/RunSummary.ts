import type { EndReason } from '../engine/Engine.js';
import type { CheckOutcome } from '../sim/checks/CheckConfig.js';
import type { RunMetrics } from '../sim/ExecutorMetrics.js';
import type { Occurrence } from '../sim/faults/FaultConfig.js';
import type { LinkSummary } from '../sim/NetworkMonitor.js';

/** A run whose check or assertion failed ends with this exit code (over the job's own). */
export const CHECK_FAILED_EXIT_CODE = 8;

/** The faults of a run: which were on, how often each fired, and each occurrence in the explicit form (`rclsim shrink` replays them). */
export interface FaultsSummary {
  on: string[];
  fired: number;
  byName: Record<string, number>;
  occurrences: Occurrence[];
  /** More fired than a summary keeps (faults/Faults.ts MAX_OCCURRENCES). */
  truncated?: true;
}

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
  /** Jobs with faults. */
  faults?: FaultsSummary;
  /** Jobs with checks, programs with assertions: each check, then each assertion. */
  checks?: CheckOutcome[];
}

/** What a run found, also when it failed: its faults and its checks (RunOptions.onFindings). */
export type Findings = Pick<RunSummary, 'faults' | 'checks'>;

/** JSON.stringify's replacer for run outputs: bigint values (anywhere, including results) become decimal strings. */
export function bigintsAsStrings(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** JSON-safe copy of a summary (see bigintsAsStrings). */
export function summaryToJson(summary: RunSummary): string {
  return JSON.stringify(summary, bigintsAsStrings);
}
