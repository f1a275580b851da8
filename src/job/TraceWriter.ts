import { closeSync, openSync, writeSync } from 'node:fs';
import { formatSimTime, OutputError } from '../base/runErrors.js';
import type { Engine } from '../engine/Engine.js';
import type { EngineObserver, Executable, OutputKind, OutputSource } from '../engine/Executable.js';
import type { CheckOutcome } from '../sim/checks/CheckConfig.js';

export const TRACE_VERSION = 2;

/**
 * A trace's lines not yet written, in memory another thread can read: the supervisor finishes
 * the trace of a run whose thread died (out of memory) with them (finishSharedTrace).
 */
export interface SharedTrace {
  path: string;
  /** Lines from byte 0 up to the state's USED. */
  buffer: SharedArrayBuffer;
  /** Int32 USED and PHASE, and the start time (BigInt64 at byte START_AT) once the header is written. */
  state: SharedArrayBuffer;
}

const USED = 0;
const PHASE = 1;
const START_AT = 8;
/** PHASE: the header is not written yet; the file has its header; the file is closed (or cannot be written). */
const HEADER_PENDING = 0;
const WRITING = 1;
const DONE = 2;

/**
 * Writes every executed callback and every output to a trace file, one tab-separated line each:
 *
 *   sim_time  kind  owner  entity  channel  digest
 *
 * `sim_time` in seconds with nine decimals; `kind` such as timer, subscription, service,
 * client, guard_condition, setTimeout for callbacks, `publish` and `response` for outputs;
 * `owner` the node's fully qualified name (or the program for JS timers); `entity` the entity's
 * id in the run; `channel` the topic or service ('-' for none); `digest` 16 hex digits of the
 * message, request or response consumed or sent ('-' for none). Lines starting with '#' are the
 * header, the checks' outcomes and the closing line (end reason, time, callbacks and fingerprint). Lines are written
 * in blocks of 1 MiB with synchronous writes; a run that ends, fails or is interrupted writes
 * the rest (only a killed process can lose the last block; a thread that dies leaves it to the
 * supervisor, in shared memory).
 */
export class TraceWriter implements EngineObserver {
  readonly #path: string;
  readonly #fd: number;
  readonly #engine: Engine;
  /** Set when a write failed: the run fails at its next step, and nothing more is written. */
  #failure: OutputError | undefined;
  #closed = false;
  /** Writes under way (see RunControl.finishOutputs, which must not interrupt one). */
  #writing = 0;
  /** Lines not yet written: bytes are copied in, so a line costs no string building. */
  #buffer: Buffer;
  #used = 0;
  /** #used and the phase, shared (see SharedTrace). */
  // byte order: shared with the main thread of this process, never bytes that leave it.
  readonly #state = new Int32Array(new SharedArrayBuffer(16), 0, 2);
  readonly #share: ((shared: SharedTrace) => void) | undefined;
  /** Columns of the longest line so far, and where the buffer must be flushed before a line. */
  #longestColumns = 0;
  #flushAt = 0;
  #timeOffset = NaN;
  /** `sim_time<TAB>` of the current step. */
  #time = Buffer.alloc(0);
  /**
   * Each entity's `kind owner entity channel` columns between tabs, built on its first line, by
   * entity id (unique in the run this trace is of): arrays, because a Map lookup per line cost
   * more than the rest of the line. Outputs have their own (a service's callback and its
   * responses are one entity).
   */
  readonly #columns: (Uint8Array | undefined)[] = [];
  readonly #outputColumns: (Uint8Array | undefined)[] = [];
  /** The header, written with the first lines, once the start time is known (a bag may set it). */
  #header: { job: string; seed: number } | null;

  /**
   * Opens the file before nodes are built, so that what they publish while built is traced too.
   * `share` is given the unwritten lines' memory, and again whenever it is replaced.
   */
  constructor(path: string, engine: Engine, header: { job: string; seed: number }, share?: (shared: SharedTrace) => void) {
    this.#path = path;
    this.#share = share;
    this.#buffer = this.#sharedBuffer(1 << 20);
    try {
      this.#fd = openSync(path, 'w');
    } catch (error) {
      throw new OutputError(path, OutputError.describe(error), { cause: error });
    }
    this.#engine = engine;
    this.#header = header;
  }

