import { holding } from '../engine/byId.js';
import { BinColumns } from './BinColumns.js';
import { CHUNK, EventLog, type EventChunk } from './EventLog.js';
import { PublishLog } from './PublishLog.js';
import type { LatencyData, LinkSeries, ReportData, SeriesSet, TimelineRow, TopicRow } from './ReportData.js';
import { MAX_BINS, MIN_BIN_WIDTH } from './TimeBins.js';
import { binEdge, HISTOGRAM_BINS, TimedValues } from './TimedValues.js';
import type { ReportEvent } from './reportProtocol.js';

/** Callbacks drawn one by one, over all rows; a busier row is drawn as bins. */
export const BAR_BUDGET = 100_000;
/** Bins of the plots over time (about; a power-of-two width gives between half and all of them). */
const PLOT_BINS = 200;
/** Topics plotted one by one (the busiest; the table lists every topic). */
export const TOPICS_PLOTTED = 8;
/** Metrics periods per link kept in a report: more are averaged in groups. */
export const LINK_POINTS = 2_000;
/** Events whose publishes and takes are folded in at once (see #foldTopics). */
export const BATCH = 1 << 18;
/** The callbacks of one entity (its counts and bins are the collector's, by `index`), one by one while the row is within its share. */
class Row {
  /** Each callback's start and duration side by side (as many as the row's count), while the row is within its share; null past it. */
  bars: Float64Array | null = new Float64Array(32);
  /** The topic a subscription takes from, and its reader there (PublishLog). */
  readonly topic: Topic | null;
  readonly reader: number;

  constructor(
    /** Rows are numbered densely in the order they were described. */
    readonly index: number,
    readonly entity: number,
    readonly kind: string,
    readonly owner: string,
    readonly channel: string,
    topic: Topic | null,
  ) {
    this.topic = topic;
    this.reader = topic === null ? -1 : topic.log.reader();
  }
}

/** A topic: its publishes, and its takes' latencies (its counts are the collector's, by `index`). */
class Topic {
  readonly log = new PublishLog();
  /** Latencies of the takes matched with their publish, at the takes. */
  readonly latency: TimedValues;

  constructor(
    readonly name: string,
    /** Topics are numbered densely in the order they appeared (the series of their publishes). */
    readonly index: number,
    budget: { left: number },
  ) {
    this.latency = new TimedValues(budget);
  }
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
 * What a report needs of a run, gathered from its callbacks and outputs (a trace read back
 * through callback()/output(), or a run's chunks through absorb() on the report's thread): a
 * timeline per entity, publishes, takes and losses per topic with the latency of each take
 * matched to its publish by digest, and network link periods. Memory is bounded: binned
 * series (TimeBins), callbacks kept one by one up to each row's share, latencies exact up to a
 * budget (TimedValues).
 */
export class ReportCollector {
  /** By entity id (sparse), the row of a callback entity. */
  readonly #rows: (Row | undefined)[] = [];
  /** The rows in the order they were described (Row.index). */
  readonly #rowList: Row[] = [];
  /** By entity id, an output source's kind. */
  readonly #outputKinds: (string | undefined)[] = [];
  readonly #topics = new Map<string, Topic>();
  readonly #topicList: Topic[] = [];
  // What folding an event reads and writes is in typed arrays by entity id or row index: an
  // event's entity is seldom the last one's, and an object per entity was a cache miss each time.
  /** By callback entity id, its row's index. */
  #rowIndex: Int32Array<ArrayBuffer> = new Int32Array(1024);
  /** By output entity id, the index of its topic (-1: a response, not reported) and whether it counts losses. */
  #outputTopic: Int32Array<ArrayBuffer> = new Int32Array(1024);
  #outputDrops: Uint8Array<ArrayBuffer> = new Uint8Array(1024);
  /** By row index: callbacks, busy time, and whether the row still keeps its callbacks one by one. */
  #counts: Float64Array<ArrayBuffer> = new Float64Array(256);
  #busy: Float64Array<ArrayBuffer> = new Float64Array(256);
  #keepsBars: Uint8Array<ArrayBuffer> = new Uint8Array(256);
  /** By row index, the index of the topic a subscription takes from (-1: none). */
  #rowTopic: Int32Array<ArrayBuffer> = new Int32Array(256);
  /** By topic index: publishes, takes, losses, and the events of the pending batch (see #foldTopics). */
  #published: Float64Array<ArrayBuffer> = new Float64Array(256);
  #taken: Float64Array<ArrayBuffer> = new Float64Array(256);
  #dropped: Float64Array<ArrayBuffer> = new Float64Array(256);
  #topicEvents: Int32Array<ArrayBuffer> = new Int32Array(256);
  /** Chunks whose publishes and takes are not yet folded in, and how many events they hold (less than BATCH). */
  readonly #pending: EventChunk[] = [];
  #pendingEvents = 0;
  /** Per pending event its topic (-1: none); a batch's topic events grouped by topic (see #foldTopics). */
  readonly #groupOf = new Int32Array(BATCH + CHUNK);
  readonly #sorted = { rows: new Int32Array(BATCH + CHUNK), times: new Float64Array(BATCH + CHUNK), digests: new Int32Array(2 * (BATCH + CHUNK)) };
  /** Per row its callbacks (count, busy time), per topic its publishes, over time. */
  readonly #rowBins: BinColumns;
  readonly #publishBins: BinColumns;
  readonly #log = new EventLog((chunk) => this.absorb(chunk));
  readonly #budget = TimedValues.budget();
  #durations = false;
  /** Callbacks a row keeps one by one (past it, the row is drawn binned). */
  #barsPerRow = Infinity;
  #lastTime = 0;
  readonly #links = new Map<string, { times: number[]; periods: LinkPeriod[] }>();
  /** What a chunk becomes once folded in: filled again by the EventLog it came from. */
  readonly #folded: (chunk: EventChunk) => void;

