import { holding } from '../engine/byId.js';
import { binsFor, binWidth, MAX_BINS, type BinColumns } from '../engine/BinColumns.js';
import { BUSY, CALLS, DURATION, FIRST_CONSUMED, TIME, type EventLog, type LoggedEvents } from '../engine/EventLog.js';
import type { OutputKind } from '../engine/Executable.js';
import { binEdge, HISTOGRAM_BINS, LatencyValues } from './LatencyValues.js';
import { TripleLog } from './TripleLog.js';
import type { LatencyData, LinkSeries, ReportData, SeriesSet, TimelineRow, TopicRow } from './ReportData.js';

/** Callbacks drawn one by one, over all rows; a busier row is drawn as bins. */
export const BAR_BUDGET = 100_000;
/** Bins of the plots over time (about; a power-of-two width gives between half and all of them). */
const PLOT_BINS = 200;
/** Topics plotted one by one (the busiest; the table lists every topic). */
export const TOPICS_PLOTTED = 8;
/** Metrics periods per link kept in a report: more are averaged in groups. */
export const LINK_POINTS = 2_000;

/**
 * A topic's planes of bins: takes without a latency (a trace's take not matched with its
 * publish; its subscriptions' callbacks are its takes), the sum and the largest of the latencies
 * (ns). Each is allocated when first written: in a run where every take has a latency of 0, never.
 */
const UNTIMED = 0;
const LATENCY_SUM = 1;
const LATENCY_MAX = 2;
/** Entity ids are below it (a run of 67 M entities is out of reach), so that a node's rank times it plus an id orders rows. */
const ENTITY_IDS = 2 ** 26;

/** An entity whose callbacks a report shows: a row of the timeline. */
interface Row {
  readonly entity: number;
  readonly kind: string;
  readonly owner: string;
  readonly channel: string;
  /** The topic a subscription takes from (-1: none). */
  readonly topic: number;
}

/** What a report says besides what the collector gathered. */
export type ReportMeta = Pick<ReportData, 'title' | 'source' | 'summary' | 'results' | 'warnings' | 'failure' | 'executors' | 'divergence'> & {
  /** The run's end, ns from its start (the records may end earlier). */
  end: number;
};

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

/**
 * What a report needs of a run, from the EventLog the run (LiveReport) or a trace read back
 * filled: per entity its callbacks over time, per topic its publishes and losses (the log's
 * bins, by slot), callbacks kept one by one and the latency of each take (the log's entries,
 * applied here log by log), and the network's link periods. Latencies are runs of equal values
 * (LatencyValues), bars one log (TripleLog). Nothing is sorted or grouped until the report is
 * built, in plain loops over typed arrays (that code runs once, cold). Memory is bounded:
 * MAX_BINS columns, the bars' share, the latency budget.
 */
export class ReportCollector {
  readonly #log: EventLog;
  /** By entity slot (the log's): its row. */
  readonly #rows: Row[] = [];
  /** By row: its callbacks kept one by one (the log keeps each entity's first ones). */
  #kept: Int32Array<ArrayBuffer> = new Int32Array(1024);
  /** Callbacks kept one by one: (row, start, duration). */
  readonly #bars = new TripleLog();
  /**
   * By source slot (the log's): the topic it publishes on, and the topic whose messages it
   * loses (-1: none; a service's responses are shown by its callbacks' rows).
   */
  #publishTopics: Int32Array<ArrayBuffer> = new Int32Array(1024).fill(-1);
  #dropTopics: Int32Array<ArrayBuffer> = new Int32Array(1024).fill(-1);
  #sourceCount = 0;

  readonly #topicNames: string[] = [];
  readonly #topicIndex = new Map<string, number>();
  /** By topic: takes the log noted the consumption of (the others took what was published at their time). */
  readonly #noted: number[] = [];
  #topicBins: BinColumns;
  readonly #latencies = new LatencyValues();

