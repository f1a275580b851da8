import { constants } from 'node:os';

/** Signal names by number (SIGINT, SIGTERM: what asks rclsim to stop). */
const NAMES = new Map(Object.entries(constants.signals).map(([name, number]) => [number, name as NodeJS.Signals]));

/**
 * The signal that asked rclsim to stop, in memory a thread shares with the main thread. Node
 * runs a signal's handler on the main thread's event loop alone; a thread that waits on a
 * child process synchronously (a launch file evaluated, a package built) never sees it, and a
 * main thread that waits so would hold the signal until the child ends. So the main thread
 * takes SIGINT/SIGTERM and raises this; the waiting thread sleeps on it and wakes at once.
 */
export class Interruption {
  // byte order: Atomics' word, shared by threads of one process, never read as bytes.
  readonly #word: Int32Array;

  constructor(buffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)) {
    this.#word = new Int32Array(buffer);
  }

  get buffer(): SharedArrayBuffer {
    return this.#word.buffer as SharedArrayBuffer;
  }

  /** The main thread took `signal`: the first one raised is kept. */
  raise(signal: NodeJS.Signals): void {
    Atomics.compareExchange(this.#word, 0, 0, constants.signals[signal]);
    Atomics.notify(this.#word, 0);
  }

  /** The signal raised, or null. */
  get signal(): NodeJS.Signals | null {
    const number = Atomics.load(this.#word, 0);
    return number === 0 ? null : (NAMES.get(number) ?? 'SIGTERM');
  }

  /** Blocks this thread for `ms` of wall time, or until the interruption is raised. */
  sleep(ms: number): void {
    Atomics.wait(this.#word, 0, 0, ms);
  }
}

let ofThisThread = new Interruption();

/** The interruption this thread heeds: one the main thread raises (`heed`), else one nobody raises. */
export function interruption(): Interruption {
  return ofThisThread;
}

/** This thread heeds the interruption in `buffer` (a thread started by one that takes the signals). */
export function heed(buffer: SharedArrayBuffer): void {
  ofThisThread = new Interruption(buffer);
}
