import { readFileSync, type Stats, statSync } from 'node:fs';

/**
 * Why `path` cannot be a file rclsim reads or writes (a job, program, parameter, interface or
 * bag file, a recording), or undefined when it can (a regular file, or nothing there yet). Opening
 * a FIFO waits for its other end and a device never ends, so either would hang the run: they are
 * refused from their status, before anything opens them.
 */
export function notRegularFile(path: string): string | undefined {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    // Missing or out of reach: the open that follows says so.
    return undefined;
  }
  if (stats.isFile()) return undefined;
  const kind = stats.isFIFO()
    ? 'a FIFO'
    : stats.isCharacterDevice()
      ? 'a character device'
      : stats.isBlockDevice()
        ? 'a block device'
        : stats.isSocket()
          ? 'a socket'
          : stats.isDirectory()
            ? 'a directory'
            : 'of another kind';
  return `not a regular file (${kind})`;
}

/** A text file's contents; a FIFO, device or directory is refused (an Error naming its kind) before it is opened. */
export function readRegularFile(path: string): string {
  const problem = notRegularFile(path);
  if (problem !== undefined) throw new Error(problem);
  return readFileSync(path, 'utf8');
}
