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
  readonly #buffer = Buffer.allocUnsafe(1 << 16);
  #used = 0;
  #timeOffset = NaN;
  /** `sim_time<TAB>` of the current step. */
  #time = Buffer.alloc(0);
  /** Each entity's `kind owner entity channel` columns between tabs, built on its first callback. */
  readonly #columns = new WeakMap<Executable, Uint8Array>();

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
    let columns = this.#columns.get(entity);
    if (columns === undefined) {
      columns = Buffer.from(`${entity.kind}\t${entity.owner}\t${entity.entityId}\t${entity.channel || '-'}\t`);
      this.#columns.set(entity, columns);
    }
    if (this.#used + this.#time.length + columns.length + 17 > this.#buffer.length) this.#flush();
    this.#append(this.#time);
    this.#append(columns);
    const buffer = this.#buffer;
    if (entity.digestLo === 0 && entity.digestHi === 0) {
      buffer[this.#used++] = DASH;
    } else {
      this.#used = writeHex32(buffer, this.#used, entity.digestHi);
      this.#used = writeHex32(buffer, this.#used, entity.digestLo);
    }
    buffer[this.#used++] = NEWLINE;
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

  #append(bytes: Uint8Array): void {
    if (bytes.length > this.#buffer.length - this.#used) {
      this.#flush();
      writeSync(this.#fd, bytes);
      return;
    }
    this.#buffer.set(bytes, this.#used);
    this.#used += bytes.length;
  }

  #flush(): void {
    if (this.#used === 0) return;
    writeSync(this.#fd, this.#buffer, 0, this.#used);
    this.#used = 0;
  }
}

const DASH = 0x2d;
const NEWLINE = 0x0a;
const HEX_DIGITS = Buffer.from('0123456789abcdef');

/** Writes `n` as 8 lowercase hex digits at `at`; returns the offset after them. */
function writeHex32(buffer: Buffer, at: number, n: number): number {
  for (let shift = 28; shift >= 0; shift -= 4) buffer[at++] = HEX_DIGITS[(n >>> shift) & 0xf]!;
  return at;
}