  readonly #plannedEnd: number | undefined;
  /** Whether a log was applied (the bins of takes are in use). */
  #applied = false;
  /** The time of the log entries applied last (a log notes the time only where it changes). */
  #time = 0;
  readonly #links = new Map<string, { times: number[]; periods: LinkPeriod[] }>();

  /**
   * `log`: the log whose full logs are applied here, and whose bins the report reads;
   * `plannedEnd`: when the run is to end (ns from its start), if known: the bins of takes start
   * as wide as a run that long is drawn with, rather than at 1 ms, merging as time goes on.
   */
  constructor(log: EventLog, plannedEnd?: number) {
    this.#log = log;
    this.#plannedEnd = plannedEnd;
    this.#topicBins = binsFor(plannedEnd, ['count', 'sum', 'max']);
  }

  /**
   * The run ends at `end` (ns from its start): until a log is applied, the bins of takes can
   * still start as wide as the run is drawn with (a run whose logs are all applied at its end,
   * as LiveReport does, then merges none of them).
   */
  expectEnd(end: number): void {
    if (!this.#applied) this.#topicBins = binsFor(Math.max(this.#plannedEnd ?? 0, end), ['count', 'sum', 'max']);
  }

  /** Applies a full log's entries, in the order they happened, the entities and sources given slots in it described before. */
  applyLog(log: LoggedEvents): void {
    this.#applied = true;
    for (const entity of log.newEntities) this.#describeCallback(entity.entityId, entity.kind, entity.owner, entity.channel);
    for (const { source, kind } of log.newSources) this.#describeOutput(kind, source.channel);
    const { entries, side, length } = log;
    const kept = this.#kept;
    const bars = this.#bars;
    let time = this.#time;
    let duration = 0;
    let next = 0;
    for (let i = 0; i < length; i++) {
      const entry = entries[i]!;
      if (entry >= 0) {
        kept[entry]!++;
        bars.push(entry, time, duration);
        duration = 0;
      } else if (entry === TIME) time = side[next++]!;
      else if (entry === DURATION) duration = side[next++]!;
      else {
        const topic = this.#rows[-entry - FIRST_CONSUMED]!.topic;
        const producedAt = side[next++]!;
        if (topic >= 0) this.#take(topic, time, producedAt);
      }
    }
    this.#time = time;
  }

  #describeCallback(entity: number, kind: string, owner: string, channel: string): void {
    const topic = kind === 'subscription' ? this.#topic(channel) : -1;
    this.#rows.push({ entity, kind, owner, channel, topic });
    this.#kept = holding(this.#kept, this.#rows.length - 1);
  }

