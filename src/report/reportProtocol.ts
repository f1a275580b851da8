import type { EventChunk } from './EventLog.js';
import type { LinkPeriod, ReportMeta } from './ReportCollector.js';

/** What a run tells the collector of its report (ReportCollector.receive), here or on the report's thread. */
export type ReportEvent =
  | { type: 'callback'; id: number; kind: string; owner: string; channel: string }
  | { type: 'output'; id: number; kind: string; channel: string }
  | { type: 'chunk'; chunk: EventChunk }
  | { type: 'links'; time: number; links: LinkPeriod[] };

/** What a run's thread tells the thread that gathers its report (reportWorker.ts). */
export type ReportMessage =
  | ReportEvent
  /** The run is over: answer with the report's data. */
  | { type: 'finish'; meta: ReportMeta };
