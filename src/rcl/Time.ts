import { ClockType } from './ClockType.js';
import { Duration } from './Duration.js';
import { splitNanoseconds, toNanoseconds } from './nanoseconds.js';

/** A point in time on a clock, in exact bigint nanoseconds, as rclnodejs's Time. */
export class Time {
  readonly #ns: bigint;
  readonly #clockType: ClockType;

  constructor(
    seconds: number | bigint | string = 0,
    nanoseconds: number | bigint | string = 0,
    clockType: ClockType = ClockType.SYSTEM_TIME,
  ) {
    this.#ns = toNanoseconds(seconds, nanoseconds);
    if (this.#ns < 0n) throw new RangeError('Time must not be negative');
    this.#clockType = clockType;
  }

  static fromNanoseconds(ns: bigint, clockType: ClockType = ClockType.ROS_TIME): Time {
    return new Time(0, ns, clockType);
  }

  get nanoseconds(): bigint {
    return this.#ns;
  }

  get clockType(): ClockType {
    return this.#clockType;
  }

  get secondsAndNanoseconds(): { seconds: number; nanoseconds: number } {
    return splitNanoseconds(this.#ns);
  }

  add(duration: Duration): Time {
    return new Time(0, this.#ns + duration.nanoseconds, this.#clockType);
  }

  sub(other: Time): Duration;
  sub(other: Duration): Time;
  sub(other: Time | Duration): Time | Duration {
    if (other instanceof Time) {
      this.#checkClock(other);
      return new Duration(0, this.#ns - other.nanoseconds);
    }
    return new Time(0, this.#ns - other.nanoseconds, this.#clockType);
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
    return new Time(msg.sec, msg.nanosec, clockType);
  }

  toString(): string {
    return `${this.#ns}ns`;
  }

  #checkClock(other: Time): void {
    if (other.clockType !== this.#clockType) {
      throw new TypeError("Can't compare times with different clock types");
    }
  }
}
