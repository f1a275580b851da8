import { ClockType } from './ClockType.js';
import { Duration } from './Duration.js';
import { INT64_LIMIT, NS_PER_SECOND, splitNanoseconds, toBigInt, toNanoseconds } from './nanoseconds.js';
import { RangeValidationError, TypeValidationError } from './rclErrors.js';

const ABOUT = { entityType: 'time' };

/**
 * A point in time on a clock, in exact bigint nanoseconds, as rclnodejs 2.x's Time, with its
 * checks and error classes (numbers and decimal strings are taken for bigints, as 0.x had them).
 */
export class Time {
  readonly #ns: bigint;
  readonly #clockType: ClockType;

  constructor(seconds: number | bigint | string = 0n, nanoseconds: number | bigint | string = 0n, clockType: ClockType = ClockType.SYSTEM_TIME) {
    // Node#now makes one per call, on the path of every callback that reads its clock: the
    // nanoseconds-only form needs only the range checks.
    if (seconds === 0n && typeof nanoseconds === 'bigint' && nanoseconds >= 0n && nanoseconds < INT64_LIMIT && typeof clockType === 'number') {
      this.#ns = nanoseconds;
      this.#clockType = clockType;
      return;
    }
    const secs = toBigInt(seconds, 'seconds', 'time');
    const nsecs = toBigInt(nanoseconds, 'nanoseconds', 'time');
    if (typeof clockType !== 'number') throw new TypeValidationError('clockType', clockType, 'number', ABOUT);
    if (secs < 0n) throw new RangeValidationError('seconds', secs, '>= 0', ABOUT);
    if (nsecs < 0n) throw new RangeValidationError('nanoseconds', nsecs, '>= 0', ABOUT);
    this.#ns = toNanoseconds(secs, nsecs, 'time', 'time point');
    this.#clockType = clockType;
  }

  static fromNanoseconds(ns: bigint, clockType: ClockType = ClockType.ROS_TIME): Time {
    return new Time(0n, ns, clockType);
  }

  get nanoseconds(): bigint {
    return this.#ns;
  }

  get clockType(): ClockType {
    return this.#clockType;
  }

  /** As rclnodejs 2.x gives them: bigints. */
  get secondsAndNanoseconds(): { seconds: bigint; nanoseconds: bigint } {
    return { seconds: this.#ns / NS_PER_SECOND, nanoseconds: this.#ns % NS_PER_SECOND };
  }

  add(duration: Duration): Time {
    if (!(duration instanceof Duration)) throw new TypeValidationError('other', duration, 'Duration', ABOUT);
    return new Time(0n, this.#ns + duration.nanoseconds, this.#clockType);
  }

  sub(other: Time): Duration;
  sub(other: Duration): Time;
  sub(other: Time | Duration): Time | Duration {
    if (other instanceof Time) {
      this.#checkClock(other);
      return new Duration(0n, this.#ns - other.nanoseconds);
    }
    if (!(other instanceof Duration)) throw new TypeValidationError('other', other, 'Time or Duration', ABOUT);
    return new Time(0n, this.#ns - other.nanoseconds, this.#clockType);
  }

  eq(other: Time): boolean {
    this.#checkClock(other);
    return this.#ns === other.nanoseconds;
  }
  ne(other: Time): boolean {
    this.#checkClock(other);
    return this.#ns !== other.nanoseconds;
  }
  lt(other: Time): boolean {
    this.#checkClock(other);
    return this.#ns < other.nanoseconds;
  }
  lte(other: Time): boolean {
    this.#checkClock(other);
    return this.#ns <= other.nanoseconds;
  }
  gt(other: Time): boolean {
    this.#checkClock(other);
    return this.#ns > other.nanoseconds;
  }
  gte(other: Time): boolean {
    this.#checkClock(other);
    return this.#ns >= other.nanoseconds;
  }

  /** builtin_interfaces/msg/Time. */
  toMsg(): { sec: number; nanosec: number } {
    const { seconds, nanoseconds } = splitNanoseconds(this.#ns);
    return { sec: seconds, nanosec: nanoseconds };
  }

  static fromMsg(msg: { sec: number; nanosec: number }, clockType: ClockType = ClockType.ROS_TIME): Time {
    return new Time(BigInt(msg.sec), BigInt(msg.nanosec), clockType);
  }

  toString(): string {
    return `${this.#ns}ns`;
  }

  #checkClock(other: Time): void {
    if (!(other instanceof Time)) throw new TypeValidationError('other', other, 'Time', ABOUT);
    if (other.clockType !== this.#clockType) {
      throw new TypeValidationError('other', other, `Time with clock type ${this.#clockType}`, {
        ...ABOUT,
        details: { expectedClockType: this.#clockType, providedClockType: other.clockType },
      });
    }
  }
}
