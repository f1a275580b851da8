import { dirname, resolve } from 'node:path';
import { isMap, type Node as YamlNode } from 'yaml';
import { parseJobSource } from './jobSource.js';

/** What a job does with a file it names. */
export type NamedFileKind = 'program' | 'module' | 'bag' | 'parameter file' | 'delays file' | 'environment file' | 'interface folder' | 'recording';

/** A file or folder a job file names, by absolute path, whether it is there or not. */
export interface NamedFile {
  path: string;
  kind: NamedFileKind;
}

/** The files a job file names, inputs (programs, bags, parameter files…) and recordings, in the file's order by kind. */
export function namedFiles(jobText: string, jobPath: string): NamedFile[] {
  // The parse the run's load takes too (jobSource.ts); of it, only the keys that name files.
  const { doc } = parseJobSource(jobText, jobPath);
  const top = (key: string): unknown => {
    const node = isMap(doc.contents) ? (doc.contents.get(key, true) as YamlNode | undefined) : undefined;
    return node?.toJS(doc);
  };
  const job = Object.fromEntries(['nodes', 'play', 'params_files', 'delays_csv', 'network', 'interfaces', 'record'].map((key) => [key, top(key)]));
  const list = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);
  const field = (entry: unknown, key: string): unknown => (entry !== null && typeof entry === 'object' ? (entry as Record<string, unknown>)[key] : undefined);
  const named: [unknown, NamedFileKind][] = [
    ...list(job.nodes).flatMap((node): [unknown, NamedFileKind][] => [
      [field(node, 'script'), 'program'],
      [field(node, 'module'), 'module'],
    ]),
    ...list(job.play).map((entry): [unknown, NamedFileKind] => [field(entry, 'bag'), 'bag']),
    ...list(job.params_files).map((file): [unknown, NamedFileKind] => [file, 'parameter file']),
    [job.delays_csv, 'delays file'],
    [field(job.network, 'environment'), 'environment file'],
    ...list(job.interfaces).map((entry): [unknown, NamedFileKind] => [typeof entry === 'string' ? entry : field(entry, 'path'), 'interface folder']),
    ...list(job.record).map((entry): [unknown, NamedFileKind] => [field(entry, 'path'), 'recording']),
  ];
  const dir = dirname(resolve(jobPath));
  return named.filter((entry): entry is [string, NamedFileKind] => typeof entry[0] === 'string').map(([path, kind]) => ({ path: resolve(dir, path), kind }));
}