  #describeOutput(kind: OutputKind, channel: string): void {
    const source = this.#sourceCount++;
    this.#publishTopics = holding(this.#publishTopics, source, -1);
    this.#dropTopics = holding(this.#dropTopics, source, -1);
    if (kind === 'publish') this.#publishTopics[source] = this.#topic(channel);
    else if (kind === 'drop') this.#dropTopics[source] = this.#topic(channel);
  }

  #topic(name: string): number {
    let topic = this.#topicIndex.get(name);
    if (topic === undefined) {
      topic = this.#topicNames.length;
      this.#topicIndex.set(name, topic);
      this.#topicNames.push(name);
      this.#noted.push(0);
      this.#latencies.addSeries();
      this.#topicBins.hold(topic);
    }
    return topic;
  }

  /** A take from `topic` at `time` of an item produced at `producedAt` (-1: not known). */
  #take(topic: number, time: number, producedAt: number): void {
    this.#noted[topic]!++;
    const topicBins = this.#topicBins;
    if (producedAt < 0) {
      topicBins.plane(UNTIMED)[topicBins.at(time) + topic]!++;
      return;
    }
    const latency = time - producedAt;
    const at = topicBins.at(time) + topic;
    topicBins.plane(LATENCY_SUM)[at]! += latency;
    const maxima = topicBins.plane(LATENCY_MAX);
    if (latency > maxima[at]!) maxima[at] = latency;
    this.#latencies.add(topic, latency);
  }

  /** The network's link statistics of the metrics period ending at `time`. */
  linkPeriod(time: number, links: readonly LinkPeriod[]): void {
    for (const link of links) {
      const name = `${link.from_host} → ${link.to_host}`;
      let series = this.#links.get(name);
      if (series === undefined) this.#links.set(name, (series = { times: [], periods: [] }));
      series.times.push(time);
      series.periods.push(link);
    }
  }

  /** The report's data: what was gathered, bounded (ReportData.limits says what was left out). */
  report(meta: ReportMeta): ReportData {
    const { end, ...given } = meta;
    const span = Math.max(this.#log.lastTime, end) / 1e9;
    const { sums: calls, peaks } = this.#log.callbacks.totals(CALLS, this.#rows.length);
    const taken = this.#taken(calls);
    this.#takesOfNow(taken);
    const { published, dropped } = this.#outputsByTopic();
    const { limited: timelineLimited, ...timeline } = this.#timeline(span, calls, peaks);
    const network = this.#network();
    const topics = this.#topicRows(span, taken, published, dropped);
    const limits: string[] = [];
    if (timelineLimited) limits.push(`callbacks are drawn one by one up to ${BAR_BUDGET.toLocaleString('en-US')} in all; busier rows are drawn as ${MAX_BINS} bins shaded by their share of the row's busiest bin`);
    if (topics.length > TOPICS_PLOTTED) limits.push(`rates and latencies are plotted for the ${TOPICS_PLOTTED} busiest of ${topics.length} topics (the table lists all)`);
    if (topics.some((topic) => topic.latency !== null && !topic.latency.exact)) limits.push('some latency percentiles come from the histogram (more latencies than are kept exactly)');
    if (this.#log.callbacks.capped || this.#log.outputs.capped || this.#topicBins.capped) limits.push('with this many entities or topics, plots over time have fewer, wider bins');
    if (network?.limited) limits.push(`link plots average metrics periods in groups to at most ${LINK_POINTS} points`);
    return { ...given, span, timeline, topics, rates: this.#rates(span, published), latency: this.#latency(span), network: network?.links ?? null, limits };
  }

  /** Per topic, its messages published and lost (the log counts them by source). */
  #outputsByTopic(): { published: Float64Array; dropped: Float64Array } {
    const bySource = this.#log.outputs.totals(0, this.#sourceCount).sums;
    const published = new Float64Array(this.#topicNames.length);
    const dropped = new Float64Array(this.#topicNames.length);
    for (let source = 0; source < this.#sourceCount; source++) {
      const publishes = this.#publishTopics[source]!;
      const drops = this.#dropTopics[source]!;
      if (publishes >= 0) published[publishes]! += bySource[source]!;
      if (drops >= 0) dropped[drops]! += bySource[source]!;
    }
    return { published, dropped };
  }

  /** Per topic its takes: its subscriptions' callbacks (`calls` by row). */
  #taken(calls: Float64Array): Float64Array {
    const taken = new Float64Array(this.#topicNames.length);
    this.#rows.forEach((row, r) => {
      if (row.topic >= 0) taken[row.topic]! += calls[r]!;
    });
    return taken;
  }

  /** Adds to each topic's latencies the takes of what was published at their time (0 each): those of its `taken` the log noted nothing of. */
  #takesOfNow(taken: Float64Array): void {
    taken.forEach((count, topic) => {
      const now = count - this.#noted[topic]!;
      if (now > 0) this.#latencies.add(topic, 0, now);
    });
  }

  /** Rows that ran, by node (fully qualified name), then entity id. */
  #rowOrder(calls: Float64Array): number[] {
    const rows = this.#rows;
    const owners = [...new Set(rows.map((row) => row.owner))].sort();
    const rank = new Map(owners.map((owner, i) => [owner, i]));
    // One number per row orders them (node rank, entity id below 2^26), sorted natively.
    const keys = new Float64Array(rows.length);
    const rowOf = new Map<number, number>();
    let n = 0;
    rows.forEach((row, r) => {
      if (calls[r]! > 0) keys[n++] = rank.get(row.owner)! * ENTITY_IDS + row.entity;
      rowOf.set(row.entity, r);
    });
    return Array.from(keys.subarray(0, n).sort(), (key) => rowOf.get(key % ENTITY_IDS)!);
  }

  /** `peaks`: per row its largest column of callbacks. */
  #timeline(span: number, calls: Float64Array, peaks: Float64Array): ReportData['timeline'] & { limited: boolean } {
    const rows = this.#rows;
    const order = this.#rowOrder(calls);
    const kept = this.#kept;
    const columns = this.#log.callbacks;
    const durations = this.#log.durations;
    // A row that kept fewer callbacks than it had was cut off: it is drawn binned.
    const share = fairShare(Float64Array.from(order, (r) => (kept[r]! < calls[r]! ? Infinity : calls[r]!)), BAR_BUDGET);
    const barred = order.filter((r) => kept[r] === calls[r] && calls[r]! <= share);
    // In the order they lie in the bins' columns.
    const binned = order.filter((r) => kept[r]! < calls[r]! || calls[r]! > share).sort((a, b) => a - b);
    const width = Math.max(binWidth(span, MAX_BINS), columns.width);
    const bins = binned.length === 0 ? 0 : columns.binsOf(width);
    const levels = durations ? columns.shares(binned, BUSY, width, bins) : columns.shares(binned, CALLS, width, bins, peaks);
    const busy = columns.totals(BUSY, rows.length).sums;
    const level = new Int32Array(rows.length);
    binned.forEach((r, j) => (level[r] = j));
    const bars = this.#barsOf(barred, calls);
    const out = new Array<TimelineRow>(order.length);
    for (let i = 0; i < order.length; i++) {
      const r = order[i]!;
      const row = rows[r]!;
      const barsOfRow = bars.get(r);
      out[i] = {
        node: row.owner,
        kind: row.kind,
        channel: row.channel,
        entity: row.entity,
        callbacks: calls[r]!,
        busy: busy[r]! / 1e9,
        ...(barsOfRow !== undefined ? { starts: f64(barsOfRow.starts), durations: f64(barsOfRow.durations) } : { level: level[r]! }),
      };
    }
    const levelsBase64 = Buffer.from(levels.buffer, levels.byteOffset, levels.length).toString('base64');
    return { durations, binWidth: width / 1e9, bins, levels: levelsBase64, rows: out, limited: binned.length > 0 };
  }

  /** The callbacks of `rows` (every one of each was kept), from the bar log. */
  #barsOf(rows: number[], calls: Float64Array): Map<number, { starts: Float64Array; durations: Float64Array }> {
    const bars = new Map<number, { starts: Float64Array; durations: Float64Array }>();
    if (rows.length === 0) return bars;
    // Per row, where its next callback goes in one array for all the rows drawn with bars (-1: not drawn so).
    const next = new Int32Array(this.#rows.length).fill(-1);
    let size = 0;
    for (const r of rows) {
      next[r] = size;
      size += calls[r]!;
    }
    const starts = new Float64Array(size);
    const durations = new Float64Array(size);
    for (const block of this.#bars.blocks()) {
      for (let i = 0; i < block.length; i += 3) {
        const r = block[i]!;
        const k = next[r]!;
        if (k < 0) continue;
        starts[k] = block[i + 1]!;
        durations[k] = block[i + 2]!;
        next[r] = k + 1;
      }
    }
    for (const r of rows) {
      const from = next[r]! - calls[r]!;
      bars.set(r, { starts: starts.subarray(from, next[r]!), durations: durations.subarray(from, next[r]!) });
    }
    return bars;
  }

  #topicRows(span: number, taken: Float64Array, published: Float64Array, dropped: Float64Array): TopicRow[] {
    const names = this.#topicNames;
    return [...names]
      .sort()
      .map((name) => this.#topicIndex.get(name)!)
      .filter((t) => published[t]! + taken[t]! + dropped[t]! > 0)
      .map((t) => ({
        topic: names[t]!,
        published: published[t]!,
        taken: taken[t]!,
        dropped: dropped[t]!,
        rate: span === 0 ? 0 : published[t]! / span,
        latency: this.#latencies.summary(t, 1e-9),
      }));
  }

  /** The busiest topics by `count`, most first (ties by name). */
  #plotted(count: ArrayLike<number>): number[] {
    const names = this.#topicNames;
    return [...names.keys()]
      .filter((t) => count[t]! > 0)
      .sort((a, b) => count[b]! - count[a]! || (names[a]! < names[b]! ? -1 : 1))
      .slice(0, TOPICS_PLOTTED);
  }

  /** The width of the plots over `span` (no finer than any of the bins) and how many bins they have. */
  #plotWidth(span: number): { width: number; bins: number } {
    const all = [this.#topicBins, this.#log.callbacks, this.#log.outputs];
    const width = Math.max(binWidth(span, PLOT_BINS), ...all.map((bins) => bins.width));
    return { width, bins: Math.max(...all.map((bins) => bins.binsOf(width))) };
  }

  #rates(span: number, published: Float64Array): SeriesSet | null {
    const plotted = this.#plotted(published);
    if (plotted.length === 0) return null;
    const { width, bins } = this.#plotWidth(span);
    const [total] = this.#publishSeries((source) => (this.#publishTopics[source]! >= 0 ? 0 : -1), 1, width, bins);
    const perSecond = (counts: Float64Array): number[] => Array.from(counts, (count) => round(count / (width / 1e9)));
    return {
      binWidth: width / 1e9,
      series: [
        { name: 'all topics', values: perSecond(total) },
        ...this.#publishSeries((source) => plotted.indexOf(this.#publishTopics[source]!), plotted.length, width, bins).map((counts, j) => ({ name: this.#topicNames[plotted[j]!]!, values: perSecond(counts) })),
      ],
    };
  }

  /** Publishes over time in `bins` bins of `width`, summed in `count` groups: each source's (-1: in none) `groupOf` says. */
  #publishSeries(groupOf: (source: number) => number, count: number, width: number, bins: number): Float64Array[] {
    const sources: number[] = [];
    const of: number[] = [];
    for (let source = 0; source < this.#sourceCount; source++) {
      const group = groupOf(source);
      if (group < 0) continue;
      sources.push(source);
      of.push(group);
    }
    return this.#log.outputs.series(sources, 0, width, bins, { of, count });
  }

  #latency(span: number): LatencyData | null {
    const latencies = this.#latencies;
    const plotted = this.#plotted(Float64Array.from(this.#topicNames, (_, t) => latencies.count(t)));
    if (plotted.length === 0) return null;
    const histogram = latencies.histogram();
    // The bins from the first to the last that holds a latency, and an empty one on each side.
    const first = Math.max(0, histogram.findIndex((count) => count > 0) - 1);
    const last = Math.min(HISTOGRAM_BINS - 1, HISTOGRAM_BINS - [...histogram].reverse().findIndex((count) => count > 0));
    const { width, bins } = this.#plotWidth(span);
    const takes = this.#timedTakes(plotted, width, bins);
    const sums = this.#topicBins.series(plotted, LATENCY_SUM, width, bins);
    const maxima = this.#topicBins.series(plotted, LATENCY_MAX, width, bins);
    return {
      edges: Array.from({ length: last - first + 2 }, (_, i) => binEdge(first + i) / 1e9),
      histograms: [
        { name: 'all topics', counts: histogram.slice(first, last + 1) },
        ...plotted.map((t) => ({ name: this.#topicNames[t]!, counts: latencies.histogram(t).slice(first, last + 1) })),
      ],
      binWidth: width / 1e9,
      overTime: plotted.map((t, j) => ({
        name: this.#topicNames[t]!,
        mean: Array.from(sums[j]!, (sum, i) => (takes[j]![i] === 0 ? null : round(sum / takes[j]![i]! / 1e9))),
        max: Array.from(maxima[j]!, (max, i) => (takes[j]![i] === 0 ? null : round(max / 1e9))),
      })),
    };
  }

  /** Per topic in `topics`, its takes with a latency in `bins` bins of `width`: its subscriptions' callbacks but those without. */
  #timedTakes(topics: number[], width: number, bins: number): Float64Array[] {
    const untimed = this.#topicBins.series(topics, UNTIMED, width, bins);
    const rows = [...this.#rows.keys()].filter((r) => topics.includes(this.#rows[r]!.topic));
    const of = rows.map((r) => topics.indexOf(this.#rows[r]!.topic));
    const takes = this.#log.callbacks.series(rows, CALLS, width, bins, { of, count: topics.length });
    takes.forEach((counts, j) => {
      for (let i = 0; i < bins; i++) counts[i]! -= untimed[j]![i]!;
    });
    return takes;
  }

  #network(): { links: LinkSeries[]; limited: boolean } | null {
    if (this.#links.size === 0) return null;
    let limited = false;
    const links = [...this.#links.entries()].map(([name, { times, periods }]) => {
      const group = Math.ceil(times.length / LINK_POINTS);
      if (group > 1) limited = true;
      const pick = <T>(values: T[], f: (chunk: T[]) => number): number[] => {
        const out: number[] = [];
        for (let i = 0; i < values.length; i += group) out.push(f(values.slice(i, i + group)));
        return out;
      };
      const mean = (key: keyof LinkPeriod) => (chunk: LinkPeriod[]): number => round(chunk.reduce((s, p) => s + (p[key] as number), 0) / chunk.length);
      const sum = (key: keyof LinkPeriod) => (chunk: LinkPeriod[]): number => chunk.reduce((s, p) => s + (p[key] as number), 0);
      return {
        name,
        times: pick(times, (chunk) => round(chunk[chunk.length - 1]! / 1e9)),
        snrDb: pick(periods, mean('snr_db')),
        mcs: pick(periods, mean('mcs')),
        goodputMbps: pick(periods, mean('throughput_mbps')),
        latencyMean: pick(periods, mean('latency_mean')),
        latencyMax: pick(periods, (chunk) => Math.max(...chunk.map((p) => p.latency_max))),
        lost: pick(periods, sum('messages_lost')),
        sent: pick(periods, sum('messages_sent')),
      };
    });
    return { links, limited };
  }
}

/** Base64 of times in ns as seconds, little-endian Float64. */
function f64(values: Float64Array): string {
  const scaled = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) scaled[i] = values[i]! / 1e9;
  return Buffer.from(scaled.buffer).toString('base64');
}

/**
 * The largest per-row allowance with which the rows' demands (capped by it) fit the budget:
 * rows that need little keep all of theirs, the rest share what is left evenly.
 */
function fairShare(demands: Float64Array, budget: number): number {
  const sorted = demands.sort();
  let left = budget;
  for (let i = 0; i < sorted.length; i++) {
    const even = Math.floor(left / (sorted.length - i));
    if (sorted[i]! > even) return even;
    left -= sorted[i]!;
  }
  return Infinity;
}

/** Nine significant digits: plenty for a plot, and short in JSON. */
function round(value: number): number {
  return Number.isFinite(value) ? Number(value.toPrecision(9)) : value;
}
