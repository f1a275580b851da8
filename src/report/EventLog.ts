/** Events per chunk (28 bytes each). */
export const CHUNK = 1 << 16;

/** A run of events in typed arrays: what the log hands on (also to another thread, the arrays transferred). */
export interface EventChunk {
  length: number;
  ids: Int32Array;
  times: Float64Array;
  durations: Float64Array;
  digestsLo: Int32Array;
  digestsHi: Int32Array;
}

export function newChunk(capacity = CHUNK): EventChunk {
  return {
    length: 0,
    ids: new Int32Array(capacity),
    times: new Float64Array(capacity),
    durations: new Float64Array(capacity),
    digestsLo: new Int32Array(capacity),
    digestsHi: new Int32Array(capacity),
  };
}

/** The buffers of a chunk, to transfer it to another thread. */
export function chunkBuffers(chunk: EventChunk): ArrayBuffer[] {
  return [chunk.ids.buffer, chunk.times.buffer, chunk.durations.buffer, chunk.digestsLo.buffer, chunk.digestsHi.buffer] as ArrayBuffer[];
}

/**
 * Callbacks and outputs of a run as they happen, appended to typed arrays and nothing else: a
 * run's callbacks touch memory all over, and a report that updated its per-entity statistics
 * on every event paid a cache miss for each; appending stays in a few cache lines. Each full
 * chunk goes to `onFull` (which folds it in, here or on another thread). An output's id is
 * stored as ~id (negative).
 */
export class EventLog {
  readonly #onFull: (chunk: EventChunk) => void;
  #chunk = newChunk();

  constructor(onFull: (chunk: EventChunk) => void) {
    this.#onFull = onFull;
  }

  push(id: number, time: number, duration: number, lo: number, hi: number): void {
    let chunk = this.#chunk;
    if (chunk.length === CHUNK) {
      this.#onFull(chunk);
      chunk = this.#chunk = newChunk();
    }
    const i = chunk.length++;
    chunk.ids[i] = id;
    chunk.times[i] = time;
    chunk.durations[i] = duration;
    chunk.digestsLo[i] = lo;
    chunk.digestsHi[i] = hi;
  }

  /** Hands on what the current chunk holds. */
  flush(): void {
    if (this.#chunk.length === 0) return;
    this.#onFull(this.#chunk);
    this.#chunk = newChunk();
  }
}
