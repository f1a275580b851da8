import { holding } from '../engine/byId.js';
import { EventLog, newChunk, type EventChunk } from './EventLog.js';
import { PublishLog } from './PublishLog.js';
import type { LatencyData, LinkSeries, ReportData, SeriesSet, TimelineRow, TopicRow } from './ReportData.js';
import { MAX_BINS, MIN_BIN_WIDTH, TimeBins } from './TimeBins.js';
import { binEdge, HISTOGRAM_BINS, TimedValues } from './TimedValues.js';
import type { ReportBatch } from './reportProtocol.js';

/** Callbacks drawn one by one, over all rows; a busier row is drawn as bins. */
export const BAR_BUDGET = 100_000;
/** Bins of the plots over time (about; a power-of-two width gives between half and all of them). */
const PLOT_BINS = 200;
/** Topics plotted one by one (the busiest; the table lists every topic). */
export const TOPICS_PLOTTED = 8;
/** Metrics periods per link kept in a report: more are averaged in groups. */
export const LINK_POINTS = 2_000;
/** Events folded in at once (see #foldPending): 7 MB held. */
export const BATCH = 1 << 18;
/**
 * Fewer events than this (a short run's, or a long run's last) are applied in the order they
 * happened, unsorted: their groups' statistics fit in the cache anyway, and in code that runs
 * once, cold, sorting them cost more than it saved.
 */
export const SORTED_FROM = 1 << 16;

/** The callbacks of one entity: binned (count, busy time), and one by one while the row is within its share. */
class Row {
  count = 0;
  busy = 0;
  readonly bins: TimeBins;
  starts: number[] | null = [];
  durations: number[] | null = [];
  /** The topic a subscription takes from, and its reader there (PublishLog). */
  readonly topic: Topic | null;
  readonly reader: number;

  constructor(
    readonly entity: number,
    readonly kind: string,
    readonly owner: string,
    readonly channel: string,
    topic: Topic | null,
    binWidth: number,
  ) {
    this.topic = topic;
    this.reader = topic === null ? -1 : topic.log.reader();
    this.bins = new TimeBins(false, binWidth);
  }
}

class Topic {
  published = 0;
  taken = 0;
  dropped = 0;
  readonly log = new PublishLog();
  readonly publishes: TimeBins;
  /** Latencies of the takes matched with their publish, at the takes. */
  readonly latency: TimedValues;

  constructor(
    readonly name: string,
    /** Its group in a batch of events (see #foldPending): its publishes and its subscriptions' takes. */
    readonly group: number,
    budget: { left: number },
    binWidth: number,
  ) {
    this.latency = new TimedValues(budget);
    this.publishes = new TimeBins(false, binWidth);
  }
}

/** Whether a report shows an output of this kind: publishes and losses on topics, not a service's responses (its callbacks' rows show those). */
export function reportsOutput(kind: string): boolean {
  return kind !== 'response';
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
 * through callback()/output(), or a run's batches through receive(), here or on the report's
 * thread): a timeline per entity, publishes, takes and losses per topic with the latency of
 * each take matched to its publish by digest, and network link periods. Memory is bounded:
 * binned series (TimeBins), callbacks kept one by one up to each row's share, latencies exact
 * up to a budget (TimedValues).
 */
export class ReportCollector {
  readonly #rows: (Row | undefined)[] = [];
  /** By entity id, an output source's kind. */
  readonly #outputKinds: (string | undefined)[] = [];
  /** By entity id, the group of its events in a batch (see #foldPending); an output's -1: not reported. */
  #callbackGroups: Int32Array<ArrayBuffer> = new Int32Array(1024);
  #outputGroups: Int32Array<ArrayBuffer> = new Int32Array(1024);
  /** Each group: a topic (publishes, drops and takes there) or the row of an entity that takes from none. */
  readonly #groups: (Topic | Row)[] = [];
  readonly #topics = new Map<string, Topic>();
  readonly #log = new EventLog((chunk) => this.absorb(chunk));
  /** Chunks absorbed and not yet folded in, and how many events they hold (less than BATCH). */
  readonly #pending: EventChunk[] = [];
  #pendingEvents = 0;
  /** A batch's events grouped, and the group of each (see #foldPending); kept for the next one, as large as the largest yet (a short run's is small). */
  #sorted = newChunk(0);
  #groupOf = new Int32Array(0);
  readonly #budget = TimedValues.budget();
  /** The width (ns) bins over time start with: no narrower than the report will draw them. */
  readonly #binWidth: number;
  #durations = false;
  #rowCount = 0;
  /** Callbacks a row keeps one by one (past it, the row is drawn binned). */
  #barsPerRow = Infinity;
  #lastTime = 0;
  readonly #links = new Map<string, { times: number[]; periods: LinkPeriod[] }>();

  /**
   * `plannedEnd`: when the run is to end (ns from its start), if known: the bins over time
   * start as wide as a run that long is drawn with, rather than at 1 ms, merging as time goes on.
   */
  constructor(plannedEnd?: number) {
    this.#binWidth = plannedEnd === undefined ? MIN_BIN_WIDTH : binWidth(plannedEnd / 1e9, MAX_BINS, []);
  }

