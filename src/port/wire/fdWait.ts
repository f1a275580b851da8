import { nativeAddon } from './nativeAddon.js';

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

/** The addon at `path`, as the in-process host loads it: one library either way. */
export function fdWaitAt(path: string): FdWait {
  return nativeAddon<FdWait>(path);
}
