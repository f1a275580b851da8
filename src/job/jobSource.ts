import { isMap, isScalar, type Node as YamlNode } from 'yaml';
import { readBlockYaml } from '../sim/blockYaml.js';
import { type ParamsRule, paramsRules, takeParamsEntry } from '../sim/ParamsFile.js';
import { parseYamlSource, type YamlSource } from '../sim/yamlSource.js';
import { type YamlTree, yamlTree } from '../sim/yamlTree.js';
import { JobFileError } from './jobErrors.js';

/** A job file parsed: its document, and the rules of its top-level `parameters:` (none without; a ParamsFileError when they are wrong). */
export interface JobSource extends YamlSource {
  parameterRules(): ParamsRule[];
}

/** The job text parsed last, by file: what a run checks its files against (namedFiles.ts) and what it loads (jobFile.ts). */
let last: { text: string; path: string; source: JobSource } | undefined;

/**
 * A YAML job file's text parsed (sim/yamlSource.ts: duplicate keys and aliases checked, errors at
 * `file:line`), once for a run: a run reads the files a job names before it loads it. A job file
 * may hold 100,000 parameters, or 50 MB of them, whose `yaml` document takes many times the
 * time and memory: its top-level `parameters:`, when it is the block YAML parameter files are
 * written in, is read as one is (sim/blockYaml.ts, a node's entry at a time), and the library
 * parses the rest, with the same values, lines and messages.
 */
export function parseJobSource(text: string, path: string): JobSource {
  if (last !== undefined && last.path === path && last.text === text) return last.source;
  const source = parametersApart(text, path) ?? whole(text, path);
  last = { text, path, source };
  return source;
}

const makeError = (message: string): JobFileError => new JobFileError(message);

function whole(text: string, path: string): JobSource {
  const source = parseYamlSource(text, path, makeError);
  const contents = source.doc.contents;
  const parameters = isMap(contents) ? (contents.get('parameters', true) as YamlNode | undefined) : undefined;
  return { ...source, parameterRules: () => (parameters === undefined ? [] : paramsRules(yamlTree(parameters, source.lineAt), path)) };
}

/** The key that opens the section, alone on its line at the left margin. */
const PARAMETERS_KEY = /^parameters:[ ]*(?:#.*)?\r?$/gm;
/** A line at the left margin that is no comment: the next top-level key, or a document marker. */
const TOP_LEVEL_LINE = /^[^ #\r\n]/gm;

/**
 * The job with its `parameters:` read as a parameter file (its lines moved to the left margin),
 * and the rest parsed by the library with `parameters: {}` in the section's place (a blank line
 * costs the library as much as a short one); null when the section is not there once, is no block mapping the reader reads, or the
 * rest does not parse to it: the library then parses the whole, and names what is wrong.
 */
function parametersApart(text: string, path: string): JobSource | null {
  const keys = [...text.matchAll(PARAMETERS_KEY)];
  if (keys.length !== 1) return null;
  const start = keys[0]!.index;
  const firstLineEnd = start + keys[0]![0].length;
  TOP_LEVEL_LINE.lastIndex = firstLineEnd;
  const end = TOP_LEVEL_LINE.exec(text)?.index ?? text.length;
  const body = text.slice(firstLineEnd, end);
  const indent = /\n( +)[^ #\r\n]/.exec(body)?.[1]?.length;
  // A line less indented than the first is no part of one mapping (or not YAML).
  if (indent === undefined || new RegExp(`^(?! {${indent}})[ ]*[^ #\\r\\n]`, 'm').test(body.slice(1))) return null;
  const line = lineCount(text, 0, start) + 1;
  const rules: ParamsRule[] = [];
  const nodes = new Set<string>();
  let failure: { error: unknown } | undefined;
  // Blank lines before it, so that the reader's lines are the file's.
  const read = readBlockYaml(`${'\n'.repeat(line)}${body.slice(1).replace(new RegExp(`^ {${indent}}`, 'gm'), '')}`, (entry) => {
    uniqueKeys({ kind: 'map', line: 0, entries: [entry] }, path, nodes);
    // After a parameter's error only the keys are checked, as the library would find a duplicate first.
    if (failure !== undefined) return;
    try {
      takeParamsEntry(entry, rules, path);
    } catch (error) {
      failure = { error };
    }
  });
  if (!read) return null;
  // The rest with `parameters: {}` in the section's place, its later lines moved back to the file's.
  const shift = lineCount(body, 0, body.length) - 1;
  const rest = `${text.slice(0, start)}parameters: {}${end < text.length ? '\n' : ''}${text.slice(end)}`;
  const source = parseYamlSource(rest, path, makeError, true, (at) => (at > line ? at + shift : at));
  const contents = source.doc.contents;
  const empty = isMap(contents) ? contents.items.find((pair) => isScalar(pair.key) && pair.key.value === 'parameters') : undefined;
  if (empty === undefined || !isMap(empty.value) || empty.value.items.length > 0 || source.lineAt(empty.key as YamlNode) !== line) return null;
  return {
    ...source,
    parameterRules: () => {
      if (failure !== undefined) throw failure.error;
      return rules;
    },
  };
}

/** How many line breaks `text` has from `from` to `to`. */
function lineCount(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/**
 * Keys are unique in a job file, as the library checks them (a parameter file may repeat a
 * node's): a mapping's keys (`seen` for those read so far), then those below them.
 */
function uniqueKeys(tree: YamlTree, path: string, seen = new Set<string>()): void {
  // The block reader's sequences hold values on one line: no mapping.
  if (tree.kind !== 'map') return;
  for (const { key } of tree.entries) {
    const name = String(key?.kind === 'scalar' ? key.value : '');
    if (seen.has(name)) throw makeError(`${path}:${key!.line}: invalid YAML: duplicate key '${name}'`);
    seen.add(name);
  }
  for (const { value } of tree.entries) if (value !== null) uniqueKeys(value, path);
}
