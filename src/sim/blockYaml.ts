import { isScalar, type ScalarTag, Schema } from 'yaml';
import type { YamlTree, YamlTreeEntry, YamlTreeMap, YamlTreeSeq } from './yamlTree.js';

/**
 * A fast reader of the block YAML that parameter files are written in: a mapping at the left
 * margin, nested block mappings, block sequences, and on one line plain, quoted and `[…]`
 * values. It gives what the `yaml` library's document gives (values resolved by that library's
 * own core-schema tags, integers as bigint; the same lines) in a tenth of the time and a
 * fifth of the memory. It hands `take` the top-level entries one by one as it reads them
 * (what a large file holds need not stand in memory all at once), and returns false for a text
 * that uses anything else (anchors, tags, block scalars, `{…}`, escapes, values over several
 * lines, tabs, several documents, an empty document, …) or is not valid YAML, at whatever
 * entry it finds it: the caller then discards what it took and reads the text with the library,
 * which names what is wrong.
 */
export function readBlockYaml(text: string, take: (entry: YamlTreeEntry) => void): boolean {
  // Tabs, control characters, a byte-order mark and line breaks other than \n and \r\n.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
  if (/[\0-\t\v\f\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]/.test(text) || (text.includes('\r') && /\r(?!\n)/.test(text))) return false;
  try {
    const reader = new BlockReader(text);
    if (reader.start === text.length) return false;
    while (reader.start < text.length) {
      // A top-level key at the left margin (a line between a nested block and it is an error).
      if (reader.indent !== 0) return false;
      take(reader.entry(0, 0));
    }
    return true;
  } catch (error) {
    if (error === OUTSIDE) return false;
    throw error;
  }
}

/** Thrown inside the reader where the text leaves what it reads. */
const OUTSIDE = Symbol('outside the block YAML subset');

function outside(): never {
  throw OUTSIDE;
}

/** Deeper than this, the library's reader decides (and names what is wrong). */
const MAX_DEPTH = 200;
/** YAML limits an implicit key to 1,024 characters. */
const MAX_KEY = 1000;

/** A plain key: a name, a namespace, a wildcard; never an indicator first (`*` would be an alias). */
const KEY = /[A-Za-z0-9_/][A-Za-z0-9_/.*+~-]*:(?=[ \r\n]|$)/y;

/** The tags of the library's core schema that it tests a plain scalar against, in its order. */
const TAGS = new Schema({}).tags.filter((tag): tag is ScalarTag => tag.default === true && !tag.collection && tag.test !== undefined);

/** A plain scalar's value, as the library's core schema resolves it (composeScalar's findScalarTagByTest). */
function resolvePlain(source: string): unknown {
  const tag = TAGS.find((t) => t.test!.test(source));
  if (tag === undefined) return source;
  let failed = false;
  const value = tag.resolve(source, () => (failed = true), { intAsBigInt: true } as never);
  if (failed) outside();
  return isScalar(value) ? value.value : value;
}

/** How many plain scalars a reader remembers the values of. */
const RESOLVED_MAX = 4096;

class BlockReader {
  readonly #text: string;
  /** The current content line (the next one not blank or a comment): its start, end (before \r\n or \n), indent, number. */
  start = 0;
  end = 0;
  indent = 0;
  line = 0;
  #next = 0;
  #nextLine = 1;
  /** Where the last quoted scalar or item of `[…]` ended. */
  #after = 0;
  /** Plain scalars read lately and their values (primitives): names and values repeat from node to node. */
  readonly #resolved = new Map<string, unknown>();

  constructor(text: string) {
    this.#text = text;
    this.#advance();
  }

