import { holding } from '../base/byId.js';
import { CONSUMED, DURATION, isTagged, type LoggedEvents, OUTPUT_TAGS, TIME, taggedId, tagOf } from '../engine/EventLog.js';
import type { OutputKind } from '../engine/Executable.js';
import { BinColumns, MAX_BINS, MIN_BIN_WIDTH } from './BinColumns.js';
import { binEdge, HISTOGRAM_BINS, LatencyValues } from './LatencyValues.js';
import type { LatencyData, LinkSeries, ReportData, SeriesSet, TimelineRow, TopicRow } from './ReportData.js';
import { TripleLog } from './TripleLog.js';

/** Callbacks drawn one by one, over all rows; a busier row is drawn as bins. */
export const BAR_BUDGET = 100_000;
/** Bins of the plots over time (about; a power-of-two width gives between half and all of them). */
const PLOT_BINS = 200;
/** Topics plotted one by one (the busiest; the table lists every topic). */
export const TOPICS_PLOTTED = 8;
/** Metrics periods per link kept in a report: more are averaged in groups. */
export const LINK_POINTS = 2_000;

/** A row's planes of bins: callbacks, and time spent in them (ns). */
const CALLS = 0;
const BUSY = 1;
/**
 * A topic's planes of bins: publishes, takes without a latency (a trace's take not matched
 * with its publish; its subscriptions' callbacks are its takes), the sum and the largest of the
 * latencies (ns). All but the first are allocated when first written: in a run where every
 * take has a latency of 0, never.
 */
const PUBLISHES = 0;
const UNTIMED = 1;
const LATENCY_SUM = 2;
const LATENCY_MAX = 3;

/**
 * Per entity id whose callbacks ran, its record (Int32, all a callback needs in 16 bytes, four
 * to a cache line): its row + 1 (0: not described), a subscription's topic (-1: none), how
 * many of its callbacks were kept one by one, and its row + 1 again while its next callback
 * needs only counting (0: it is kept one by one, or consumes an item the log noted).
 */
const RECORD = 4;
const ROW = 0;
const ROW_TOPIC = 1;
const KEPT = 2;
const COUNTED = 3;
/** Per entity id as an output source (a service is also a callback's entity): its topic + 1 (0: not described), or: */
const HIDDEN = -1;
/** The tag of a message lost, in the log. */
const DROP = OUTPUT_TAGS.indexOf('drop');
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

/** Whether a report shows an output of this kind: publishes and losses on topics, not a service's responses (its callbacks' rows show those). */
export function reportsOutput(kind: OutputKind): boolean {
  return kind !== 'response';
}

/** What a report says besides what the collector gathered. */
export type ReportMeta = Pick<
  ReportData,
  'title' | 'source' | 'summary' | 'results' | 'warnings' | 'failure' | 'executors' | 'divergence' | 'checks' | 'faults'
