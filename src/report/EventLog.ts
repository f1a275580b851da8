import type { ReportCollector } from './ReportCollector.js';

/** Entries a log holds before they are applied (256 kB, and as many side values: both stay in the cache). */
export const LOG_ENTRIES = 1 << 16;

/** Entries that are no callback (a callback is its entity id, 0 or more); the side value says what. */
const TIME = -1;
const DURATION = -2;
const PUBLISHED = -3;
/** An output of source `id` is -(FIRST_OUTPUT + 2 id) for a publish, one less for a loss. */
const FIRST_OUTPUT = 4;

/**
 * A run's callbacks and outputs for its report, as the run makes them: one integer each, and a
 * side value where something changed (the sim time, a callback's modeled duration, the publish
 * time of what a subscription took when it is not the take's own time). Appending is all the
 * run pays per event; the entries are applied to the report's collector a log at a time, in a
 * loop of its own, where the collector's state stays in the cache (applied as the run went,
 * each event cost a few cache misses of the collector's and evicted the run's own data).
 */
export class EventLog {
  readonly #entries = new Int32Array(LOG_ENTRIES);
  readonly #side = new Float64Array(LOG_ENTRIES);
  #length = 0;
  #sideLength = 0;
  /** The time of the latest entry, and the time the next application starts from. */
  #time = 0;
  #appliedTime = 0;
  readonly #collector: ReportCollector;

  constructor(collector: ReportCollector) {
    this.#collector = collector;
  }

  /** A callback of `entity` at `time` that took `duration` and, for a subscription, a message published at `publishedAt` (else `time`). */
  callback(entity: number, time: number, duration: number, publishedAt: number): void {
    // Room for the most one callback takes: a time, a duration, the callback, a publish time.
    if (this.#length > LOG_ENTRIES - 4) this.apply();
    if (time !== this.#time) this.#note(TIME, time);
    if (duration !== 0) this.#note(DURATION, duration);
    this.#entries[this.#length++] = entity;
    if (publishedAt !== time) this.#note(PUBLISHED, publishedAt);
  }

  /** A publish (or, `lost`, a loss) of the source `source` at `time`. */
  output(source: number, time: number, lost: boolean): void {
    if (this.#length > LOG_ENTRIES - 2) this.apply();
    if (time !== this.#time) this.#note(TIME, time);
    this.#entries[this.#length++] = -(FIRST_OUTPUT + 2 * source) + (lost ? -1 : 0);
  }

  #note(what: number, value: number): void {
    if (what === TIME) this.#time = value;
    this.#entries[this.#length++] = what;
    this.#side[this.#sideLength++] = value;
  }

  /** Applies every entry to the collector, and empties the log. */
  apply(): void {
    const collector = this.#collector;
    const entries = this.#entries;
    const side = this.#side;
    const length = this.#length;
    let next = 0;
    let time = this.#appliedTime;
    let duration = 0;
    for (let i = 0; i < length; i++) {
      const entry = entries[i]!;
      if (entry >= 0) {
        const topic = collector.callback(entry, time, duration);
        duration = 0;
        if (topic >= 0) collector.take(topic, time, i + 1 < length && entries[i + 1] === PUBLISHED ? side[next]! : time);
      } else if (entry === TIME) time = side[next++]!;
      else if (entry === DURATION) duration = side[next++]!;
      else if (entry === PUBLISHED) next++;
      else {
        const code = -entry - FIRST_OUTPUT;
        collector.output(code >> 1, time, (code & 1) === 1);
      }
    }
    this.#appliedTime = time;
    this.#length = 0;
    this.#sideLength = 0;
  }
}
