import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type Document, isMap, isScalar, type Node as YamlNode } from 'yaml';
import { notRegularFile } from '../base/regularFile.js';
import { EXACT_RANGE } from '../base/simTimeRange.js';
import { expandTopicName } from '../ros/names.js';
import { ParamsFileError } from '../sim/ParamsFile.js';
import type { YamlSource } from '../sim/yamlSource.js';
import { type DurationError, parseDuration } from './duration.js';
import { JobFileError } from './jobErrors.js';

/** Where a field is in the job file: `['nodes', 0, 'parameters', 'rate']`. */
export type Location = (string | number)[];

/** What the job file parser lends a section: errors at a field, durations, files and topic names checked as everywhere else. */
export interface SectionContext {
  fail(location: Location, message: string): never;
  duration(location: Location, value: string | number): bigint;
  file(location: Location, relative: string, kind?: 'file' | 'folder' | 'either'): string;
  topic(location: Location, name: string): string;
}

/** What the sections of jobFile.ts itself read besides: the document, its folder, lines, limits and loaded files. */
export interface JobFileContext extends SectionContext {
  readonly doc: Document;
  /** The folder of the job file: its paths are relative to it. */
  readonly dir: string;
  /** Fails at the field at `location`, named by the line of `node` (by default the field's own). */
  fail(location: Location, message: string, node?: YamlNode): never;
  /** A duration of at most `limit` ns (default: what sim time can add to the start exactly); past it, `value` `beyond`. */
  duration(location: Location, value: string | number, limit?: bigint, beyond?: string): bigint;
  /** The node of the field at `location`. */
  at(location: Location): YamlNode | undefined;
  /** Where the field at `location` is, as a line names it (`job.yaml:12`). */
  lineOf(location: Location): string;
  /** What `load` gives; a file it reads that is wrong (a parameter file, a delays table) fails at `location`. */
  loaded<T>(location: Location, load: () => T): T;
}

/** Why a duration past the exact range is refused. */
export const RANGE_WHY = "rclsim's sim time is exact up to 2^53 ns (about 104 days) after the start";
const TOO_LONG = `is too long: ${RANGE_WHY}`;

/** The context the sections of the job file at `path` read it with. */
export function jobFileContext({ doc, lineOf }: YamlSource, path: string): JobFileContext {
  const at = (location: Location): YamlNode | undefined => doc.getIn(location, true) as YamlNode | undefined;
  const fail = (location: Location, message: string, node = at(location)): never => {
    // An entry a launch file made is named by the launch file's line.
    const origin = location[0] === 'nodes' || location[0] === 'events' ? doc.getIn([location[0], location[1], 'origin']) : undefined;
    throw new JobFileError(`${typeof origin === 'string' ? origin : lineOf(node ?? doc.contents)}: ${fieldName(location)}${message}`);
  };
  const dir = dirname(resolve(path));
  return {
    doc,
    dir,
    fail,
    at,
    lineOf: (location) => lineOf(at(location)),
    /** A path the job names, which must be there, as a file or a folder as the field wants. */
    file(location, relative, kind = 'file') {
      const absolute = resolve(dir, relative);
      const stats = statSync(absolute, { throwIfNoEntry: false });
      if (stats === undefined) fail(location, `no such file '${relative}' (looked for ${absolute})`);
      if (kind === 'file' && stats!.isDirectory()) fail(location, `'${relative}' is a directory, not a file`);
      // A FIFO or device would hang the run that reads it.
      if (kind === 'file' && !stats!.isFile()) fail(location, `'${relative}' is ${notRegularFile(absolute)}`);
      if (kind === 'folder' && !stats!.isDirectory()) fail(location, `'${relative}' is a file, not a folder`);
      return absolute;
    },
    duration(location, value, limit = EXACT_RANGE, beyond = TOO_LONG) {
      let ns: bigint;
      try {
        ns = parseDuration(value);
      } catch (error) {
        return fail(location, (error as DurationError).message);
      }
      if (ns > limit) fail(location, `${String(value)} ${beyond}`);
      return ns;
    },
    topic(location, topic) {
      try {
        return expandTopicName(topic, 'job', '/');
      } catch (error) {
        return fail(location, (error as Error).message);
      }
    },
    loaded(location, load) {
      try {
        return load();
      } catch (error) {
        if (error instanceof ParamsFileError || error instanceof TypeError) return fail(location, error.message);
        throw error;
      }
    },
  };
}

/**
 * `{ [name]: read(value) }` when the job gives the field, nothing when it does not: the shape of
 * an optional field in a definition (`...given('host', entry.host, (host) => …)`).
 */
export function given<K extends string, T>(name: K, value: T | undefined): Partial<Record<K, T>>;
export function given<K extends string, T, V>(name: K, value: T | undefined, read: (value: T) => V): Partial<Record<K, V>>;
export function given(name: string, value: unknown, read = (value: unknown): unknown => value): Record<string, unknown> {
  return value === undefined ? {} : { [name]: read(value) };
}

/** The key node of `key` in the mapping at `location` (a line for an unknown or misspelled key). */
export function keyNode(doc: Document, location: Location, key: string): YamlNode | undefined {
  const map = (location.length === 0 ? doc.contents : doc.getIn(location, true)) as YamlNode | undefined;
  if (!map || !isMap(map)) return undefined;
  return map.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === key)?.key as YamlNode | undefined;
}

function fieldName(location: Location): string {
  return location.length === 0 ? '' : `${fieldPath(location)}: `;
}

/** A field as written in messages: `nodes[0].parameters.rate`. */
export function fieldPath(location: Location): string {
  return location.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
}

/** `name` when it is a host of the job's network (`hosts`, their names; null: the job has no network). */
export function hostNamed(context: SectionContext, location: Location, name: string, hosts: readonly string[] | null): string {
  if (hosts === null) return context.fail(location, "names a host, but the job has no 'network'");
  if (!hosts.includes(name)) context.fail(location, `no host named '${name}' (hosts: ${hosts.join(', ')})`);
  return name;
}