> & {
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
 * What a report needs of a run, gathered as it happens (LiveReport, in the run's thread) or from
 * a trace read back: per entity its callbacks over time, per topic its publishes, losses and the
 * latency of each take, and the network's link periods. A callback or an output costs a few
 * stores into state laid out for a run that goes forward in time: an entity's record is one
 * cache line, bins over time are columns (BinColumns: the current one stays in the cache),
 * latencies are runs of equal values (LatencyValues), callbacks kept one by one are appended to
 * one log while their row is within its share. Nothing is sorted or grouped until the report is
 * built, in plain loops over typed arrays (that code runs once, cold). Memory is bounded:
 * MAX_BINS columns, the bars' share, the latency budget.
 */
export class ReportCollector {
  readonly #rows: Row[] = [];
  #records: Int32Array<ArrayBuffer> = new Int32Array(RECORD * 1024);
  /** By row: time spent in its callbacks (ns; the bins hold it per bin). */
  #busy: Float64Array<ArrayBuffer> = new Float64Array(1024);
  #sources: Int32Array<ArrayBuffer> = new Int32Array(1024);
  /** Callbacks a row keeps one by one (past it, the row is drawn binned). */
  #barsPerRow = Infinity;
  /** Callbacks kept one by one: (row, start, duration). */
  readonly #bars = new TripleLog();
  #rowBins: BinColumns;

  readonly #topicNames: string[] = [];
  readonly #topicIndex = new Map<string, number>();
  readonly #dropped: number[] = [];
  /** By topic (or service, program): faults that fired on it. */
  readonly #faulted: number[] = [];
  /** The sources that are faults (their outputs are tagged as losses). */
  readonly #faultSources = new Set<number>();
  /** By topic: takes the log noted the consumption of (the others took what was published at their time). */
  readonly #noted: number[] = [];
  #topicBins: BinColumns;
  readonly #latencies = new LatencyValues();

  readonly #plannedEnd: number | undefined;
  /** Whether a log was applied (the bins are in use). */
  #applied = false;
  #durations = false;
  #lastTime = 0;
  /**
   * The time of the log entries applied last (a log notes the time only where it changes), and
   * where its columns of callbacks by row and of publishes by topic are (see #moveTo).
   */
  #time = 0;
  #rowColumn = 0;
  #topicColumn = 0;
  #calls: Int32Array | Float64Array = new Int32Array(0);
  #publishes: Int32Array | Float64Array = new Int32Array(0);
  /** The modeled duration the log noted for the next callback (0: none noted). */
  #duration = 0;
  /** By entity id, when the item its next callback consumes was produced, as the log noted it (NaN: none noted, produced when taken; -1: not known). */
  #consumed: Float64Array<ArrayBuffer> = new Float64Array(0);
  readonly #links = new Map<string, { times: number[]; periods: LinkPeriod[] }>();

  /**
   * `plannedEnd`: when the run is to end (ns from its start), if known: the bins over time
   * start as wide as a run that long is drawn with, rather than at 1 ms, merging as time goes on.
   */
  constructor(plannedEnd?: number) {
    this.#plannedEnd = plannedEnd;
    [this.#rowBins, this.#topicBins] = binsFor(plannedEnd);
  }

  /**
   * The run ends at `end` (ns from its start): until a log is applied, the bins can still start
   * as wide as the run is drawn with (a run whose events are all applied at its end, as
   * LiveReport does, then merges no bins).
   */
  expectEnd(end: number): void {
    if (!this.#applied) [this.#rowBins, this.#topicBins] = binsFor(Math.max(this.#plannedEnd ?? 0, end));
  }

  /**
   * Applies a full EventLog's events, in the order they happened, the entities and sources it
   * saw first described before. Most entries only count (countPlain, a loop small enough to
   * keep its state in registers: the one loop that did everything took 16 ms for the 1.66 M
   * entries of the 10^6-callback graph, where a loop that only counts takes 8); each of the
   * others, where it stops, is applied on its own.
   */
  applyLog(log: LoggedEvents): void {
    this.#applied = true;
    for (const entity of log.newEntities) this.#describeCallback(entity.entityId, entity.kind, entity.owner, entity.channel);
    for (const { source, kind } of log.newSources) this.#describeOutput(source.entityId, kind, source.channel);
    // Room for them all at once: the first log of a large run describes thousands of rows, and
    // each doubling would lay out (allocate and copy) every plane again.
    if (this.#rows.length > 0) this.#rowBins.hold(this.#rows.length - 1);
    if (this.#topicNames.length > 0) this.#topicBins.hold(this.#topicNames.length - 1);
    const { entries, side, length } = log;
    // Making room may have laid the planes out anew.
    this.#moveTo(this.#time);
    let next = 0;
    for (let i = 0; i < length; i++) {
      // A duration noted is the next callback's: that one is applied on its own.
      if (this.#duration === 0) {
        i = countPlain(entries, i, length, this.#records, this.#calls, this.#rowColumn, this.#sources, this.#publishes, this.#topicColumn);
        if (i === length) break;
      }
      const entry = entries[i]!;
      if (entry >= 0) this.#applyCallback(entry);
      else if (!isTagged(entry) || tagOf(entry) === CONSUMED) this.#applyNote(entry, side[next++]!);
      else this.#applyOutput(entry);
    }
    if (this.#time > this.#lastTime) this.#lastTime = this.#time;
  }

  /** The entries that follow happened at `time`: the columns that hold it. */
  #moveTo(time: number): void {
    this.#time = time;
    this.#rowColumn = this.#rowBins.at(time);
    this.#topicColumn = this.#topicBins.at(time);
    this.#calls = this.#rowBins.plane(CALLS);
    this.#publishes = this.#topicBins.plane(PUBLISHES);
  }

  /** A TIME, DURATION or CONSUMED entry with its side value. */
  #applyNote(entry: number, value: number): void {
    if (entry === TIME) this.#moveTo(value);
    else if (entry === DURATION) this.#duration = value;
    else {
      const id = taggedId(entry);
      this.#consumed = holding(this.#consumed, id, NaN);
      this.#consumed[id] = value;
      this.#records[RECORD * id + COUNTED] = 0;
    }
  }

  /** A callback of entity `id`, with all that may come with it. */
  #applyCallback(id: number): void {
    const records = this.#records;
    const at = RECORD * id;
    const row = records[at + ROW]! - 1;
    const column = this.#rowColumn + row;
    const time = this.#time;
    const duration = this.#duration;
    this.#calls[column]!++;
    // Kept while the row is within its share (which only shrinks: once a row has kept as many as
    // its share, it never keeps another, and it was cut off when its callbacks outnumber them).
    const kept = records[at + KEPT]!;
    if (kept < this.#barsPerRow) {
      records[at + KEPT] = kept + 1;
      this.#bars.push(row, time, duration);
    }
    if (duration !== 0) {
      this.#took(row, column, time, duration);
      this.#duration = 0;
    }
    // A subscription's take of an item the log noted consumed; one with no note took an item
    // produced now (latency 0: counted from its callbacks when the report is built).
    const consumed = this.#consumed;
    if (id < consumed.length && !Number.isNaN(consumed[id]!)) {
      this.#take(records[at + ROW_TOPIC]!, time, consumed[id]!);
      consumed[id] = NaN;
    }
    // From now on only counted, once the row keeps no more (the share only shrinks).
    if (records[at + KEPT]! >= this.#barsPerRow) records[at + COUNTED] = row + 1;
  }

  /** An output entry (tagged), counted on its topic unless its source is hidden. */
  #applyOutput(entry: number): void {
    const topic = this.#sources[taggedId(entry)]! - 1;
    if (topic < 0) return;
    if (tagOf(entry) !== DROP) this.#publishes[this.#topicColumn + topic]!++;
    else if (this.#faultSources.has(taggedId(entry))) this.#faulted[topic]!++;
    else this.#dropped[topic]!++;
  }

  #describeCallback(entity: number, kind: string, owner: string, channel: string): void {
    const row = this.#rows.length;
    const topic = kind === 'subscription' ? this.#topic(channel) : -1;
    this.#rows.push({ entity, kind, owner, channel, topic });
    this.#records = holding(this.#records, RECORD * entity + RECORD - 1);
    const at = RECORD * entity;
    this.#records[at + ROW] = row + 1;
    this.#records[at + ROW_TOPIC] = topic;
    this.#busy = holding(this.#busy, row);
    // Twice a fair share of the bars drawn, so that a row cut off now is one that is binned in the end.
    this.#barsPerRow = Math.max(64, Math.floor((2 * BAR_BUDGET) / this.#rows.length));
  }

  #describeOutput(entity: number, kind: OutputKind, channel: string): void {
    this.#sources = holding(this.#sources, entity);
    this.#sources[entity] = reportsOutput(kind) ? this.#topic(channel) + 1 : HIDDEN;
    if (kind === 'fault') this.#faultSources.add(entity);
  }

  #topic(name: string): number {
    let topic = this.#topicIndex.get(name);
    if (topic === undefined) {
      topic = this.#topicNames.length;
      this.#topicIndex.set(name, topic);
      this.#topicNames.push(name);
      this.#dropped.push(0);
      this.#faulted.push(0);
      this.#noted.push(0);
      this.#latencies.addSeries();
    }
    return topic;
  }

  /** A callback of `row` took `duration` from `time`; `column`: the row's place in the current column. */
  #took(row: number, column: number, time: number, duration: number): void {
    this.#rowBins.plane(BUSY)[column]! += duration;
    this.#busy[row]! += duration;
    if (duration > 0) this.#durations = true;
    if (time + duration > this.#lastTime) this.#lastTime = time + duration;
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
    const span = Math.max(this.#lastTime, end) / 1e9;
    const { sums: calls, peaks } = this.#rowBins.totals(CALLS, this.#rows.length);
    const taken = this.#taken(calls);
    this.#takesOfNow(taken);
    const published = this.#topicBins.totals(PUBLISHES, this.#topicNames.length).sums;
    const { limited: timelineLimited, ...timeline } = this.#timeline(span, calls, peaks);
    const network = this.#network();
    const topics = this.#topicRows(span, taken, published);
    const limits: string[] = [];
    if (timelineLimited)
      limits.push(
        `callbacks are drawn one by one up to ${BAR_BUDGET.toLocaleString('en-US')} in all; busier rows are drawn as ${MAX_BINS} bins shaded by their share of the row's busiest bin`,
      );
    if (topics.length > TOPICS_PLOTTED)
      limits.push(`rates and latencies are plotted for the ${TOPICS_PLOTTED} busiest of ${topics.length} topics (the table lists all)`);
    if (topics.some((topic) => topic.latency !== null && !topic.latency.exact))
      limits.push('some latency percentiles come from the histogram (more latencies than are kept exactly)');
    if (this.#rowBins.capped || this.#topicBins.capped) limits.push('with this many entities or topics, plots over time have fewer, wider bins');
    if (network?.limited) limits.push(`link plots average metrics periods in groups to at most ${LINK_POINTS} points`);
    return { ...given, span, timeline, topics, rates: this.#rates(span, published), latency: this.#latency(span), network: network?.links ?? null, limits };
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
    let n = 0;
    rows.forEach((row, r) => {
      if (calls[r]! > 0) keys[n++] = rank.get(row.owner)! * ENTITY_IDS + row.entity;
    });
    return Array.from(keys.subarray(0, n).sort(), (key) => this.#records[RECORD * (key % ENTITY_IDS) + ROW]! - 1);
  }

  /** `peaks`: per row its largest column of callbacks. */
  #timeline(span: number, calls: Float64Array, peaks: Float64Array): ReportData['timeline'] & { limited: boolean } {
    const rows = this.#rows;
    const order = this.#rowOrder(calls);
    const kept = Int32Array.from(rows, (row) => this.#records[RECORD * row.entity + KEPT]!);
    // A row that kept fewer callbacks than it had was cut off: it is drawn binned.
    const share = fairShare(
      Float64Array.from(order, (r) => (kept[r]! < calls[r]! ? Infinity : calls[r]!)),
      BAR_BUDGET,
    );
    const barred = order.filter((r) => kept[r] === calls[r] && calls[r]! <= share);
    // In the order they lie in the bins' columns.
    const binned = order.filter((r) => kept[r]! < calls[r]! || calls[r]! > share).sort((a, b) => a - b);
    const width = Math.max(binWidth(span, MAX_BINS), this.#rowBins.width);
    const bins = binned.length === 0 ? 0 : this.#rowBins.binsOf(width);
    const levels = this.#durations ? this.#rowBins.shares(binned, BUSY, width, bins) : this.#rowBins.shares(binned, CALLS, width, bins, peaks);
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
        busy: this.#busy[r]! / 1e9,
        ...(barsOfRow !== undefined ? { starts: f64(barsOfRow.starts), durations: f64(barsOfRow.durations) } : { level: level[r]! }),
      };
    }
    const levelsBase64 = Buffer.from(levels.buffer, levels.byteOffset, levels.length).toString('base64');
    return { durations: this.#durations, binWidth: width / 1e9, bins, levels: levelsBase64, rows: out, limited: binned.length > 0 };
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

  #topicRows(span: number, taken: Float64Array, published: Float64Array): TopicRow[] {
    const names = this.#topicNames;
    return [...names]
      .sort()
      .map((name) => this.#topicIndex.get(name)!)
      .filter((t) => published[t]! + taken[t]! + this.#dropped[t]! + this.#faulted[t]! > 0)
      .map((t) => ({
        topic: names[t]!,
        published: published[t]!,
        taken: taken[t]!,
        dropped: this.#dropped[t]!,
        faults: this.#faulted[t]!,
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

  /** The width of the plots over `span` (no finer than the bins of topics and rows) and how many bins they have. */
  #plotWidth(span: number): { width: number; bins: number } {
    const width = Math.max(binWidth(span, PLOT_BINS), this.#topicBins.width, this.#rowBins.width);
    return { width, bins: Math.max(this.#topicBins.binsOf(width), this.#rowBins.binsOf(width)) };
  }

  #rates(span: number, published: Float64Array): SeriesSet | null {
    const plotted = this.#plotted(published);
    if (plotted.length === 0) return null;
    const { width, bins } = this.#plotWidth(span);
    const total = this.#topicBins.total(PUBLISHES, width, bins);
    const perSecond = (counts: Float64Array): number[] => Array.from(counts, (count) => round(count / (width / 1e9)));
    return {
      binWidth: width / 1e9,
      series: [
        { name: 'all topics', values: perSecond(total) },
        ...this.#topicBins.series(plotted, PUBLISHES, width, bins).map((counts, j) => ({ name: this.#topicNames[plotted[j]!]!, values: perSecond(counts) })),
      ],
    };
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
    return topics.map((topic, j) => {
      const rows = [...this.#rows.keys()].filter((r) => this.#rows[r]!.topic === topic);
      const takes = new Float64Array(bins);
      for (const calls of this.#rowBins.series(rows, CALLS, width, bins)) {
        for (let i = 0; i < bins; i++) takes[i]! += calls[i]!;
      }
      for (let i = 0; i < bins; i++) takes[i]! -= untimed[j]![i]!;
      return takes;
    });
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
      const mean =
        (key: keyof LinkPeriod) =>
        (chunk: LinkPeriod[]): number =>
          round(chunk.reduce((s, p) => s + (p[key] as number), 0) / chunk.length);
      const sum =
        (key: keyof LinkPeriod) =>
        (chunk: LinkPeriod[]): number =>
          chunk.reduce((s, p) => s + (p[key] as number), 0);
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

/** The bins of rows and of topics, starting as wide as a run that ends at `plannedEnd` (ns) is drawn with, else at 1 ms. */
function binsFor(plannedEnd: number | undefined): [BinColumns, BinColumns] {
  const width = plannedEnd === undefined ? MIN_BIN_WIDTH : binWidth(plannedEnd / 1e9, MAX_BINS);
  const columns = plannedEnd === undefined ? undefined : Math.floor(plannedEnd / width) + 1;
  return [new BinColumns(width, ['count', 'sum'], columns), new BinColumns(width, ['count', 'count', 'sum', 'max'], columns)];
}

/** The width (ns) of `bins` bins over `span` seconds: the first power-of-two multiple of 1 ms that covers the span in that many. */
function binWidth(span: number, bins: number): number {
  let width = MIN_BIN_WIDTH;
  while (width * bins < span * 1e9) width *= 2;
  return width;
}

/** Base64 of times in ns as seconds, little-endian Float64 (whatever the machine: the bytes go into the report). */
function f64(values: Float64Array): string {
  const bytes = Buffer.allocUnsafe(8 * values.length);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < values.length; i++) view.setFloat64(8 * i, values[i]! / 1e9, true);
  return bytes.toString('base64');
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

/**
 * Counts the entries of `entries` from `from` on that need nothing but counting (no duration is
 * pending): a callback of an entity whose record says it is only counted, an output published
 * or (hidden source) not counted. Returns where it stopped: the first entry that needs more, or
 * `length`.
 */
function countPlain(
  entries: Int32Array,
  from: number,
  length: number,
  records: Int32Array,
  calls: Int32Array | Float64Array,
  rowColumn: number,
  sources: Int32Array,
  publishes: Int32Array | Float64Array,
  topicColumn: number,
): number {
  for (let i = from; i < length; i++) {
    const entry = entries[i]!;
    if (entry >= 0) {
      const counted = records[RECORD * entry + COUNTED]!;
      if (counted === 0) return i;
      calls[rowColumn + counted - 1]!++;
    } else {
      // TIME and DURATION, a loss or fault, a consumed item: not only counted.
      if (!isTagged(entry)) return i;
      const tag = tagOf(entry);
      if (tag === DROP || tag === CONSUMED) return i;
      const topic = sources[taggedId(entry)]! - 1;
      if (topic >= 0) publishes[topicColumn + topic]!++;
    }
  }
  return length;
}

/** Nine significant digits: plenty for a plot, and short in JSON. */
function round(value: number): number {
  return Number.isFinite(value) ? Number(value.toPrecision(9)) : value;
}