  /** What a run's thread told of its report (LiveReport): folded in here, or on the report's thread. */
  receive({ notes, chunk }: ReportBatch): void {
    for (const note of notes) {
      switch (note.type) {
        case 'callback':
          this.describeCallback(note.id, note.kind, note.owner, note.channel);
          break;
        case 'output':
          this.describeOutput(note.id, note.kind, note.channel);
          break;
        case 'links':
          this.linkPeriod(note.time, note.links);
          break;
      }
    }
    if (chunk !== null) this.absorb(chunk);
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
    const topic = kind === 'subscription' ? this.#topic(channel) : null;
    const row = new Row(entity, kind, owner, channel, topic, this.#binWidth);
    this.#rows[entity] = row;
    this.#callbackGroups = holding(this.#callbackGroups, entity);
    if (topic !== null) this.#callbackGroups[entity] = topic.group;
    else {
      this.#callbackGroups[entity] = this.#groups.length;
      this.#groups.push(row);
    }
    // Twice a fair share of the bars drawn, so that a row cut off now is one that is binned in the end.
    this.#barsPerRow = Math.max(64, Math.floor((2 * BAR_BUDGET) / ++this.#rowCount));
  }

  /** `kind`: publish, response or drop (a source has one kind). */
  describeOutput(entity: number, kind: string, channel: string): void {
    while (this.#outputKinds.length <= entity) this.#outputKinds.push(undefined);
    this.#outputKinds[entity] = kind;
    this.#outputGroups = holding(this.#outputGroups, entity);
    this.#outputGroups[entity] = reportsOutput(kind) ? this.#topic(channel).group : -1;
  }

  #topic(name: string): Topic {
    let topic = this.#topics.get(name);
    if (topic === undefined) {
      topic = new Topic(name, this.#groups.length, this.#budget, this.#binWidth);
      this.#topics.set(name, topic);
      this.#groups.push(topic);
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

  /** Takes a chunk of events (callback()/output() fill them, or another thread's EventLog); folded in with the next ones. */
  absorb(chunk: EventChunk): void {
    this.#pending.push(chunk);
    this.#pendingEvents += chunk.length;
    if (this.#pendingEvents >= BATCH) this.#foldPending();
  }

  /**
   * Applies the pending chunks' events: fewer than SORTED_FROM as they happened; more, group by
   * group: each topic's publishes, drops and takes (in the order they happened, so that a take
   * finds its publish), each other entity's callbacks. Partitioned first (a counting sort into
   * one contiguous copy), so that each group's statistics stay in the cache while its events are
   * applied; in the order they happened, every event was a cache miss. The more events a batch
   * holds, the more of them share each group's misses.
   */
  #foldPending(): void {
    if (this.#pendingEvents < SORTED_FROM) {
      this.#applyInOrder();
      return;
    }
    if (this.#groupOf.length < this.#pendingEvents) {
      this.#sorted = newChunk(this.#pendingEvents);
      this.#groupOf = new Int32Array(this.#pendingEvents);
    }
    const callbackGroups = this.#callbackGroups;
    const outputGroups = this.#outputGroups;
    const groups = this.#groups;
    const sorted = this.#sorted;
    const groupOf = this.#groupOf;
    // ends[g + 1]: first the size of group g, then where it starts, then where it ends.
    const ends = new Int32Array(groups.length + 1);
    let k = 0;
    for (const { length, ids } of this.#pending) {
      for (let i = 0; i < length; i++, k++) {
        const id = ids[i]!;
        const g = id >= 0 ? callbackGroups[id]! : outputGroups[~id]!;
        groupOf[k] = g;
        if (g >= 0) ends[g + 1]!++;
      }
    }
    for (let g = 0; g < groups.length; g++) ends[g + 1]! += ends[g]!;
    k = 0;
    for (const { length, ids, times, durations, digestsLo, digestsHi } of this.#pending) {
      for (let i = 0; i < length; i++, k++) {
        const g = groupOf[k]!;
        if (g < 0) continue;
        const j = ends[g]!++;
        sorted.ids[j] = ids[i]!;
        sorted.times[j] = times[i]!;
        sorted.durations[j] = durations[i]!;
        sorted.digestsLo[j] = digestsLo[i]!;
        sorted.digestsHi[j] = digestsHi[i]!;
      }
    }
    this.#pending.length = 0;
    this.#pendingEvents = 0;
    let from = 0;
    for (let g = 0; g < groups.length; g++) {
      const to = ends[g]!;
      if (to === from) continue;
      this.#applyGroup(g, sorted, from, to);
      from = to;
    }
  }

  /** The pending chunks' events one by one, as they happened. */
  #applyInOrder(): void {
    const callbackGroups = this.#callbackGroups;
    const outputGroups = this.#outputGroups;
    for (const chunk of this.#pending) {
      const ids = chunk.ids;
      for (let i = 0; i < chunk.length; i++) {
        const id = ids[i]!;
        const g = id >= 0 ? callbackGroups[id]! : outputGroups[~id]!;
        if (g >= 0) this.#applyGroup(g, chunk, i, i + 1);
      }
    }
    this.#pending.length = 0;
    this.#pendingEvents = 0;
  }

  /** Events from..to of `events`, all of group `g`. */
  #applyGroup(g: number, events: EventChunk, from: number, to: number): void {
    const group = this.#groups[g]!;
    if (group instanceof Topic) this.#applyTopic(group, events, from, to);
    else this.#applyCallbacks(group, events, from, to);
  }

  /** Events from..to: callbacks of `row`. */
  #applyCallbacks(row: Row, events: EventChunk, from: number, to: number): void {
    const { times, durations } = events;
    for (let i = from; i < to; i++) this.#applyCallback(row, times[i]!, durations[i]!);
  }

  /** Events from..to: the publishes, drops and takes of `topic`. */
  #applyTopic(topic: Topic, events: EventChunk, from: number, to: number): void {
    const rows = this.#rows;
    const outputKinds = this.#outputKinds;
    const { ids, times, durations, digestsLo, digestsHi } = events;
    for (let i = from; i < to; i++) {
      const id = ids[i]!;
      if (id < 0) {
        this.#applyOutput(topic, outputKinds[~id]!, times[i]!, digestsLo[i]!, digestsHi[i]!);
        continue;
      }
      const row = rows[id]!;
      const time = times[i]!;
      this.#applyCallback(row, time, durations[i]!);
      topic.taken++;
      const published = topic.log.take(row.reader, digestsLo[i]!, digestsHi[i]!);
      if (published >= 0) topic.latency.add(time, time - published);
    }
  }