  /** A block mapping whose keys stand at `indent`, the current line its first key. */
  map(indent: number, depth: number): YamlTreeMap {
    if (depth > MAX_DEPTH) outside();
    const map: YamlTreeMap = { kind: 'map', line: this.line, entries: [] };
    while (this.start < this.#text.length && this.indent === indent) map.entries.push(this.entry(indent, depth));
    if (this.start < this.#text.length && this.indent > indent) outside();
    return map;
  }

  /** `key: value`, or `key:` and a block below it. */
  entry(indent: number, depth: number): YamlTreeEntry {
    const text = this.#text;
    const at = this.start + this.indent;
    KEY.lastIndex = at;
    if (!KEY.test(text) || KEY.lastIndex - at > MAX_KEY) outside();
    const line = this.line;
    const key = this.#plainScalar(text.slice(at, KEY.lastIndex - 1), line);
    const valueAt = skipSpaces(text, KEY.lastIndex, this.end);
    if (valueAt < this.end && text[valueAt] !== '#') {
      const value = this.#inline(valueAt);
      this.#advance();
      if (this.start < text.length && this.indent > indent) outside(); // a value continued on the next line
      return { key, value };
    }
    this.#advance();
    if (this.start < text.length && this.indent > indent) return { key, value: this.#block(this.indent, depth + 1) };
    // A sequence may stand at its key's indent.
    if (this.start < text.length && this.indent === indent && this.#isItem()) return { key, value: this.#seq(indent, depth + 1) };
    return { key, value: { kind: 'scalar', line, value: null, plain: '' } };
  }

  #block(indent: number, depth: number): YamlTree {
    return this.#isItem() ? this.#seq(indent, depth) : this.map(indent, depth);
  }

  #isItem(): boolean {
    const at = this.start + this.indent;
    return this.#text[at] === '-' && (at + 1 === this.end || this.#text[at + 1] === ' ');
  }

  /** A block sequence of values on one line each. */
  #seq(indent: number, depth: number): YamlTreeSeq {
    if (depth > MAX_DEPTH) outside();
    const seq: YamlTreeSeq = { kind: 'seq', line: this.line, items: [] };
    while (this.start < this.#text.length && this.indent === indent && this.#isItem()) {
      const at = skipSpaces(this.#text, this.start + this.indent + 1, this.end);
      if (at === this.end || this.#text[at] === '#') outside(); // a block below the dash
      seq.items.push(this.#inline(at));
      this.#advance();
      if (this.start < this.#text.length && this.indent > indent) outside();
    }
    return seq;
  }

  /** A value that ends on its line: `[…]`, quoted or plain; then only a comment. */
  #inline(at: number): YamlTree {
    const text = this.#text;
    const line = this.line;
    const c = text[at]!;
    if (c === '[') {
      const items: YamlTree[] = [];
      let i = skipSpaces(text, at + 1, this.end);
      if (text[i] !== ']') {
        for (;;) {
          items.push(this.#flowItem(i, line));
          i = skipSpaces(text, this.#after, this.end);
          if (text[i] === ']') break;
          if (text[i] !== ',') outside();
          i = skipSpaces(text, i + 1, this.end);
        }
      }
      this.#rest(i + 1);
      return { kind: 'seq', line, items };
    }
    if (c === '"' || c === "'") {
      const value = this.#quoted(at);
      this.#rest(this.#after);
      return { kind: 'scalar', line, value };
    }
    if (!plainStart(text, at, this.end)) outside();
    // The value ends at a comment; `a: b: c` is an error in YAML, `a: b:` a map in a map.
    let end = at;
    for (; end < this.end; end++) {
      const code = text.charCodeAt(end);
      if (code === 35 /* # */ && text.charCodeAt(end - 1) === 32) break;
      if (code === 58 /* : */ && (end + 1 === this.end || text.charCodeAt(end + 1) === 32)) outside();
    }
    while (text.charCodeAt(end - 1) === 32) end--;
    return this.#plainScalar(text.slice(at, end), line);
  }

  /** A plain scalar: its value and its text. */
  #plainScalar(source: string, line: number): YamlTree {
    return { kind: 'scalar', line, value: this.#plain(source), plain: source };
  }

  /** An item of `[…]`: quoted, or plain without `:` or `#`. */
  #flowItem(at: number, line: number): YamlTree {
    const text = this.#text;
    const c = text[at];
    if (c === '"' || c === "'") return { kind: 'scalar', line, value: this.#quoted(at) };
    if (!plainStart(text, at, this.end)) outside();
    let end = at;
    while (end < this.end && !FLOW_END.includes(text[end]!)) end++;
    if (text[end] === ':' || text[end] === '#' || end === this.end) outside();
    this.#after = end;
    while (text[end - 1] === ' ') end--;
    return this.#plainScalar(text.slice(at, end), line);
  }

  /** A quoted scalar closed on its line, without escapes but `''`. */
  #quoted(at: number): string {
    const text = this.#text;
    const quote = text[at]!;
    let close = at;
    for (;;) {
      close = text.indexOf(quote, close + 1);
      if (close === -1 || close >= this.end) outside();
      if (quote === "'" && text[close + 1] === "'") {
        close++;
        continue;
      }
      break;
    }
    this.#after = close + 1;
    const body = text.slice(at + 1, close);
    if (quote === '"' && body.includes('\\')) outside();
    return quote === "'" ? body.replaceAll("''", "'") : body;
  }

  /** After a value: spaces, and a comment after at least one. */
  #rest(at: number): void {
    if (at > this.end) outside();
    const i = skipSpaces(this.#text, at, this.end);
    if (i < this.end && (this.#text[i] !== '#' || i === at)) outside();
  }

  /** A plain scalar's value. */
  #plain(source: string): unknown {
    let value = this.#resolved.get(source);
    if (value !== undefined || this.#resolved.has(source)) return value;
    value = resolvePlain(source);
    if (this.#resolved.size === RESOLVED_MAX) this.#resolved.clear();
    this.#resolved.set(source, value);
    return value;
  }

  /** Moves to the next line that is not blank or a comment (start at the text's length: none). */
  #advance(): void {
    const text = this.#text;
    for (;;) {
      const start = this.#next;
      if (start >= text.length) {
        this.start = text.length;
        return;
      }
      const newline = text.indexOf('\n', start);
      const lineEnd = newline === -1 ? text.length : newline;
      this.#next = lineEnd + 1;
      const line = this.#nextLine++;
      const content = skipSpaces(text, start, lineEnd);
      if (content === lineEnd || text[content] === '#' || (text[content] === '\r' && content + 1 === lineEnd)) continue;
      this.start = start;
      this.end = text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
      this.indent = content - start;
      this.line = line;
      return;
    }
  }
}

/** What a plain value cannot begin with. */
const INDICATORS = '?:,[]{}#&*!|>\'"%@`';

/** Whether a plain value may begin at `at` (`-` only before a name or number: `-1`, `-.inf`). */
function plainStart(text: string, at: number, end: number): boolean {
  if (at >= end || INDICATORS.includes(text[at]!)) return false;
  return text[at] !== '-' || (at + 1 < end && /[\w.]/.test(text[at + 1]!));
}

/** Where a plain item of `[…]` ends (`:` and `#` there are left to the library). */
const FLOW_END = ',[]{}:#';

function skipSpaces(text: string, at: number, end: number): number {
  while (at < end && text.charCodeAt(at) === 32) at++;
  return at;
}