  #sharedBuffer(size: number): Buffer {
    const memory = new SharedArrayBuffer(size);
    // byte order: the state goes to the main thread of this process only.
    this.#share?.({ path: this.#path, buffer: memory, state: this.#state.buffer as SharedArrayBuffer });
    return Buffer.from(memory);
  }

  onCallback(entity: Executable, entityId: number, digestLo: number, digestHi: number): void {
    this.#write(this.#columns[entityId] ?? this.#columnsOf(entity, entity.kind, this.#columns), digestLo, digestHi);
  }

  onOutput(kind: OutputKind, source: OutputSource, entityId: number, digestLo: number, digestHi: number): void {
    this.#write(this.#outputColumns[entityId] ?? this.#columnsOf(source, kind, this.#outputColumns), digestLo, digestHi);
  }

  /** An entity's columns, built on its first line (its kind, owner and channel are read only then). */
  #columnsOf(entity: OutputSource, kind: string, cache: (Uint8Array | undefined)[]): Uint8Array {
    const id = entity.entityId;
    // Filled up to the id one by one: an array written far past its end turns into a slow dictionary.
    while (cache.length <= id) cache.push(undefined);
    const columns = Buffer.from(`${kind}\t${entity.owner}\t${id}\t${entity.channel || '-'}\t`);
    cache[id] = columns;
    if (columns.length > this.#longestColumns) {
      // Every line fits the buffer, however long the names in it.
      this.#longestColumns = columns.length;
      if (columns.length + LINE_EXTRA > this.#buffer.length) {
        this.#flush();
        this.#buffer = this.#sharedBuffer(2 * (columns.length + LINE_EXTRA));
      }
      this.#flushAt = this.#buffer.length - LINE_EXTRA - this.#longestColumns;
    }
    return columns;
  }

  #write(columns: Uint8Array, digestLo: number, digestHi: number): void {
    const engine = this.#engine;
    if (engine.now !== this.#timeOffset) {
      this.#timeOffset = engine.now;
      this.#time = Buffer.from(`${formatSimTime(engine.nowAbs).slice(0, -1)}\t`);
      // Once the run started the header is on file (the start is known): what a supervisor
      // adds of a thread that died follows it.
      if (this.#header !== null && engine.started) this.#flush();
    }
    // While nodes are built the clock reads 0 but `now` is not yet an offset from the start.
    if (!engine.started) this.#timeOffset = Number.NaN;
    // One comparison per line: past #flushAt, the longest line might not fit any more.
    if (this.#used > this.#flushAt) this.#flush();
    const time = this.#time;
    const buffer = this.#buffer;
    let used = this.#used;
    buffer.set(time, used);
    used += time.length;
    buffer.set(columns, used);
    used += columns.length;
    if (digestLo === 0 && digestHi === 0) {
      buffer[used++] = DASH;
    } else {
      used = writeHex32(buffer, used, digestHi);
      used = writeHex32(buffer, used, digestLo);
    }
    buffer[used++] = NEWLINE;
    this.#used = used;
    this.#state[USED] = used;
  }

  /**
   * Writes the closing line and closes the file. Throws the OutputError of a write that failed,
   * now or before (the same error the run was failed with).
   */
  close(end: { reason: string; callbacks: number; fingerprint: string }, checks: readonly CheckOutcome[] = []): void {
    if (this.#closed) return;
    this.#closed = true;
    try {
      this.#closing(end, checks);
    } finally {
      this.#state[PHASE] = DONE;
      try {
        closeSync(this.#fd);
      } catch (error) {
        this.#fail(error);
      }
    }
    if (this.#failure !== undefined) throw this.#failure;
  }

  #closing(end: { reason: string; callbacks: number; fingerprint: string }, checks: readonly CheckOutcome[]): void {
    // Before the end line, which stays the last: each check, held or its first failure.
    for (const check of checks) {
      const { failure } = check;
      this.#line(
        `# check ${check.name} ${failure === undefined ? (check.held ? 'held' : 'never held') : `failed at ${failure.time}: ${failure.what.replaceAll('\n', ' ')}`}`,
      );
    }
    this.#line(`# end ${end.reason} at ${this.#engine.nowAbs} callbacks ${end.callbacks} fingerprint ${end.fingerprint || '-'}`);
  }

  get busy(): boolean {
    return this.#writing > 0;
  }

  #line(text: string): void {
    this.#writing++;
    try {
      this.#flush();
      this.#writeOut(Buffer.from(`${text}\n`));
    } finally {
      this.#writing--;
    }
  }

  #flush(): void {
    this.#writing++;
    try {
      this.#flushNow();
    } finally {
      this.#writing--;
    }
  }

  #flushNow(): void {
    if (this.#header !== null) {
      const { job, seed } = this.#header;
      this.#header = null;
      this.#writeOut(
        Buffer.from(
          `# rclsim trace ${TRACE_VERSION}\n# job ${job} seed ${seed} start ${this.#engine.base}\n# sim_time\tkind\towner\tentity\tchannel\tdigest\n`,
        ),
      );
      // byte order: read back by finishSharedTrace in this process.
      new BigInt64Array(this.#state.buffer, START_AT, 1)[0] = this.#engine.base;
      if (this.#state[PHASE] === HEADER_PENDING) this.#state[PHASE] = WRITING;
    }
    if (this.#used === 0) return;
    // Marked unused once written: a thread that dies meanwhile leaves them to the supervisor.
    this.#writeOut(this.#buffer.subarray(0, this.#used));
    this.#used = 0;
    this.#state[USED] = 0;
  }

  /** A failed write (a full disk) never throws into the callback being traced: it fails the run. */
  #writeOut(bytes: Uint8Array): void {
    if (this.#failure !== undefined) return;
    try {
      for (let done = 0; done < bytes.length; ) done += writeSync(this.#fd, bytes, done, bytes.length - done);
    } catch (error) {
      this.#fail(error);
    }
  }

  #fail(error: unknown): void {
    this.#state[PHASE] = DONE;
    this.#failure ??= new OutputError(this.#path, OutputError.describe(error), { cause: error });
    this.#engine.fail(this.#failure);
  }
}

