import { BinColumns, binsFor } from './BinColumns.js';
import { holding } from './byId.js';
import type { Executable, OutputKind, OutputSource } from './Executable.js';

/** Entries a log holds before it is handed over (256 kB), and side values (128 kB). */
export const LOG_ENTRIES = 1 << 16;
export const SIDE_VALUES = 1 << 14;

/**
 * An entry is a callback kept one by one (its entity's slot, 0 or more), or one of these, with a
 * side value: the sim time of the entries that follow, the modeled duration of the next callback.
 */
export const TIME = -1;
export const DURATION = -2;
/**
 * Or it is -(FIRST_CONSUMED + slot): the callback of entity `slot` about to run, at the time of
 * the entries, consumes an item produced at the side value's time (noted only when that is not
 * now; -1: not known).
 */
export const FIRST_CONSUMED = 3;

/** Planes of the callbacks' bins, by entity slot: callbacks, and time spent in them (ns). */
export const CALLS = 0;
export const BUSY = 1;

/** Callbacks of each entity kept one by one at least; more while there are few entities (see EventLog). */
const KEPT_AT_LEAST = 64;

/** What a consumer learns of a callback's entity, and of an output source, when the log first sees it. */
export type LoggedEntity = Pick<Executable, 'entityId' | 'kind' | 'owner' | 'channel'>;
export type LoggedSource = Pick<OutputSource, 'entityId' | 'channel'>;

/**
 * A full log as it is handed over: its entries and side values, and the entities and sources
 * given slots in it (in slot order).
 */
export interface LoggedEvents {
  entries: Int32Array<ArrayBuffer>;
  length: number;
  side: Float64Array<ArrayBuffer>;
  newEntities: LoggedEntity[];
  newSources: { source: LoggedSource; kind: OutputKind }[];
}

/**
 * What the engine runs, for a consumer that aggregates it (a run's report). Every callback and
 * output is counted where it happened, in bins over sim time (BinColumns: time-major columns,
 * the current one a few kilobytes): callbacks by entity, outputs by source and kind. An entity
 * or source gets a slot, numbered in the order first seen, so that columns are dense. Beside the
 * counts, the log keeps entries for what the bins cannot hold: each entity's first callbacks one
 * by one (at least KEPT_AT_LEAST, and up to twice its even share of `barBudget`, a share that
 * only shrinks as entities appear), with their modeled durations, and when the item a callback
 * consumed was produced, if that was not now. The engine calls in as it goes: the common case (an
 * entity past its kept callbacks, or a publish, at the time of the current column) is a few
 * comparisons and an increment, inlined into the engine's hot code; the rest is a method of its
 * own. An observer told of every event cost the run a call per event and slowed the code around
 * the call; a log of every event cost its consumer a loop over millions of entries at the end.
 *
 * Each full log is handed to the consumer (`onFull`) with the entities and sources that got slots
 * in it, so that the consumer can describe them before it reads the entries; the consumer owns
 * the arrays from then on, and may give them back (recycle) once read. The bins stay here.
 */
export class EventLog {
  /** Callbacks by entity slot (planes CALLS, BUSY), outputs by source slot (one plane: a source's outputs are of one kind). */
  readonly callbacks: BinColumns;
  readonly outputs: BinColumns;
  /** The latest time of anything counted, a callback's modeled end included (ns from the start). */
  lastTime = 0;
  /** Whether a callback had a modeled duration. */
  durations = false;

  #entries = new Int32Array(LOG_ENTRIES);
  #side = new Float64Array(SIDE_VALUES);
  #length = 0;
  #sideLength = 0;
  #newEntities: LoggedEntity[] = [];
  #newSources: { source: LoggedSource; kind: OutputKind }[] = [];
  readonly #spares: LoggedEvents[] = [];
  /** The time the entries noted last (the consumer reads it from the entries). */
  #notedTime = 0;

  /** The time of the bins' current columns (-1: none yet), where they begin, and the planes counted in most. */
  #time = -1;
  #callColumn = 0;
  #outputColumn = 0;
  #calls: Int32Array = new Int32Array(0);
  #outputCounts: Int32Array = new Int32Array(0);

  /**
   * By entity id, its slot + 1 (0: none yet), and the same once its callbacks are only counted
   * (0 while they are kept one by one: the common case tests one value); by entity slot, its
   * callbacks kept so far.
   */
  #entitySlots: Int32Array<ArrayBuffer> = new Int32Array(64);
  #countedSlots: Int32Array<ArrayBuffer> = new Int32Array(64);
  #sourceSlots: Int32Array<ArrayBuffer> = new Int32Array(64);
  #kept: Int32Array<ArrayBuffer> = new Int32Array(64);
  #entities = 0;
  #sources = 0;
  #keptPerEntity = KEPT_AT_LEAST;
  readonly #barBudget: number;
  readonly #onFull: (events: LoggedEvents) => void;

  /** `plannedEnd`: when the run is to end (ns from its start), if known: bins start as wide as a run that long is drawn with. */
  constructor(onFull: (events: LoggedEvents) => void, options: { plannedEnd?: number | undefined; barBudget: number }) {
    this.#onFull = onFull;
    this.#barBudget = options.barBudget;
    this.callbacks = binsFor(options.plannedEnd, ['count', 'sum']);
    this.outputs = binsFor(options.plannedEnd, ['count']);
  }

