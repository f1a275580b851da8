import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { IReadable } from '@mcap/core';

/**
 * An MCAP readable that reads with synchronous system calls. The reader's promises then settle
 * in microtasks alone, never waiting on the thread pool, so a simulation can read its next
 * message between two steps deterministically (see Player).
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

  read(offset: bigint, size: bigint): Promise<Uint8Array> {
    if (offset + size > this.#size) {
      return Promise.reject(new Error(`read of ${size} bytes at ${offset} runs past the end of the file (${this.#size} bytes)`));
    }
    const buffer = new Uint8Array(Number(size));
    let done = 0;
    while (done < buffer.length) {
      const n = readSync(this.#fd, buffer, done, buffer.length - done, Number(offset) + done);
      if (n === 0) break;
      done += n;
    }
    return Promise.resolve(buffer);
  }

  close(): void {
    closeSync(this.#fd);
  }
}
