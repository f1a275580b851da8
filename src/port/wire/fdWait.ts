import { constants } from 'node:os';

/**
 * The wait on a separate program's descriptors (native/inprocess/fd_wait.c, in rclsim's addon):
 * what a read or a wait brings is a number, never an exception, and a wait blocks in poll(2).
 */
export interface FdWait {
  /** One read of a non-blocking descriptor: the bytes read, 0 at the end of the stream, −1 when it holds nothing yet. */
  read(fd: number, buffer: Buffer): number;
  /**
   * Blocks until `fd` has bytes and reads them into `buffer` (as `read`), or until one of
   * `outputs` (−1: none) has bytes or closed (−2), or `timeoutMs` passed (−1).
   */
  wait(fd: number, buffer: Buffer, outputs: Int32Array, timeoutMs: number): number;
}

const loaded = new Map<string, FdWait>();

/** The addon at `path`, loaded once, with the flags the in-process host loads it with (InProcessLink): one library either way. */
export function fdWaitAt(path: string): FdWait {
  let addon = loaded.get(path);
  if (addon === undefined) {
    const module = { exports: {} as FdWait };
    process.dlopen(module, path, constants.dlopen.RTLD_NOW | constants.dlopen.RTLD_GLOBAL);
    addon = module.exports;
    loaded.set(path, addon);
  }
  return addon;
}