  #applyCallback(row: Row, time: number, duration: number): void {
    row.count++;
    row.busy += duration;
    row.bins.add(time, duration);
    const starts = row.starts;
    if (starts !== null) {
      if (starts.length < this.#barsPerRow) {
        starts.push(time);
        row.durations!.push(duration);
      } else row.starts = row.durations = null;
    }
    if (duration > 0) this.#durations = true;
    if (time + duration > this.#lastTime) this.#lastTime = time + duration;
  }

  #applyOutput(topic: Topic, kind: string, time: number, lo: number, hi: number): void {
    if (time > this.#lastTime) this.#lastTime = time;
    if (kind === 'drop') {
      topic.dropped++;
      return;
    }
    topic.published++;
    topic.publishes.add(time, 1);
    topic.log.published(time, lo, hi);
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
    this.#foldPending();
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
    const rows = this.#rows.filter((row): row is Row => row !== undefined && row.count > 0);
    rows.sort((a, b) => (a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : a.entity - b.entity));
    const share = fairShare(rows.map((row) => (row.starts === null ? Infinity : row.count)), BAR_BUDGET);
    const width = binWidth(span, MAX_BINS, rows.map((row) => row.bins.width));
    let limited = false;
    const out = rows.map((row): TimelineRow => {
      const base = { node: row.owner, kind: row.kind, channel: row.channel, entity: row.entity, callbacks: row.count, busy: row.busy / 1e9 };
      if (row.starts !== null && row.count <= share) return { ...base, starts: f64(row.starts), durations: f64(row.durations!) };
      limited = true;
      row.bins.widenTo(width);
      const levels = row.bins.shares(this.#durations);
      return { ...base, levels: Buffer.from(levels.buffer, levels.byteOffset, levels.length).toString('base64') };
    });
    return { durations: this.#durations, binWidth: width / 1e9, rows: out, limited };
  }

  #topicRows(span: number): TopicRow[] {
    return [...this.#topics.values()]
      .filter((topic) => topic.published + topic.taken + topic.dropped > 0)
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((topic) => ({
        topic: topic.name,
        published: topic.published,
        taken: topic.taken,
        dropped: topic.dropped,
        rate: span === 0 ? 0 : topic.published / span,
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
    const topics = [...this.#topics.values()].filter((topic) => topic.published > 0);
    if (topics.length === 0) return null;
    const width = binWidth(span, PLOT_BINS, topics.map((topic) => topic.publishes.width));
    const total = new Array<number>(MAX_BINS).fill(0);
    let bins = 0;
    for (const topic of topics) {
      topic.publishes.widenTo(width);
      topic.publishes.addSumsTo(total);
      bins = Math.max(bins, topic.publishes.length);
    }
    const perSecond = (counts: number[]): number[] => Array.from({ length: bins }, (_, i) => round((counts[i] ?? 0) / (width / 1e9)));
    return {
      binWidth: width / 1e9,
      series: [{ name: 'all topics', values: perSecond(total) }, ...this.#plotted((t) => t.published).map((topic) => ({ name: topic.name, values: perSecond(topic.publishes.sums) }))],
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

/** Base64 of times in ns as seconds, little-endian Float64. */
function f64(values: readonly number[]): string {
  const scaled = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) scaled[i] = values[i]! / 1e9;
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
