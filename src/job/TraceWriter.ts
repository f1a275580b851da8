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
  #buffer: string[] = [];
  #bufferedChars = 0;
  #timeOffset = NaN;
  #time = '';

  constructor(path: string, engine: Engine, header: { job: string; seed: number }) {
    this.#fd = openSync(path, 'w');
    this.#engine = engine;
    this.#push(`# rclsim trace ${TRACE_VERSION}`);
    this.#push(`# job ${header.job} seed ${header.seed} start ${engine.base}`);
    this.#push('# sim_time\tkind\towner\tentity\tchannel\tdigest');
  }

  onCallback(entity: Executable): void {
    const engine = this.#engine;
    if (engine.now !== this.#timeOffset) {
      this.#timeOffset = engine.now;
      this.#time = formatSimTime(engine.nowAbs).slice(0, -1);
    }
    const digest = entity.digestLo === 0 && entity.digestHi === 0 ? '-' : hex32(entity.digestHi) + hex32(entity.digestLo);
    this.#push(`${this.#time}\t${entity.kind}\t${entity.owner}\t${entity.entityId}\t${entity.channel || '-'}\t${digest}`);
  }

  /** Writes the closing line and closes the file. */
  close(end: { reason: string; callbacks: number; fingerprint: string }): void {
    this.#push(`# end ${end.reason} at ${this.#engine.nowAbs} callbacks ${end.callbacks} fingerprint ${end.fingerprint || '-'}`);
    this.#flush();
    closeSync(this.#fd);
  }

  #push(line: string): void {
    this.#buffer.push(line);
    this.#bufferedChars += line.length + 1;
    if (this.#bufferedChars >= 1 << 16) this.#flush();
  }

  #flush(): void {
    if (this.#buffer.length === 0) return;
    writeSync(this.#fd, `${this.#buffer.join('\n')}\n`);
    this.#buffer = [];
    this.#bufferedChars = 0;
  }
}

function hex32(n: number): string {
  return (n >>> 0).toString(16).padStart(8, '0');
}
