import type { EventChunk } from './EventLog.js';
import type { LinkPeriod, ReportMeta } from './ReportCollector.js';

/** What a run tells the collector of its report besides its events: entities as they appear, the network's link periods. */
export type ReportNote =
  | { type: 'callback'; id: number; kind: string; owner: string; channel: string }
  | { type: 'output'; id: number; kind: string; channel: string }
  | { type: 'links'; time: number; links: LinkPeriod[] };

/**
 * A chunk of a run's events (null: none), with the notes told since the last chunk: one
 * message for all of them (a message per entity described was thousands of thread crossings).
 * ReportCollector.receive takes it, here or on the report's thread.
 */
export interface ReportBatch {
  notes: ReportNote[];
  chunk: EventChunk | null;
}

/** What a run's thread tells the thread that gathers its report (reportWorker.ts). */
export type ReportMessage =
  | { type: 'batch'; batch: ReportBatch }
  /** The run is over: answer with the report's data. */
  | { type: 'finish'; meta: ReportMeta };