/**
 * Finishes, on another thread, the trace of a run whose thread died: its unwritten lines and a
 * closing line (`# end REASON at TIME callbacks N fingerprint -`: the fingerprint died with the
 * thread). Returns false, doing nothing, when the run had not started (no header yet) or the
 * trace is already closed.
 */
export function finishSharedTrace(shared: SharedTrace, reason: string, offset: number, callbacks: number): boolean {
  // byte order: written by the run's thread of this process (TraceWriter), never bytes that leave it.
  const state = new Int32Array(shared.state, 0, 2);
  if (state[PHASE] !== WRITING) return false;
  // byte order: as above.
  const start = new BigInt64Array(shared.state, START_AT, 1)[0]!;
  const rest = Buffer.concat([
    Buffer.from(shared.buffer, 0, state[USED]),
    Buffer.from(`# end ${reason} at ${start + BigInt(Math.round(offset))} callbacks ${callbacks} fingerprint -\n`),
  ]);
  try {
    const fd = openSync(shared.path, 'a');
    try {
      for (let done = 0; done < rest.length; ) done += writeSync(fd, rest, done, rest.length - done);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new OutputError(shared.path, OutputError.describe(error), { cause: error });
  }
  return true;
}

const DASH = 0x2d;
/** Room for a line's time (at most 21 bytes with its tab), digest and newline besides its columns. */
const LINE_EXTRA = 64;
const NEWLINE = 0x0a;
/** Two lowercase hex digits per byte value: a 32-bit word is written in four steps. */
const HEX_PAIRS = Buffer.from(Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0')).join(''));

/** Writes `n` as 8 lowercase hex digits at `at`; returns the offset after them. */
function writeHex32(buffer: Buffer, at: number, n: number): number {
  for (let shift = 24; shift >= 0; shift -= 8) {
    const pair = ((n >>> shift) & 0xff) << 1;
    buffer[at++] = HEX_PAIRS[pair]!;
    buffer[at++] = HEX_PAIRS[pair + 1]!;
  }
  return at;
}
