import { closeSync, openSync, readSync, type Stats, statSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { TRACE_VERSION } from './TraceWriter.js';

/** A file that is not a trace this rclsim can compare (names the file and why). */
export class TraceFileError extends Error {
  constructor(path: string, problem: string) {
    super(`${path}: ${problem}`);
    this.name = 'TraceFileError';
  }
}

export interface TraceDivergence {
  /** 1-based number of the first record (callback or output) that differs; 0: the headers differ. */
  record: number;
  /** What differs, in words: the header, a callback, an output (naming its topic), or the end. */
  what: string;
  /** The records both traces share just before it. */
  before: string[];
  /** From the divergence on, up to `context + 1` lines of each trace ('(end of trace)' at its end). */
  a: string[];
  b: string[];
}

export type TraceComparison = { identical: true; callbacks: number; outputs: number } | ({ identical: false } & TraceDivergence);

const END = '(end of trace)';
const OUTPUT_KINDS = new Set(['publish', 'response', 'drop', 'fault']);

/**
 * Compares two traces record by record, streaming, and finds where they part ways: their
 * headers (job, seed — unless `otherSeeds`, runs of one job with different seeds — and start),
 * then every callback and output, then how each run ended.
 */
export function compareTraces(pathA: string, pathB: string, context = 3, otherSeeds = false): TraceComparison {
  const a = new TraceReader(pathA);
  const b = new TraceReader(pathB);
  const header = (reader: TraceReader): string => (otherSeeds ? reader.header.replace(/ seed -?\d+ /, ' seed * ') : reader.header);
  try {
    if (header(a) !== header(b)) {
      return { identical: false, record: 0, what: 'the traces are of different runs (job, seed or start)', before: [], a: [a.header], b: [b.header] };
    }
    const before: string[] = [];
    let callbacks = 0;
    let outputs = 0;
    for (let record = 1; ; record++) {
      const lineA = a.nextRecord();
      const lineB = b.nextRecord();
      if (lineA === lineB) {
        if (lineA === undefined) break;
        if (OUTPUT_KINDS.has(lineA.split('\t')[1]!)) outputs++;
        else callbacks++;
        before.push(lineA);
        if (before.length > context) before.shift();
        continue;
      }
      return {
        identical: false,
        record,
        what: describeRecord(lineA ?? lineB!),
        before,
        a: take(a, lineA, context),
        b: take(b, lineB, context),
      };
    }
    if (a.end !== b.end) return { identical: false, record: callbacks + outputs + 1, what: 'the runs end differently', before, a: [a.end], b: [b.end] };
    return { identical: true, callbacks, outputs };
  } finally {
    a.close();
    b.close();
  }
}

function describeRecord(line: string): string {
  const [, kind, owner, , channel] = line.split('\t');
  if (kind === 'publish') return `a publish on ${channel} by ${owner}`;
  if (kind === 'response') return `a response of service ${channel} of ${owner}`;
  if (kind === 'drop') return `a message on ${channel} lost by the ${owner}`;
  if (kind === 'fault') return `the ${owner} firing on ${channel}`;
  return `a ${kind} callback of ${owner}${channel === '-' ? '' : ` on ${channel}`}`;
}

function take(reader: TraceReader, first: string | undefined, context: number): string[] {
  const taken = [first ?? END];
  while (taken.length <= context && taken[taken.length - 1] !== END) taken.push(reader.nextRecord() ?? END);
  return taken;
}

/** A trace file read line by line with synchronous reads: header checked, records, end line. */
export class TraceReader {
  readonly header: string;
  /** The closing line once the records are read ('(no end line: the run was killed)' without one). */
  end = '(no end line: the run was killed)';
  readonly #fd: number;
  readonly #buffer = Buffer.allocUnsafe(1 << 16);
  /** Keeps a character whose bytes two reads split. */
  readonly #decoder = new StringDecoder('utf8');
  #pending = '';
  #eof = false;

  constructor(path: string) {
    let stats: Stats;
    try {
      stats = statSync(path);
    } catch {
      throw new TraceFileError(path, 'no such trace file');
    }
    if (!stats.isFile()) throw new TraceFileError(path, 'not a regular file (a trace is a file `rclsim run --trace` wrote)');
    this.#fd = openSync(path, 'r');
    const first = this.#line();
    const version = /^# rclsim trace (\d+)$/.exec(first ?? '');
    if (version === null) {
      closeSync(this.#fd);
      throw new TraceFileError(path, 'not an rclsim trace (it does not start with "# rclsim trace")');
    }
    if (Number(version[1]) !== TRACE_VERSION) {
      closeSync(this.#fd);
      throw new TraceFileError(path, `a version-${version[1]} trace; this rclsim compares version ${TRACE_VERSION} traces (run the job again)`);
    }
    this.header = this.#line() ?? '';
    this.#line(); // the column names
  }

  nextRecord(): string | undefined {
    for (;;) {
      const line = this.#line();
      if (line === undefined) return undefined;
      if (line.startsWith('# end ')) {
        this.end = line;
        return undefined;
      }
      if (line.length > 0 && !line.startsWith('#')) return line;
    }
  }

  #line(): string | undefined {
    for (;;) {
      const newline = this.#pending.indexOf('\n');
      if (newline >= 0) {
        const line = this.#pending.slice(0, newline);
        this.#pending = this.#pending.slice(newline + 1);
        return withoutCarriageReturn(line);
      }
      if (this.#eof) {
        if (this.#pending === '') return undefined;
        const line = this.#pending;
        this.#pending = '';
        return withoutCarriageReturn(line);
      }
      const n = readSync(this.#fd, this.#buffer, 0, this.#buffer.length, null);
      if (n === 0) {
        this.#eof = true;
        this.#pending += this.#decoder.end();
      } else {
        this.#pending += this.#decoder.write(this.#buffer.subarray(0, n));
      }
    }
  }

  close(): void {
    closeSync(this.#fd);
  }
}

/** Human report of a divergence: what differs, where, and the records around it. */
export function formatDivergence(divergence: TraceDivergence, nameA: string, nameB: string): string {
  const time = (line: string | undefined): string => (line && line !== END && !line.startsWith('#') ? `${line.split('\t')[0]}s` : '');
  const at = time(divergence.a[0]) || time(divergence.b[0]);
  const where = divergence.record === 0 ? '' : ` at record ${divergence.record}${at === '' ? '' : `, sim time ${at}`}`;
  const width = Math.max(nameA.length, nameB.length);
  const lines = [`first divergence${where}: ${divergence.what}`];
  for (const line of divergence.before) lines.push(`  ${' '.repeat(width)}   ${line}`);
  for (const line of divergence.a) lines.push(`  ${nameA.padEnd(width)} < ${line}`);
  for (const line of divergence.b) lines.push(`  ${nameB.padEnd(width)} > ${line}`);
  return lines.join('\n');
}

/** A trace copied through a tool that writes CRLF line ends (a Windows editor, git's autocrlf) reads as written. */
function withoutCarriageReturn(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
