import { type ReadAvailable, readAvailable } from './readAvailable.js';

/**
 * A program's stdout and stderr, read synchronously and written to this process's own, between
 * the program's messages: the run thread writes its log lines and a separate program's output in
 * the order they happened, as it does an in-process program's. Read while a message is awaited
 * too, so a program blocked on a full pipe can go on.
 */
export class OutputRelay {
  readonly #pairs: { fd: number; pipe: { destroy(): void }; to: NodeJS.WritableStream }[];
  readonly #chunk = Buffer.allocUnsafe(1 << 16);
  readonly #read: ReadAvailable;
  /** The pipes' descriptors still open, −1 for one that ended: what a wait also watches (FdWait). */
  readonly descriptors: Int32Array;

  /**
   * `fd` is the pipe's descriptor (read here with `read`); `pipe` its stream, which owns the
   * descriptor and closes it.
   */
  constructor(pairs: { fd: number; pipe: { destroy(): void }; to: NodeJS.WritableStream }[], read: ReadAvailable = readAvailable) {
    this.#pairs = pairs;
    this.#read = read;
    this.descriptors = Int32Array.from(pairs, (pair) => pair.fd);
  }

  /** Writes what the program has written so far. */
  relay(): void {
    for (const [index, pair] of this.#pairs.entries()) {
      while (pair.fd >= 0) {
        const read = this.#read(pair.fd, this.#chunk);
        if (read < 0) break;
        if (read === 0) {
          this.#end(index);
          break;
        }
        pair.to.write(Buffer.from(this.#chunk.subarray(0, read)));
      }
    }
  }

  /** Relays what is left and closes the pipes. */
  close(): void {
    this.relay();
    for (const [index, pair] of this.#pairs.entries()) {
      this.#end(index);
      pair.pipe.destroy();
    }
  }

  #end(index: number): void {
    this.#pairs[index]!.fd = -1;
    this.descriptors[index] = -1;
  }
}
