import { holding } from '../base/byId.js';
import { CONSUMED, DURATION, isTagged, type LoggedEvents, OUTPUT_TAGS, TIME, taggedId, tagOf } from '../engine/EventLog.js';
import type { OutputKind } from '../engine/Executable.js';
import { BinColumns, binWidth, MAX_BINS, MIN_BIN_WIDTH } from './BinColumns.js';
import {
  BUSY,
  CALLS,
  COUNTED,
  type Gathered,
  KEPT,
  LATENCY_MAX,
  LATENCY_SUM,
  type LinkPeriod,
  PUBLISHES,
  RECORD,
  ROW,
  ROW_TOPIC,
  type Row,
  UNTIMED,
} from './Gathered.js';
import { LatencyValues } from './LatencyValues.js';
import { latencySection } from './latencySection.js';
import { LINK_POINTS, networkSection } from './networkSection.js';
import type { ReportData } from './ReportData.js';
import { ratesSection } from './ratesSection.js';
import { TripleLog } from './TripleLog.js';
import { BAR_BUDGET, timelineSection } from './timelineSection.js';
import { TOPICS_PLOTTED } from './topicPlots.js';
import { topicsSection } from './topicsSection.js';

/** Per entity id as an output source (a service is also a callback's entity): its topic + 1 (0: not described), or: */
const HIDDEN = -1;
/** The tag of a message lost, in the log. */
const DROP = OUTPUT_TAGS.indexOf('drop');

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

/**
 * What a report needs of a run, gathered as it happens (LiveReport, in the run's thread) or from
 * a trace read back: per entity its callbacks over time, per topic its publishes, losses and the
 * latency of each take, and the network's link periods. A callback or an output costs a few
 * stores into state laid out for a run that goes forward in time: an entity's record is one
 * cache line, bins over time are columns (BinColumns: the current one stays in the cache),
 * latencies are runs of equal values (LatencyValues), callbacks kept one by one are appended to
 * one log while their row is within its share. Nothing is sorted or grouped until the report is
 * built, in plain loops over typed arrays (that code runs once, cold). Memory is bounded:
 * MAX_BINS columns, the bars' share, the latency budget. Each section of the report is built
 * in a file of its own from what was gathered (Gathered): timelineSection, topicsSection,
 * ratesSection, latencySection, networkSection.
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

  /** The report's data: what was gathered, bounded (ReportData.limits says what was left out), in its sections. */
  report(meta: ReportMeta): ReportData {
    const { end, ...given } = meta;
    const span = Math.max(this.#lastTime, end) / 1e9;
    const { sums: calls, peaks } = this.#rowBins.totals(CALLS, this.#rows.length);
    const taken = this.#taken(calls);
    this.#takesOfNow(taken);
    const published = this.#topicBins.totals(PUBLISHES, this.#topicNames.length).sums;
    const gathered = this.#gathered();
    const { limited: timelineLimited, ...timeline } = timelineSection(gathered, span, calls, peaks);
    const network = networkSection(gathered);
    const topics = topicsSection(gathered, span, taken, published);
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
    return {
      ...given,
      span,
      timeline,
      topics,
      rates: ratesSection(gathered, span, published),
      latency: latencySection(gathered, span),
      network: network?.links ?? null,
      turtles: null,
      world: null,
      limits,
    };
  }

  /** What the sections read. */
  #gathered(): Gathered {
    return {
      rows: this.#rows,
      records: this.#records,
      busy: this.#busy,
      bars: this.#bars,
      rowBins: this.#rowBins,
      durations: this.#durations,
      topicNames: this.#topicNames,
      topicIndex: this.#topicIndex,
      dropped: this.#dropped,
      faulted: this.#faulted,
      topicBins: this.#topicBins,
      latencies: this.#latencies,
      links: this.#links,
    };
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
}

/** The bins of rows and of topics, starting as wide as a run that ends at `plannedEnd` (ns) is drawn with, else at 1 ms. */
function binsFor(plannedEnd: number | undefined): [BinColumns, BinColumns] {
  const width = plannedEnd === undefined ? MIN_BIN_WIDTH : binWidth(plannedEnd / 1e9, MAX_BINS);
  const columns = plannedEnd === undefined ? undefined : Math.floor(plannedEnd / width) + 1;
  return [new BinColumns(width, ['count', 'sum'], columns), new BinColumns(width, ['count', 'count', 'sum', 'max'], columns)];
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
