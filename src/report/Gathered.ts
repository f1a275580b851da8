import type { BinColumns } from './BinColumns.js';
import type { LatencyValues } from './LatencyValues.js';
import type { TripleLog } from './TripleLog.js';

/** A row's planes of bins: callbacks, and time spent in them (ns). */
export const CALLS = 0;
export const BUSY = 1;
/**
 * A topic's planes of bins: publishes, takes without a latency (a trace's take not matched
 * with its publish; its subscriptions' callbacks are its takes), the sum and the largest of the
 * latencies (ns). All but the first are allocated when first written: in a run where every
 * take has a latency of 0, never.
 */
export const PUBLISHES = 0;
export const UNTIMED = 1;
export const LATENCY_SUM = 2;
export const LATENCY_MAX = 3;

/**
 * Per entity id whose callbacks ran, its record (Int32, all a callback needs in 16 bytes, four
 * to a cache line): its row + 1 (0: not described), a subscription's topic (-1: none), how
 * many of its callbacks were kept one by one, and its row + 1 again while its next callback
 * needs only counting (0: it is kept one by one, or consumes an item the log noted).
 */
export const RECORD = 4;
export const ROW = 0;
export const ROW_TOPIC = 1;
export const KEPT = 2;
export const COUNTED = 3;

/** An entity whose callbacks a report shows: a row of the timeline. */
export interface Row {
  readonly entity: number;
  readonly kind: string;
  readonly owner: string;
  readonly channel: string;
  /** The topic a subscription takes from (-1: none). */
  readonly topic: number;
}

/** A link's state over one metrics period, as the network monitor publishes it. */
export interface LinkPeriod {
  from_host: string;
  to_host: string;
  snr_db: number;
  mcs: number;
  throughput_mbps: number;
  latency_mean: number;
  latency_max: number;
  messages_sent: number;
  messages_lost: number;
}

/** What a ReportCollector gathered, as the report's sections read it (topics by index, rows by index, entities by id). */
export interface Gathered {
  readonly rows: readonly Row[];
  /** By entity id, its record (RECORD values). */
  readonly records: Int32Array;
  /** By row: time spent in its callbacks (ns; the bins hold it per bin). */
  readonly busy: Float64Array;
  /** Callbacks kept one by one: (row, start, duration). */
  readonly bars: TripleLog;
  /** By row, over time: its planes CALLS and BUSY. */
  readonly rowBins: BinColumns;
  /** Whether callbacks had modeled durations. */
  readonly durations: boolean;
  readonly topicNames: readonly string[];
  readonly topicIndex: ReadonlyMap<string, number>;
  /** By topic: messages lost, and faults that fired on it. */
  readonly dropped: readonly number[];
  readonly faulted: readonly number[];
  /** By topic, over time: its planes PUBLISHES, UNTIMED, LATENCY_SUM and LATENCY_MAX. */
  readonly topicBins: BinColumns;
  /** By topic: the latencies of its takes. */
  readonly latencies: LatencyValues;
  /** By link name: the end time of each of its metrics periods, and the period. */
  readonly links: ReadonlyMap<string, { times: number[]; periods: LinkPeriod[] }>;
}