  /**
   * `plannedEnd`: when the run is to end (ns from its start), if known: the bins over time
   * start as wide as a run that long is drawn with, rather than at 1 ms, merging as time goes on.
   * `folded`: hands a chunk given to absorb() back once folded in (by default to the
   * collector's own log, the one callback() and output() fill).
   */
  constructor(plannedEnd?: number, folded?: (chunk: EventChunk) => void) {
    const width = plannedEnd === undefined ? MIN_BIN_WIDTH : binWidth(plannedEnd / 1e9, MAX_BINS, []);
    this.#rowBins = new BinColumns(width);
    this.#publishBins = new BinColumns(width);
    this.#folded = folded ?? ((chunk) => this.#log.recycle(chunk));
  }

  /** What a run's thread told of its report (LiveReport): folded in here, or on the report's thread. */
  receive(message: ReportEvent): void {
    switch (message.type) {
      case 'callback':
        this.describeCallback(message.id, message.kind, message.owner, message.channel);
        break;
      case 'output':
        this.describeOutput(message.id, message.kind, message.channel);
        break;
      case 'chunk':
        this.absorb(message.chunk);
        break;
      case 'links':
        this.linkPeriod(message.time, message.links);
        break;
    }
  }

  /** Whether the entity with this id was described already. */
  knowsCallback(entity: number): boolean {
    return this.#rows[entity] !== undefined;
  }

  knowsOutput(entity: number): boolean {
    return this.#outputKinds[entity] !== undefined;
  }

