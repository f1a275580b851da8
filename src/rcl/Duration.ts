import { splitNanoseconds, toNanoseconds } from './nanoseconds.js';

/** A span of time in exact bigint nanoseconds, as rclnodejs's Duration. */
export class Duration {
  readonly #ns: bigint;

  constructor(seconds: number | bigint | string = 0, nanoseconds: number | bigint | string = 0) {
    this.#ns = toNanoseconds(seconds, nanoseconds);
  }

  static fromNanoseconds(ns: bigint): Duration {
    return new Duration(0, ns);
  }

  get nanoseconds(): bigint {
    return this.#ns;
  }

  get secondsAndNanoseconds(): { seconds: number; nanoseconds: number } {
    return splitNanoseconds(this.#ns);
  }

  eq(other: Duration): boolean {
    return this.#ns === other.nanoseconds;
  }
  ne(other: Duration): boolean {
    return this.#ns !== other.nanoseconds;
  }
  lt(other: Duration): boolean {
    return this.#ns < other.nanoseconds;
  }
  lte(other: Duration): boolean {
    return this.#ns <= other.nanoseconds;
  }
  gt(other: Duration): boolean {
    return this.#ns > other.nanoseconds;
  }
  gte(other: Duration): boolean {
    return this.#ns >= other.nanoseconds;
  }

  toMsg(): { sec: number; nanosec: number } {
    const { seconds, nanoseconds } = splitNanoseconds(this.#ns);
    return { sec: seconds, nanosec: nanoseconds };
  }

  static fromMsg(msg: { sec: number; nanosec: number }): Duration {
    return new Duration(msg.sec, msg.nanosec);
  }

  toString(): string {
    return `${this.#ns}ns`;
  }
}
