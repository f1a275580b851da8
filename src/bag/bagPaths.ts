import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';

/** A path made absolute, through symbolic links where it (or its folder) exists. */
function real(path: string): string {
  const absolute = resolve(path);
  if (existsSync(absolute)) return realpathSync(absolute);
  const folder = dirname(absolute);
  return existsSync(folder) ? join(realpathSync(folder), basename(absolute)) : absolute;
}

/** The files a recording to `path` creates or overwrites (a bag directory's MCAP file and metadata.yaml). */
export function recordingFiles(path: string): string[] {
  if (extname(path) === '.mcap') return [real(path)];
  const directory = real(path);
  return [join(directory, `${basename(directory)}_0.mcap`), join(directory, 'metadata.yaml')];
}

/** The files playing the bag at `path` reads (a directory: everything in it). */
export function bagFiles(path: string): string[] {
  const absolute = real(path);
  if (!existsSync(absolute) || !statSync(absolute).isDirectory()) return [absolute];
  return readdirSync(absolute).map((entry) => join(absolute, entry));
}

/** The recording that would overwrite a file of a played bag, if any: recording it destroys the input. */
export function overwritesInput(recording: string, played: string): string | undefined {
  const inputs = new Set(bagFiles(played));
  return recordingFiles(recording).find((file) => inputs.has(file));
}
