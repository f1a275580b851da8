import { closeSync, openSync, writeSync } from 'node:fs';
import type { IWritable } from '@mcap/core';

/**
 * An MCAP writable with synchronous writes: every byte handed over is in the file when the call
 * returns, so a run that ends abruptly loses nothing the writer has flushed.
 */
export class SyncFileWritable implements IWritable {
  readonly #fd: number;
  #position = 0n;
  /** How many writes were made: a caller can tell whether a call wrote anything. */
  writes = 0;

  constructor(path: string) {
    this.#fd = openSync(path, 'w');
  }

  write(buffer: Uint8Array): Promise<void> {
    let done = 0;
    while (done < buffer.length) done += writeSync(this.#fd, buffer, done, buffer.length - done);
    this.#position += BigInt(buffer.length);
    this.writes++;
    return Promise.resolve();
  }

  position(): bigint {
    return this.#position;
  }

  close(): void {
    closeSync(this.#fd);
  }
}
