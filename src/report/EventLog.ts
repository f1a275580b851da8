/** Events per chunk of a log (28 bytes each), and chunks a log holds before its owner folds them. */
const CHUNK = 1 << 16;
const MAX_CHUNKS = 32;

/** A run of events of the log in typed arrays. */
export class EventChunk {
  length = 0;
  readonly ids: Int32Array;
  readonly times: Float64Array;
  readonly durations: Float64Array;
  readonly digestsLo: Int32Array;
  readonly digestsHi: Int32Array;

  constructor(capacity = CHUNK) {
    this.ids = new Int32Array(capacity);
    this.times = new Float64Array(capacity);
    this.durations = new Float64Array(capacity);
    this.digestsLo = new Int32Array(capacity);
    this.digestsHi = new Int32Array(capacity);
  }
}

/**
 * Callbacks and outputs of a run as they happen, appended to typed arrays and nothing else: a
 * run's callbacks touch memory all over, and a report that updated its per-entity statistics
 * on every event paid a cache miss for each; appending stays in a few cache lines. Its owner
 * folds the events in when the log is full and at the end. An output's id is stored as ~id
 * (negative).
 */
export class EventLog {
  readonly chunks: EventChunk[] = [new EventChunk()];
  #current = this.chunks[0]!;

  /** Appends an event; true when the log is full (fold it, then clear()). */
  push(id: number, time: number, duration: number, lo: number, hi: number): boolean {
    let chunk = this.#current;
    if (chunk.length === CHUNK) {
      if (this.chunks.length === MAX_CHUNKS) return true;
      chunk = this.#current = new EventChunk();
      this.chunks.push(chunk);
    }
    const i = chunk.length++;
    chunk.ids[i] = id;
    chunk.times[i] = time;
    chunk.durations[i] = duration;
    chunk.digestsLo[i] = lo;
    chunk.digestsHi[i] = hi;
    return false;
  }

  /** Keeps one empty chunk. */
  clear(): void {
    this.chunks.length = 1;
    this.#current = this.chunks[0]!;
    this.#current.length = 0;
  }
}
