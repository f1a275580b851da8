import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, tempDir, writeTemp } from './helpers.js';

const fixtures = join(repoRoot, 'test/fixtures/message_filters');

/**
 * What the message_filters synchronizers make of stamped_publishers.py's two streams, in Python
 * (sync_listener.py) and in C++ (sync_listener.cpp) alike: `kind a-stamp b-stamp at sim-ns`, in
 * the order they are signalled. Exact pairs are those of one stamp (every 300 ms); approximate
 * ones (slop 60 ms) pair each /b with the /a nearest after it, when that /a (or /b) arrives.
 */
export const SYNCHRONIZED_PAIRS = [
  'approx 200 160 at 200000000',
  'exact 300 300 at 320000000',
  'approx 300 300 at 320000000',
  'approx 500 460 at 500000000',
  'exact 600 600 at 620000000',
  'approx 600 600 at 620000000',
  'approx 800 760 at 800000000',
  'exact 900 900 at 920000000',
  'approx 900 900 at 920000000',
  'approx 1100 1060 at 1100000000',
  'exact 1200 1200 at 1220000000',
  'approx 1200 1200 at 1220000000',
];

/** A folder with the publishers and `listener` (a fixture's file name), and its job (1.3 s). */
export function messageFiltersJob(listener: string): { dir: string; job: string } {
  const dir = tempDir();
  for (const file of ['stamped_publishers.py', listener]) copyFileSync(join(fixtures, file), join(dir, file));
  const job = writeTemp(dir, 'job.yaml', `end: { after: 1.3s }\nnodes:\n  - script: stamped_publishers.py\n  - script: ${listener}\n`);
  return { dir, job };
}

/** A run's printed lines starting with one of `kinds`. */
export function linesOf(stdout: string, kinds: string[]): string[] {
  return stdout.split('\n').filter((line) => kinds.some((kind) => line.startsWith(`${kind} `)));
}
