import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './helpers.js';

/**
 * A corpus's cases (test/fixtures/<rule>/cases.txt): its lines less comments and blank lines, as
 * every language's runner reads them.
 */
export function corpusCases(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

/** The first line where two outputs part, for a failure that says where. */
export function firstDifference(a: string, b: string): string {
  const left = a.split('\n');
  const right = b.split('\n');
  const at = left.findIndex((line, i) => line !== right[i]);
  return at < 0 ? 'the same lines' : `line ${at + 1}:\n  ${left[at]}\n  ${right[at] ?? '(none)'}`;
}

/** What a corpus's Python runner prints, run by python3 with the Python client on its path, asserting it ran. */
export function runPython(runner: string, cases: string, timeout = 60_000): string {
  const result = spawnSync('python3', [runner, cases], {
    encoding: 'utf8',
    timeout,
    env: { ...process.env, PYTHONPATH: join(repoRoot, 'clients/python') },
  });
  if (result.status !== 0) throw new Error(`${runner} exited ${result.status ?? result.signal}: ${result.stderr}`);
  return result.stdout;
}
