import { parseYamlSource, type YamlSource } from '../sim/yamlSource.js';
import { JobFileError } from './jobErrors.js';

/** The job text parsed last, by file: what a run checks its files against (namedFiles.ts) and what it loads (jobFile.ts). */
let last: { text: string; path: string; source: YamlSource } | undefined;

/**
 * A YAML job file's text parsed (sim/yamlSource.ts: duplicate keys and aliases checked, errors at
 * `file:line`), once for a run: a run reads the files a job names before it loads it, and a job
 * file may hold 100,000 parameters, whose parse is most of its load.
 */
export function parseJobSource(text: string, path: string): YamlSource {
  if (last !== undefined && last.path === path && last.text === text) return last.source;
  const source = parseYamlSource(text, path, (message) => new JobFileError(message));
  last = { text, path, source };
  return source;
}
