import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { IReadable } from '@mcap/core';

/**
 * An MCAP readable that reads with synchronous system calls: McapStorage opens a file and reads
 * its chunks with readNow() while a simulation runs (a program's Reader waits for its answer),
 * never waiting on the thread pool; the indexed reader's promises settle in microtasks alone.
 */
export class SyncFileReadable implements IReadable {
  readonly #fd: number;
  readonly #size: bigint;

  constructor(path: string) {
    this.#fd = openSync(path, 'r');
    this.#size = BigInt(fstatSync(this.#fd).size);
  }

  size(): Promise<bigint> {
    return Promise.resolve(this.#size);
  }

  sizeNow(): bigint {
    return this.#size;
  }

  read(offset: bigint, size: bigint): Promise<Uint8Array> {
    try {
      return Promise.resolve(this.readNow(offset, size));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** `size` bytes at `offset`, read before returning, into `into` when it is large enough. */
  readNow(offset: bigint, size: bigint, into?: Uint8Array): Uint8Array {
    if (offset + size > this.#size) {
      throw new Error(`read of ${size} bytes at ${offset} runs past the end of the file (${this.#size} bytes)`);
    }
    const length = Number(size);
    const buffer = into !== undefined && into.length >= length ? into.subarray(0, length) : new Uint8Array(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.#fd, buffer, done, length - done, Number(offset) + done);
      if (n === 0) break;
      done += n;
    }
    return buffer;
  }

  close(): void {
    closeSync(this.#fd);
  }
}
