import { mkdirSync, type Stats, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Makes a folder and the folders above it that are missing, as `mkdir -p` does. Not
 * `mkdirSync(path, { recursive: true })`: Node's recursion never ends under /proc (it retries a
 * parent whose making fails with ENOENT). A path that is there but is no folder is refused.
 */
export function makeFolder(path: string): void {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    const parent = dirname(path);
    if (parent !== path) makeFolder(parent);
    mkdirSync(path);
    return;
  }
  if (!stats.isDirectory()) throw Object.assign(new Error(`${path} is not a folder`), { code: 'ENOTDIR' });
}
