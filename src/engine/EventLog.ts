import { holding } from '../base/byId.js';
import type { Executable, OutputKind, OutputSource } from './Executable.js';

/** Entries a log holds before it is handed over (256 kB), and side values (128 kB). */
export const LOG_ENTRIES = 1 << 16;
export const SIDE_VALUES = 1 << 14;

/**
 * An entry is a callback (its entity id, 0 or more), or one of these, with a side value: the
 * sim time of the entries that follow, the modeled duration of the next callback.
 */
export const TIME = -1;
export const DURATION = -2;
/**
 * Or it is -(FIRST_TAGGED + 4 id + tag): an output of source `id` (tags 0–2, OUTPUT_TAGS order; a fault
 * is tagged as a loss: its source's kind tells them apart),
 * or (tag 3, CONSUMED) that the next callback of entity `id` consumes an item produced at the
 * side value's time (noted only when that is not the callback's own time; -1: not known).
 */
export const FIRST_TAGGED = 4;
export const OUTPUT_TAGS: readonly OutputKind[] = ['publish', 'response', 'drop'];
export const CONSUMED = 3;

/** Whether an entry is tagged (not a callback, TIME or DURATION). */
export function isTagged(entry: number): boolean {
  return entry <= -FIRST_TAGGED;
}

/** A tagged entry's id. */
export function taggedId(entry: number): number {
  return (-entry - FIRST_TAGGED) >> 2;
}

/** A tagged entry's tag. */
export function tagOf(entry: number): number {
  return (-entry - FIRST_TAGGED) & 3;
}

/** What a consumer learns of a callback's entity, and of an output source, when the log first sees it. */
export type LoggedEntity = Pick<Executable, 'entityId' | 'kind' | 'owner' | 'channel'>;
export type LoggedSource = Pick<OutputSource, 'entityId' | 'channel'>;

/** A full log as it is handed over: its entries and side values, and the entities and sources seen first in it. */
export interface LoggedEvents {
  entries: Int32Array<ArrayBuffer>;
  length: number;
  side: Float64Array<ArrayBuffer>;
  newEntities: LoggedEntity[];
  newSources: { source: LoggedSource; kind: OutputKind }[];
}

/** A tagged entry: of `id`, with `tag`. */
function taggedEntry(id: number, tag: number): number {
  return -(FIRST_TAGGED + 4 * id + tag);
}

/** An output's entry: of source `id`, of `kind` (its place in OUTPUT_TAGS). */
export function outputEntry(id: number, kind: OutputKind): number {
  return taggedEntry(id, kind === 'publish' ? 0 : kind === 'response' ? 1 : 2);
}

/**
 * What the engine runs, for a consumer that aggregates it (a run's report): per callback its
 * entity id, per output its source id and kind, and a side value where something changes (the
 * sim time, a callback's modeled duration, when the item a callback consumed was produced). Each
 * full log is handed to the consumer (`onFull`) with the entities and sources seen in it for the
 * first time, so that the consumer can describe them before it reads their entries; the
 * consumer owns the arrays from then on, and may give the entries back (recycle) once read.
 *
 * The engine appends the common entry itself (RunRecord#callback, RunRecord#output: an entity or
 * source seen before, nothing to note first, room left), a few loads and a store, through the
 * public fields below; everything else is a call (callback, output). Neither an observer told
 * of every event nor a call into the log per event will do: an observer cost a call per event,
 * and V8 inlined the log's call into the engine's hot code at the expense of the callbacks' own
 * code (a timer's run was no longer inlined there; see docs/architecture.md for the figures).
 */
export class EventLog {
  /** Where the engine appends (entries[length]), while length < limit. */
  entries = new Int32Array(LOG_ENTRIES);
  length = 0;
  /** LOG_ENTRIES, or 0 while the next entry must note the time first (see moveTo). */
  limit = LOG_ENTRIES;
  /** By entity id, 1 once seen as a callback's entity; as an output source. */
  seenEntities: Uint8Array<ArrayBuffer> = new Uint8Array(64);
  seenSources: Uint8Array<ArrayBuffer> = new Uint8Array(64);
  #side = new Float64Array(SIDE_VALUES);
  #sideLength = 0;
  #newEntities: LoggedEntity[] = [];
  #newSources: { source: LoggedSource; kind: OutputKind }[] = [];
  readonly #spares: Int32Array<ArrayBuffer>[] = [];
  /** The time of the entries noted last, and the engine's time (see moveTo). */
  #time = 0;
  #now = 0;
  readonly #onFull: (events: LoggedEvents) => void;