  describeCallback(entity: number, kind: string, owner: string, channel: string): void {
    while (this.#rows.length <= entity) this.#rows.push(undefined);
    const index = this.#rowList.length;
    const row = new Row(index, entity, kind, owner, channel, kind === 'subscription' ? this.#topic(channel) : null);
    this.#rows[entity] = row;
    this.#rowList.push(row);
    this.#rowIndex = holding(this.#rowIndex, entity);
    this.#rowIndex[entity] = index;
    this.#counts = holding(this.#counts, index);
    this.#busy = holding(this.#busy, index);
    this.#keepsBars = holding(this.#keepsBars, index);
    this.#keepsBars[index] = 1;
    this.#rowTopic = holding(this.#rowTopic, index);
    this.#rowTopic[index] = row.topic?.index ?? -1;
    // Twice a fair share of the bars drawn, so that a row cut off now is one that is binned in the end.
    this.#barsPerRow = Math.max(64, Math.floor((2 * BAR_BUDGET) / this.#rowList.length));
  }

  /** `kind`: publish, response or drop (a source has one kind). */
  describeOutput(entity: number, kind: string, channel: string): void {
    while (this.#outputKinds.length <= entity) this.#outputKinds.push(undefined);
    this.#outputKinds[entity] = kind;
    this.#outputTopic = holding(this.#outputTopic, entity);
    this.#outputDrops = holding(this.#outputDrops, entity);
    this.#outputTopic[entity] = kind === 'response' ? -1 : this.#topic(channel).index;
    this.#outputDrops[entity] = kind === 'drop' ? 1 : 0;
  }

  #topic(name: string): Topic {
    let topic = this.#topics.get(name);
    if (topic === undefined) {
      const index = this.#topicList.length;
      topic = new Topic(name, index, this.#budget);
      this.#topics.set(name, topic);
      this.#topicList.push(topic);
      this.#published = holding(this.#published, index);
      this.#taken = holding(this.#taken, index);
      this.#dropped = holding(this.#dropped, index);
      this.#topicEvents = holding(this.#topicEvents, index);
    }
    return topic;
  }

  /** A callback ran from `time` for `duration` (ns from the start), consuming the item with this digest. */
  callback(entity: number, time: number, duration: number, lo: number, hi: number): void {
    this.#log.push(entity, time, duration, lo, hi);
  }

  /** A source described with describeOutput published, responded or lost something at `time`. */
  output(entity: number, time: number, lo: number, hi: number): void {
    this.#log.push(~entity, time, 0, lo, hi);
  }

  /**
   * Folds in a chunk of events (callback()/output() fill them, or another thread's EventLog):
   * each callback's row statistics at once, in the order they happened (typed arrays by row,
   * bins a column per time: a few kilobytes that stay in the cache); what happens on topics
   * (publishes and the takes matched with them) a batch at a time, topic by topic (see
   * #foldTopics). A chunk is handed back once all of it is folded in.
   */
  absorb(chunk: EventChunk): void {
    const { length, ids, times, durations } = chunk;
    const rowIndex = this.#rowIndex;
    const rowTopic = this.#rowTopic;
    const outputTopic = this.#outputTopic;
    const topicEvents = this.#topicEvents;
    const groupOf = this.#groupOf;
    const offset = this.#pendingEvents;
    for (let i = 0; i < length; i++) {
      const id = ids[i]!;
      const time = times[i]!;
      let topic: number;
      if (id >= 0) {
        const index = rowIndex[id]!;
        this.#countCallback(index, time, durations[i]!);
        topic = rowTopic[index]!;
        if (topic >= 0) this.#taken[topic]!++;
      } else {
        topic = outputTopic[~id]!;
        if (topic >= 0) {
          if (time > this.#lastTime) this.#lastTime = time;
          if (this.#outputDrops[~id] === 1) {
            this.#dropped[topic]!++;
            topic = -1;
          } else {
            this.#published[topic]!++;
            this.#publishBins.add(topic, time, 1);
          }
        }
      }
      groupOf[offset + i] = topic;
      if (topic >= 0) topicEvents[topic]!++;
    }
    this.#pending.push(chunk);
    this.#pendingEvents += length;
    if (this.#pendingEvents >= BATCH) this.#foldTopics();
  }

  #countCallback(index: number, time: number, duration: number): void {
    const count = ++this.#counts[index]!;
    this.#busy[index]! += duration;
    this.#rowBins.add(index, time, duration);
    if (this.#keepsBars[index] === 1) this.#keepBar(index, count, time, duration);
    if (duration > 0) this.#durations = true;
    if (time + duration > this.#lastTime) this.#lastTime = time + duration;
  }

  #keepBar(index: number, count: number, time: number, duration: number): void {
    const row = this.#rowList[index]!;
    if (count > this.#barsPerRow) {
      row.bars = null;
      this.#keepsBars[index] = 0;
      return;
    }
    let bars = row.bars!;
    if (2 * count > bars.length) {
      bars = new Float64Array(2 * bars.length);
      bars.set(row.bars!);
      row.bars = bars;
    }
    bars[2 * count - 2] = time;
    bars[2 * count - 1] = duration;
  }

  /**
   * The pending chunks' publishes and takes, topic by topic (in the order they happened within
   * a topic, so that a take finds its publish): partitioned first (a counting sort into one
   * contiguous copy), so that a topic's log and latencies stay in the cache while its events
   * are applied; in the order they happened, every one of them was a cache miss.
   */
  #foldTopics(): void {
    const topics = this.#topicList;
    const groupOf = this.#groupOf;
    const { rows: sortedRows, times: sortedTimes, digests: sortedDigests } = this.#sorted;
    const rowIndex = this.#rowIndex;
    // ends[t]: first where topic t's events start, then where they end.
    const ends = this.#topicEvents;
    for (let t = 0, at = 0; t < topics.length; t++) {
      const count = ends[t]!;
      ends[t] = at;
      at += count;
    }
    let k = 0;
    for (const { length, ids, times, digestsLo, digestsHi } of this.#pending) {
      for (let i = 0; i < length; i++, k++) {
        const t = groupOf[k]!;
        if (t < 0) continue;
        const j = ends[t]!++;
        const id = ids[i]!;
        sortedRows[j] = id >= 0 ? rowIndex[id]! : -1;
        sortedTimes[j] = times[i]!;
        sortedDigests[2 * j] = digestsLo[i]!;
        sortedDigests[2 * j + 1] = digestsHi[i]!;
      }
    }
    for (const chunk of this.#pending) this.#folded(chunk);
    this.#pending.length = 0;
    this.#pendingEvents = 0;
    const rowList = this.#rowList;
    for (let t = 0, from = 0; t < topics.length; t++) {
      const to = ends[t]!;
      ends[t] = 0;
      if (to === from) continue;
      const { log, latency } = topics[t]!;
      for (let j = from; j < to; j++) {
        const row = sortedRows[j]!;
        const time = sortedTimes[j]!;
        if (row < 0) {
          log.published(time, sortedDigests[2 * j]!, sortedDigests[2 * j + 1]!);
          continue;
        }
        const published = log.take(rowList[row]!.reader, sortedDigests[2 * j]!, sortedDigests[2 * j + 1]!);
        if (published >= 0) latency.add(time, time - published);
      }
      from = to;
    }
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
    this.#log.flush();
    this.#foldTopics();
    const { end, ...given } = meta;
    const span = Math.max(this.#lastTime, end) / 1e9;
    const { limited: timelineLimited, ...timeline } = this.#timeline(span);
    const network = this.#network();
    const topics = this.#topicRows(span);
    const limits: string[] = [];
    if (timelineLimited) limits.push(`callbacks are drawn one by one up to ${BAR_BUDGET.toLocaleString('en-US')} in all; busier rows are drawn as ${MAX_BINS} bins shaded by their share of the row's busiest bin`);
    if (topics.length > TOPICS_PLOTTED) limits.push(`rates and latencies are plotted for the ${TOPICS_PLOTTED} busiest of ${topics.length} topics (the table lists all)`);
    if (topics.some((topic) => topic.latency !== null && !topic.latency.exact)) limits.push('some latency percentiles come from the histogram (more latencies than are kept exactly)');
    if (network?.limited) limits.push(`link plots average metrics periods in groups to at most ${LINK_POINTS} points`);
    return { ...given, span, timeline, topics, rates: this.#rates(span), latency: this.#latency(span), network: network?.links ?? null, limits };
  }

  #timeline(span: number): { durations: boolean; binWidth: number; rows: TimelineRow[]; limited: boolean } {
    const counts = this.#counts;
    const rows = this.#rowList.filter((row) => counts[row.index]! > 0);
    rows.sort((a, b) => (a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : a.entity - b.entity));
    const share = fairShare(rows.map((row) => (row.bars === null ? Infinity : counts[row.index]!)), BAR_BUDGET);
    const width = binWidth(span, MAX_BINS, [this.#rowBins.width]);
    this.#rowBins.widenTo(width);
    let limited = false;
    const out = rows.map((row): TimelineRow => {
      const count = counts[row.index]!;
      const base = { node: row.owner, kind: row.kind, channel: row.channel, entity: row.entity, callbacks: count, busy: this.#busy[row.index]! / 1e9 };
      if (row.bars !== null && count <= share) return { ...base, starts: seconds(row.bars, count, 0), durations: seconds(row.bars, count, 1) };
      limited = true;
      const levels = this.#rowBins.shares(row.index, this.#durations);
      return { ...base, levels: Buffer.from(levels.buffer, levels.byteOffset, levels.length).toString('base64') };
    });
    return { durations: this.#durations, binWidth: width / 1e9, rows: out, limited };
  }

  #topicRows(span: number): TopicRow[] {
    const published = this.#published;
    const taken = this.#taken;
    const dropped = this.#dropped;
    return [...this.#topics.values()]
      .filter(({ index }) => published[index]! + taken[index]! + dropped[index]! > 0)
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((topic) => ({
        topic: topic.name,
        published: published[topic.index]!,
        taken: taken[topic.index]!,
        dropped: dropped[topic.index]!,
        rate: span === 0 ? 0 : published[topic.index]! / span,
        latency: topic.latency.summary(1e-9),
      }));
  }

  /** The busiest topics, most messages first (ties by name). */
  #plotted(count: (topic: Topic) => number): Topic[] {
    return [...this.#topics.values()]
      .filter((topic) => count(topic) > 0)
      .sort((a, b) => count(b) - count(a) || (a.name < b.name ? -1 : 1))
      .slice(0, TOPICS_PLOTTED);
  }

  #rates(span: number): SeriesSet | null {
    const topics = [...this.#topics.values()].filter((topic) => this.#published[topic.index]! > 0);
    if (topics.length === 0) return null;
    const publishes = this.#publishBins;
    const width = binWidth(span, PLOT_BINS, [publishes.width]);
    publishes.widenTo(width);
    const total = new Array<number>(publishes.length).fill(0);
    for (const topic of topics) publishes.addSumsTo(topic.index, total);
    const perSecond = (counts: number[]): number[] => counts.map((count) => round(count / (width / 1e9)));
    return {
      binWidth: width / 1e9,
      series: [
        { name: 'all topics', values: perSecond(total) },
        ...this.#plotted((t) => this.#published[t.index]!).map((topic) => ({ name: topic.name, values: perSecond(publishes.values(topic.index, true)) })),
      ],
    };
  }

  #latency(span: number): LatencyData | null {
    const topics = this.#plotted((t) => t.latency.count);
    if (topics.length === 0) return null;
    const all = [...this.#topics.values()].filter((topic) => topic.latency.count > 0);
    const histograms = new Map(all.map((topic) => [topic, topic.latency.histogram()]));
    const histogram = new Array<number>(HISTOGRAM_BINS).fill(0);
    for (const counts of histograms.values()) counts.forEach((count, i) => (histogram[i]! += count));
    // The bins from the first to the last that holds a latency, and an empty one on each side.
    const first = Math.max(0, histogram.findIndex((count) => count > 0) - 1);
    const last = Math.min(HISTOGRAM_BINS - 1, HISTOGRAM_BINS - [...histogram].reverse().findIndex((count) => count > 0));
    const width = binWidth(span, PLOT_BINS, topics.map((topic) => topic.latency.minWidth));
    const overTime = (topic: Topic): LatencyData['overTime'][number] => {
      const { sums, counts, maxima } = topic.latency.bins(width);
      const mean = sums.map((sum, i) => (counts[i] === 0 ? null : round(sum / counts[i]! / 1e9)));
      const max = maxima.map((value) => (value === -Infinity ? null : round(value / 1e9)));
      return { name: topic.name, mean, max };
    };
    return {
      edges: Array.from({ length: last - first + 2 }, (_, i) => binEdge(first + i) / 1e9),
      histograms: [
        { name: 'all topics', counts: histogram.slice(first, last + 1) },
        ...topics.map((topic) => ({ name: topic.name, counts: histograms.get(topic)!.slice(first, last + 1) })),
      ],
      binWidth: width / 1e9,
      overTime: topics.map(overTime),
    };
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

/**
 * The width (ns) of `bins` bins over `span` seconds: the first power-of-two multiple of 1 ms
 * that covers the span in that many, and no finer than what the series collected allow.
 */
function binWidth(span: number, bins: number, collected: number[]): number {
  let width = MIN_BIN_WIDTH;
  while (width * bins < span * 1e9) width *= 2;
  return Math.max(width, ...collected);
}

/** Base64 (little-endian Float64) of `count` times in ns as seconds, taken every other one from `first`. */
function seconds(pairs: Float64Array, count: number, first: number): string {
  const scaled = new Float64Array(count);
  for (let i = 0; i < count; i++) scaled[i] = pairs[first + 2 * i]! / 1e9;
  return Buffer.from(scaled.buffer).toString('base64');
}

/**
 * The largest per-row allowance with which the rows' demands (capped by it) fit the budget:
 * rows that need little keep all of theirs, the rest share what is left evenly.
 */
function fairShare(demands: number[], budget: number): number {
  const sorted = [...demands].sort((a, b) => a - b);
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
