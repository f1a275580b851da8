import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The file in the folder that names what it holds: the content hash, then each file's path. */
export const CPP_HEADERS_STAMP = '.rclsim-headers';

/**
 * Puts generated headers (generateCppHeaders) into `folder`, unless the stamp there says it
 * holds them already: then nothing is touched (a compile step calls this before each build).
 * Otherwise the files of the previous stamp that are gone are removed, every file is written
 * (each whole: into a temporary file, renamed over), and the stamp last, so a write cut short
 * leaves no stamp and is redone. Returns whether it wrote.
 */
export function writeCppHeaders(folder: string, files: ReadonlyMap<string, string>): boolean {
  const paths = [...files.keys()].sort();
  const hash = createHash('sha256');
  for (const path of paths) hash.update(`${path}\0${files.get(path)!.length}\0`).update(files.get(path)!);
  const stamp = [hash.digest('hex'), ...paths].join('\n');
  const stampPath = join(folder, CPP_HEADERS_STAMP);
  const previous = readIfThere(stampPath);
  if (previous === stamp) return false;
  if (previous !== null) {
    rmSync(stampPath, { force: true });
    for (const old of previous.split('\n').slice(1)) if (!files.has(old)) rmSync(join(folder, old), { force: true });
  }
  for (const path of paths) writeWholly(join(folder, path), files.get(path)!);
  writeWholly(stampPath, stamp);
  return true;
}

function readIfThere(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Two compile steps may write the same folder at once: each file appears whole, from one of them. */
function writeWholly(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}