  constructor(onFull: (events: LoggedEvents) => void) {
    this.#onFull = onFull;
  }

  /**
   * The entries from now on happen at `time` (ns from the start). Told once per step rather than
   * passed with every entry: a time past 2^31 ns is a heap number when passed, one per output.
   */
  moveTo(time: number): void {
    this.#now = time;
    this.limit = time === this.#time ? LOG_ENTRIES : 0;
  }

  /** A callback of `entity` (`id`) ran now for `duration`. */
  callback(entity: LoggedEntity, id: number, duration: number): void {
    // Room for the most a callback takes: a time, a duration, the callback.
    if (this.length > LOG_ENTRIES - 3 || this.#sideLength > SIDE_VALUES - 2) this.handOver();
    if (!isSeen(this.seenEntities, id)) {
      this.seenEntities = markSeen(this.seenEntities, id);
      this.#newEntities.push(entity);
    }
    this.#noteTime();
    if (duration !== 0) this.#note(DURATION, duration);
    this.entries[this.length++] = id;
  }

  /** `source` (`id`) had an output of `kind` now. */
  output(source: LoggedSource, id: number, kind: OutputKind): void {
    if (this.length > LOG_ENTRIES - 2 || this.#sideLength > SIDE_VALUES - 1) this.handOver();
    if (!isSeen(this.seenSources, id)) {
      this.seenSources = markSeen(this.seenSources, id);
      this.#newSources.push({ source, kind });
    }
    this.#noteTime();
    this.entries[this.length++] = outputEntry(id, kind);
  }

  /** The next callback of entity `id` consumes an item produced at `at` (see Engine#consumed; -1: not known). */
  consumed(id: number, at: number): void {
    if (this.length > LOG_ENTRIES - 1 || this.#sideLength > SIDE_VALUES - 1) this.handOver();
    this.entries[this.length++] = taggedEntry(id, CONSUMED);
    this.#side[this.#sideLength++] = at;
  }

  #noteTime(): void {
    if (this.limit !== 0) return;
    this.limit = LOG_ENTRIES;
    this.#time = this.#now;
    this.#note(TIME, this.#now);
  }

  #note(what: number, value: number): void {
    this.entries[this.length++] = what;
    this.#side[this.#sideLength++] = value;
  }

  /**
   * Hands what the log holds to its consumer, and goes on in entries given back before, or new
   * ones. The side values leave as a copy of those noted (few, unless callbacks have modeled
   * durations or consume items of earlier times) and the log keeps its array: a report holding
   * its logs to the end of a run would otherwise hold, and have zeroed, 128 kB per log for a
   * handful of times.
   */
  handOver(): void {
    const full: LoggedEvents = {
      entries: this.entries,
      length: this.length,
      side: this.#side.slice(0, this.#sideLength),
      newEntities: this.#newEntities,
      newSources: this.#newSources,
    };
    this.entries = this.#spares.pop() ?? new Int32Array(LOG_ENTRIES);
    this.#newEntities = [];
    this.#newSources = [];
    this.length = 0;
    this.#sideLength = 0;
    this.#onFull(full);
  }

  /** Takes back the entries of events handed over, to fill them again. */
  recycle(events: LoggedEvents): void {
    this.#spares.push(events.entries);
  }
}

/** Whether `id` is marked in `flags`. */
export function isSeen(flags: Uint8Array, id: number): boolean {
  return id < flags.length && flags[id] !== 0;
}

function markSeen(flags: Uint8Array<ArrayBuffer>, id: number): Uint8Array<ArrayBuffer> {
  const marked = holding(flags, id);
  marked[id] = 1;
  return marked;
}
