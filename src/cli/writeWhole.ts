import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { OutputError } from '../base/runErrors.js';

/**
 * Writes a file whole or not at all: into a file beside it, every write checked and flushed to
 * the disk, then renamed over it. A full disk (ENOSPC), a missing folder or no permission throw
 * OutputError naming the file, and leave neither a cut nor an empty file behind.
 */
export function writeWhole(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    const fd = openSync(temporary, 'w');
    try {
      writeFileSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new OutputError(path, OutputError.describe(error), { cause: error });
  }
}
