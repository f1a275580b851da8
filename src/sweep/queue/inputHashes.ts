import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { notRegularFile } from '../../base/regularFile.js';
import { namedFiles } from '../../job/namedFiles.js';

/**
 * The files a job file names — programs, component modules, bags, parameter files, delays, the
 * environment, interface folders — by absolute path, whether they are there or not.
 */
export function namedInputs(jobText: string, jobPath: string): string[] {
  return namedFiles(jobText, jobPath)
    .filter((file) => file.kind !== 'recording')
    .map((file) => file.path);
}

/**
 * The files a job file names (namedInputs), each with the SHA-256 of its content (a folder's: of
 * its files' names and contents, in name order), by absolute path. A worker on another machine
 * checks them before it runs, so that it runs the job the sweep meant.
 */
export function inputHashes(jobText: string, jobPath: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const absolute of namedInputs(jobText, jobPath)) if (existsSync(absolute)) hashes[absolute] = contentHash(absolute);
  return hashes;
}

/**
 * SHA-256 of files' contents by path, with the size and change time they had: a worker checks a
 * run's inputs before every run, and a bag of gigabytes is read once, not once per run.
 */
const fileHashes = new Map<string, { size: bigint; ctimeNs: bigint; hash: string }>();

function fileHash(file: string): string {
  const stats = statSync(file, { bigint: true });
  // A FIFO or device is never read (it could block for ever): its kind stands for its content.
  if (!stats.isFile()) return `not a regular file: ${notRegularFile(file)}`;
  const { size, ctimeNs } = stats;
  const known = fileHashes.get(file);
  if (known !== undefined && known.size === size && known.ctimeNs === ctimeNs) return known.hash;
  const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
  fileHashes.set(file, { size, ctimeNs, hash });
  return hash;
}

/** The SHA-256 of a file's content, or of a folder's files (names relative to it, and their contents' SHA-256). */
export function contentHash(path: string): string {
  if (!statSync(path).isDirectory()) return fileHash(path);
  const hash = createHash('sha256');
  const add = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const file = join(dir, name);
      if (statSync(file).isDirectory()) add(file);
      else hash.update(`${relative(path, file)}\0${fileHash(file)}\0`);
    }
  };
  add(path);
  return hash.digest('hex');
}

/** The first input that is missing or differs here, as one line; null when all agree. */
export function differingInput(hashes: Record<string, string>): string | null {
  for (const [path, expected] of Object.entries(hashes)) {
    if (!existsSync(path)) return `input ${path} is missing on this worker`;
    const actual = contentHash(path);
    if (actual !== expected) return `input ${path} differs on this worker (sha256 ${actual.slice(0, 12)}…, the sweep's ${expected.slice(0, 12)}…)`;
  }
  return null;
}
