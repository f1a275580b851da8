import type { RunMetrics } from '../sim/ExecutorMetrics.js';
import type { ValueSummary } from './LatencyValues.js';
import type { TurtlesimData } from './turtlesSection.js';
import type { WorldData } from './worldSection.js';

/**
 * What a report shows, as the page reads it (embedded as JSON). Times are seconds from the
 * run's start; arrays of many numbers are base64 of little-endian Float64 (`f64`) or Uint8 (`u8`).
 */
export interface ReportData {
  title: string;
  /** Where the data came from: a run, or a trace file (no execution times, no network, no executor metrics). */
  source: 'run' | 'trace';
  summary: Record<string, string | number>;
  results: Record<string, unknown>;
  warnings: string[];
  /** Why the run failed, when it did. */
  failure: string | null;
  /** Seconds of sim time the run covered. */
  span: number;
  timeline: TimelineData;
  topics: TopicRow[];
  rates: SeriesSet | null;
  latency: LatencyData | null;
  executors: RunMetrics | null;
  network: LinkSeries[] | null;
  /** What each turtlesim_node drew (null: none ran, or the data came from a trace). */
  turtles: TurtlesimData[] | null;
  /** The robot's world from above (null: the run had none, or the data came from a trace). */
  world: WorldData | null;
  divergence: DivergenceData | null;
  /** The job's checks and the programs' assertions: each held, or its first failure (sim time formatted). */
  checks: CheckRow[];
  /** The job's faults: which were on, how often each fired (null: the job has none). */
  faults: { fired: number; byName: Record<string, number>; on: string[] } | null;
  /** What was left out to keep the file small, in words (empty: nothing). */
  limits: string[];
}

/** A number of a plot, to nine significant digits: plenty for a plot, and short in JSON. */
export function round(value: number): number {
  return Number.isFinite(value) ? Number(value.toPrecision(9)) : value;
}

export interface CheckRow {
  name: string;
  kind: string;
  held: boolean;
  evaluations: number;
  failure: { time: string; what: string; callback?: string } | null;
}

export interface TimelineData {
  /** Whether callbacks have modeled execution times (bars), or are instants (ticks). */
  durations: boolean;
  /** Width of a bin of the binned rows, seconds. */
  binWidth: number;
  /** Bins per binned row. */
  bins: number;
  /**
   * The binned rows' bins, `bins` per row one row after the other (u8): each bin's share of the
   * row's busiest bin (0–255), of busy time when modeled, else of callbacks.
   */
  levels: string;
  rows: TimelineRow[];
}

export interface TimelineRow {
  node: string;
  kind: string;
  channel: string;
  entity: number;
  callbacks: number;
  /** Seconds spent in callbacks. */
  busy: number;
  /** Every callback: starts and durations (f64), when the row fits the bar budget. */
  starts?: string;
  durations?: string;
  /** Otherwise its row in `levels`. */
  level?: number;
}

export interface TopicRow {
  topic: string;
  published: number;
  taken: number;
  dropped: number;
  /** Faults of the job that fired on it (docs/design.md#faults-checks-and-hunting). */
  faults: number;
  /** Publishes per second over the run. */
  rate: number;
  latency: ValueSummary | null;
}

/** Series over time sharing one bin width; `total` first. */
export interface SeriesSet {
  binWidth: number;
  series: { name: string; values: number[] }[];
}

export interface LatencyData {
  /** Histogram bin edges (seconds, log scale) and counts per shown topic. */
  edges: number[];
  histograms: { name: string; counts: number[] }[];
  /** Per time bin the mean and the maximum latency (seconds; null: no take in the bin). */
  binWidth: number;
  overTime: { name: string; mean: (number | null)[]; max: (number | null)[] }[];
}

/** One direction of a network link over the metrics periods. */
export interface LinkSeries {
  name: string;
  times: number[];
  snrDb: number[];
  mcs: number[];
  goodputMbps: number[];
  latencyMean: number[];
  latencyMax: number[];
  lost: number[];
  sent: number[];
}

export interface DivergenceData {
  nameA: string;
  nameB: string;
  record: number;
  what: string;
  before: string[];
  a: string[];
  b: string[];
}
