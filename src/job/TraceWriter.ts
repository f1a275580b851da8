import { closeSync, openSync, writeSync } from 'node:fs';
import type { Engine } from '../engine/Engine.js';
import { formatSimTime } from '../engine/errors.js';
import type { EngineObserver, Executable } from '../engine/Executable.js';

export const TRACE_VERSION = 1;

/**
 * Writes every executed callback to a trace file, one tab-separated line each:
 *
 *   sim_time  kind  owner  entity  channel  digest
 *
 * `sim_time` in seconds with nine decimals; `kind` such as timer, subscription, service,
 * client, guard_condition, setTimeout; `owner` the node's fully qualified name (or the program
 * for JS timers); `entity` the entity's id in the run; `channel` the topic or service ('-' for
 * none); `digest` 16 hex digits of the message, request or response consumed ('-' for none).
 * Lines starting with '#' are the header and the closing line (end reason, time, callbacks and
 * fingerprint). Lines are buffered and written synchronously, so a failed run keeps its trace.
 */
export class TraceWriter implements EngineObserver {
  readonly #fd: number;
  readonly #engine: Engine;
  /** Lines not yet written: bytes are copied in, so a line costs no string building. */
  #buffer = Buffer.allocUnsafe(1 << 20);
  #used = 0;
  #timeOffset = NaN;
  /** `sim_time<TAB>` of the current step. */
  #time = Buffer.alloc(0);
  /**
   * Each entity's `kind owner entity channel` columns between tabs, built on its first callback,
   * by entity id (ids are unique in a run; the entity is kept to check): arrays, because a
   * WeakMap lookup per callback cost more than the rest of the line.
   */
  readonly #columnEntities: (Executable | undefined)[] = [];
  readonly #columns: (Uint8Array | undefined)[] = [];

  constructor(path: string, engine: Engine, header: { job: string; seed: number }) {
    this.#fd = openSync(path, 'w');
    this.#engine = engine;
    this.#line(`# rclsim trace ${TRACE_VERSION}`);
    this.#line(`# job ${header.job} seed ${header.seed} start ${engine.base}`);
    this.#line('# sim_time\tkind\towner\tentity\tchannel\tdigest');
  }

  onCallback(entity: Executable): void {
    const engine = this.#engine;
    if (engine.now !== this.#timeOffset) {
      this.#timeOffset = engine.now;
      this.#time = Buffer.from(`${formatSimTime(engine.nowAbs).slice(0, -1)}\t`);
    }
    const id = entity.entityId;
    let columns = this.#columns[id];
    if (columns === undefined || this.#columnEntities[id] !== entity) {
      // Filled up to the id one by one: an array written far past its end turns into a slow dictionary.
      while (this.#columns.length <= id) {
        this.#columns.push(undefined);
        this.#columnEntities.push(undefined);
      }
      columns = Buffer.from(`${entity.kind}\t${entity.owner}\t${id}\t${entity.channel || '-'}\t`);
      this.#columns[id] = columns;
      this.#columnEntities[id] = entity;
      // Every line fits the buffer, however long the names in it.
      if (columns.length + LINE_EXTRA > this.#buffer.length) {
        this.#flush();
        this.#buffer = Buffer.allocUnsafe(2 * (columns.length + LINE_EXTRA));
      }
    }
    const time = this.#time;
    const buffer = this.#buffer;
    if (this.#used + time.length + columns.length + 18 > buffer.length) this.#flush();
    let used = this.#used;
    buffer.set(time, used);
    used += time.length;
    buffer.set(columns, used);
    used += columns.length;
    if (entity.digestLo === 0 && entity.digestHi === 0) {
      buffer[used++] = DASH;
    } else {
      used = writeHex32(buffer, used, entity.digestHi);
      used = writeHex32(buffer, used, entity.digestLo);
    }
    buffer[used++] = NEWLINE;
    this.#used = used;
  }

  /** Writes the closing line and closes the file. */
  close(end: { reason: string; callbacks: number; fingerprint: string }): void {
    this.#line(`# end ${end.reason} at ${this.#engine.nowAbs} callbacks ${end.callbacks} fingerprint ${end.fingerprint || '-'}`);
    this.#flush();
    closeSync(this.#fd);
  }

  #line(text: string): void {
    this.#flush();
    writeSync(this.#fd, `${text}\n`);
  }

  #flush(): void {
    if (this.#used === 0) return;
    writeSync(this.#fd, this.#buffer, 0, this.#used);
    this.#used = 0;
  }
}

const DASH = 0x2d;
/** Room for a line's time (at most 21 bytes with its tab), digest and newline besides its columns. */
const LINE_EXTRA = 64;
const NEWLINE = 0x0a;
const HEX_DIGITS = Buffer.from('0123456789abcdef');

/** Writes `n` as 8 lowercase hex digits at `at`; returns the offset after them. */
function writeHex32(buffer: Buffer, at: number, n: number): number {
  for (let shift = 28; shift >= 0; shift -= 4) buffer[at++] = HEX_DIGITS[(n >>> shift) & 0xf]!;
  return at;
}