  /** A callback of `entity` (`id`) ran at `time` (ns from the start) for `duration`. */
  callback(entity: LoggedEntity, id: number, time: number, duration: number): void {
    const counted = this.#countedSlots;
    const slot = id < counted.length ? counted[id]! - 1 : -1;
    // The common case in a few comparisons and an increment (the engine's hot code inlines this);
    // the rest, rare, is a call of its own.
    if (slot >= 0 && time === this.#time && duration === 0) this.#calls[this.#callColumn + slot]!++;
    else this.#callbackWithNotes(entity, id, time, duration);
  }

  #callbackWithNotes(entity: LoggedEntity, id: number, time: number, duration: number): void {
    const slot = this.#entitySlot(entity, id);
    if (time !== this.#time) this.#moveTo(time);
    this.#calls[this.#callColumn + slot]!++;
    if (duration !== 0) {
      this.callbacks.plane(BUSY)[this.#callColumn + slot]! += duration;
      if (duration > 0) this.durations = true;
      if (time + duration > this.lastTime) this.lastTime = time + duration;
    }
    if (this.#kept[slot]! < this.#keptPerEntity) {
      this.#kept[slot]!++;
      // Room for the most a callback takes: a time, a duration, the callback.
      this.#makeRoom(3, 2);
      this.#noteTime(time);
      if (duration !== 0) this.#note(DURATION, duration);
      this.#entries[this.#length++] = slot;
    }
    // Kept as many as it may (the share only shrinks): from now on only counted.
    if (this.#kept[slot]! >= this.#keptPerEntity) {
      this.#countedSlots = holding(this.#countedSlots, id);
      this.#countedSlots[id] = slot + 1;
    }
  }

  /** `source` (`id`) had an output of `kind` at `time`. */
  output(source: LoggedSource, id: number, kind: OutputKind, time: number): void {
    const slots = this.#sourceSlots;
    const slot = id < slots.length ? slots[id]! - 1 : -1;
    if (slot >= 0 && time === this.#time) this.#outputCounts[this.#outputColumn + slot]!++;
    else this.#outputWithNotes(source, id, kind, time);
  }

  #outputWithNotes(source: LoggedSource, id: number, kind: OutputKind, time: number): void {
    const slot = this.#sourceSlot(source, id, kind);
    if (time !== this.#time) this.#moveTo(time);
    this.#outputCounts[this.#outputColumn + slot]!++;
  }

  /** The callback of `entity` (`id`) about to run at `time` consumes an item produced at `at` (see Engine#consumed; -1: not known). */
  consumed(entity: LoggedEntity, id: number, time: number, at: number): void {
    const slot = this.#entitySlot(entity, id);
    if (time !== this.#time) this.#moveTo(time);
    this.#makeRoom(2, 2);
    this.#noteTime(time);
    this.#entries[this.#length++] = -(FIRST_CONSUMED + slot);
    this.#side[this.#sideLength++] = at;
  }

  /** The slot of a callback's entity, given when first seen. */
  #entitySlot(entity: LoggedEntity, id: number): number {
    if (id < this.#entitySlots.length && this.#entitySlots[id] !== 0) return this.#entitySlots[id]! - 1;
    const slot = this.#entities++;
    this.#entitySlots = holding(this.#entitySlots, id);
    this.#entitySlots[id] = slot + 1;
    this.#kept = holding(this.#kept, slot);
    this.#keptPerEntity = Math.max(KEPT_AT_LEAST, Math.floor((2 * this.#barBudget) / this.#entities));
    this.#newEntities.push(entity);
    this.callbacks.hold(slot);
    this.#moveTo(this.#time);
    return slot;
  }

  #sourceSlot(source: LoggedSource, id: number, kind: OutputKind): number {
    if (id < this.#sourceSlots.length && this.#sourceSlots[id] !== 0) return this.#sourceSlots[id]! - 1;
    const slot = this.#sources++;
    this.#sourceSlots = holding(this.#sourceSlots, id);
    this.#sourceSlots[id] = slot + 1;
    this.#newSources.push({ source, kind });
    this.outputs.hold(slot);
    this.#moveTo(this.#time);
    return slot;
  }

  /** Makes the columns of `time` current (also after the bins were laid out anew: more slots, wider bins). */
  #moveTo(time: number): void {
    this.#time = time;
    if (time < 0) return;
    if (time > this.lastTime) this.lastTime = time;
    this.#callColumn = this.callbacks.at(time);
    this.#outputColumn = this.outputs.at(time);
    this.#calls = this.callbacks.plane(CALLS) as Int32Array;
    this.#outputCounts = this.outputs.plane(0) as Int32Array;
  }

  #makeRoom(entries: number, sideValues: number): void {
    if (this.#length > LOG_ENTRIES - entries || this.#sideLength > SIDE_VALUES - sideValues) this.handOver();
  }

  #noteTime(time: number): void {
    if (time !== this.#notedTime) {
      this.#notedTime = time;
      this.#note(TIME, time);
    }
  }

  #note(what: number, value: number): void {
    this.#entries[this.#length++] = what;
    this.#side[this.#sideLength++] = value;
  }

  /** Hands what the log holds to its consumer, and goes on in arrays given back before, or new ones. */
  handOver(): void {
    const full: LoggedEvents = { entries: this.#entries, length: this.#length, side: this.#side, newEntities: this.#newEntities, newSources: this.#newSources };
    const spare = this.#spares.pop();
    this.#entries = spare?.entries ?? new Int32Array(LOG_ENTRIES);
    this.#side = spare?.side ?? new Float64Array(SIDE_VALUES);
    this.#newEntities = [];
    this.#newSources = [];
    this.#length = 0;
    this.#sideLength = 0;
    this.#onFull(full);
  }

  /** Takes back the arrays of events handed over, to fill them again. */
  recycle(events: LoggedEvents): void {
    this.#spares.push(events);
  }
}
