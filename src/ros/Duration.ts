import { splitNanoseconds, toBigInt, toNanoseconds } from './nanoseconds.js';
import { TypeValidationError } from './rclErrors.js';

/** A span of time in exact bigint nanoseconds, as rclnodejs 2.x's Duration (see Time). */
export class Duration {
  readonly #ns: bigint;

  constructor(seconds: number | bigint | string = 0n, nanoseconds: number | bigint | string = 0n) {
    this.#ns = toNanoseconds(toBigInt(seconds, 'seconds', 'duration'), toBigInt(nanoseconds, 'nanoseconds', 'duration'), 'duration', 'duration');
  }

  static fromNanoseconds(ns: bigint): Duration {
    return new Duration(0n, ns);
  }

  get nanoseconds(): bigint {
    return this.#ns;
  }

  get secondsAndNanoseconds(): { seconds: number; nanoseconds: number } {
    return splitNanoseconds(this.#ns);
  }

  eq(other: Duration): boolean {
    return this.#ns === nanosecondsOf(other);
  }
  ne(other: Duration): boolean {
    return this.#ns !== nanosecondsOf(other);
  }
  lt(other: Duration): boolean {
    return this.#ns < nanosecondsOf(other);
  }
  lte(other: Duration): boolean {
    return this.#ns <= nanosecondsOf(other);
  }
  gt(other: Duration): boolean {
    return this.#ns > nanosecondsOf(other);
  }
  gte(other: Duration): boolean {
    return this.#ns >= nanosecondsOf(other);
  }

  toMsg(): { sec: number; nanosec: number } {
    const { seconds, nanoseconds } = splitNanoseconds(this.#ns);
    return { sec: seconds, nanosec: nanoseconds };
  }

  static fromMsg(msg: { sec: number; nanosec: number }): Duration {
    return new Duration(BigInt(msg.sec), BigInt(msg.nanosec));
  }

  toString(): string {
    return `${this.#ns}ns`;
  }
}

function nanosecondsOf(other: Duration): bigint {
  if (!(other instanceof Duration)) throw new TypeValidationError('other', other, 'Duration', { entityType: 'duration' });
  return other.nanoseconds;
}
