import { readAvailable } from './readAvailable.js';

/**
 * A program's stdout and stderr, read synchronously and written to this process's own, between
 * the program's messages: the run thread writes its log lines and a separate program's output in
 * the order they happened, as it does an in-process program's. Read while a message is awaited
 * too, so a program blocked on a full pipe can go on.
 */
export class OutputRelay {
  readonly #pairs: { fd: number; pipe: { destroy(): void }; to: NodeJS.WritableStream }[];
  readonly #chunk = Buffer.allocUnsafe(1 << 16);

  /** `fd` is the pipe's descriptor (read here); `pipe` its stream, which owns the descriptor and closes it. */
  constructor(pairs: { fd: number; pipe: { destroy(): void }; to: NodeJS.WritableStream }[]) {
    this.#pairs = pairs;
  }

  /** Writes what the program has written so far. */
  relay(): void {
    for (const pair of this.#pairs) {
      while (pair.fd >= 0) {
        const read = readAvailable(pair.fd, this.#chunk);
        if (read < 0) break;
        if (read === 0) {
          pair.fd = -1;
          break;
        }
        pair.to.write(Buffer.from(this.#chunk.subarray(0, read)));
      }
    }
  }

  /** Relays what is left and closes the pipes. */
  close(): void {
    this.relay();
    for (const pair of this.#pairs) {
      pair.fd = -1;
      pair.pipe.destroy();
    }
  }
}
