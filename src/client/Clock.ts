import type { NodePort } from '../port/NodePort.js';
import { ClockChange, changesSource } from '../ros/ClockChange.js';
import { ClockType } from '../ros/ClockType.js';
import type { Duration } from '../ros/Duration.js';
import { TypeValidationError } from '../ros/rclErrors.js';
import { Time } from '../ros/Time.js';
import { ClockEvent } from './ClockEvent.js';
import { Context } from './Context.js';
import { currentPort } from './currentPort.js';

/** What a jump callback's `_post_callback` receives, as rcl's `rcl_time_jump_t`. */
export interface JumpInfo {
  clock_change: ClockChange;
  delta: bigint;
}

/** rclnodejs's jump callback object: called before and after a time jump. */
export interface ClockCallbackObject {
  _pre_callback?: () => unknown;
  _post_callback?: (jump: JumpInfo) => unknown;
}

interface JumpCallback {
  object: ClockCallbackObject;
  onClockChange: boolean;
  minForward: bigint;
  minBackward: bigint;
}

const ABOUT_CLOCK = { entityType: 'clock' };

/**
 * rclnodejs's Clock. Inside a simulation every clock type reads sim time, which never jumps:
 * jump callbacks run only when a ROS clock's override is switched or set (see ROSClock).
 */
export class Clock {
  static readonly ClockType = ClockType;
  readonly #clockType: ClockType;
  /** The port of the program the clock belongs to: its time is the simulation's. */
  readonly port: NodePort;
  readonly #jumpCallbacks: JumpCallback[] = [];

  constructor(clockType: ClockType = ClockType.SYSTEM_TIME, port: NodePort = currentPort()) {
    this.#clockType = clockType;
    this.port = port;
  }

  get clockType(): ClockType {
    return this.#clockType;
  }

  get handle(): this {
    return this;
  }

  now(): Time {
    return Time.fromNanoseconds(this.port.now(), this.#clockType);
  }

  /** Whether the clock's time is the simulation's (false for an overridden ROS clock). */
  readsSimTime(): boolean {
    return true;
  }

  /** rcl_clock_add_jump_callback's checks and rules, with rclnodejs's argument checks. */
  addClockCallback(callbackObject: ClockCallbackObject, onClockChange: boolean, minForward: bigint, minBackward: bigint): void {
    if (typeof callbackObject !== 'object' || callbackObject === null) {
      throw new TypeValidationError('callbackObject', callbackObject, 'object', ABOUT_CLOCK);
    }
    if (typeof onClockChange !== 'boolean') throw new TypeValidationError('onClockChange', onClockChange, 'boolean', ABOUT_CLOCK);
    if (typeof minForward !== 'bigint') throw new TypeValidationError('minForward', minForward, 'bigint', ABOUT_CLOCK);
    if (typeof minBackward !== 'bigint') throw new TypeValidationError('minBackward', minBackward, 'bigint', ABOUT_CLOCK);
    if (minForward < 0n) throw new Error('forward jump threshold must be positive or zero');
    if (minBackward > 0n) throw new Error('backward jump threshold must be negative or zero');
    if (this.#jumpCallbacks.some((callback) => callback.object === callbackObject)) {
      throw new Error('callback/user_data are already added to this clock');
    }
    this.#jumpCallbacks.push({ object: callbackObject, onClockChange, minForward, minBackward });
  }

  removeClockCallback(callbackObject: ClockCallbackObject): void {
    if (typeof callbackObject !== 'object' || callbackObject === null) {
      throw new TypeValidationError('callbackObject', callbackObject, 'object', ABOUT_CLOCK);
    }
    const index = this.#jumpCallbacks.findIndex((callback) => callback.object === callbackObject);
    if (index < 0) throw new Error('jump callback was not found');
    this.#jumpCallbacks.splice(index, 1);
  }

  /**
   * A time jump: the callbacks Jazzy's rcl (`_rcl_clock_call_callbacks`) selects — a change of
   * source when they asked for it; a backward jump at or past a negative min_backward; a forward
   * one at or past a positive min_forward (a zero threshold is off, which is why rclnodejs's
   * sleepUntil asks for 1 ns) — run before `apply` and again, with the jump, after it.
   */
  protected jump(change: ClockChange, delta: bigint, apply: () => void): void {
    const sourceChange = changesSource(change);
    const due = this.#jumpCallbacks.filter(
      (callback) =>
        (sourceChange && callback.onClockChange) ||
        (callback.minBackward < 0n && delta <= callback.minBackward) ||
        (callback.minForward > 0n && delta >= callback.minForward),
    );
    for (const callback of due) callback.object._pre_callback?.();
    apply();
    for (const callback of due) callback.object._post_callback?.({ clock_change: change, delta });
  }

  /**
   * Resolves true once the clock reaches `until` (at once if it has), false if ROS time was
   * switched on or off meanwhile or the context was shut down, as rclnodejs's sleepUntil.
   */
  async sleepUntil(until: Time, context: Context | null = null): Promise<boolean> {
    if (!(until instanceof Time)) throw new TypeValidationError('until', until, 'Time', ABOUT_CLOCK);
    const sleepContext = context ?? Context.defaultContext(this.port);
    if (!sleepContext.isValid()) throw new Error('Context is not initialized or has been shut down');
    if (until.clockType !== this.#clockType) throw new TypeError("until's clock type does not match this clock's type");
    const event = new ClockEvent();
    let sourceChanged = false;
    const watcher: ClockCallbackObject = {
      _post_callback: (jump) => {
        sourceChanged ||= changesSource(jump.clock_change);
        if (sourceChanged || this.now().nanoseconds >= until.nanoseconds) event.set();
      },
    };
    this.addClockCallback(watcher, true, 1n, 0n);
    try {
      await event.waitUntilRos(this, until.nanoseconds);
    } finally {
      this.removeClockCallback(watcher);
    }
    return sleepContext.isValid() && !sourceChanged && this.now().nanoseconds >= until.nanoseconds;
  }

  sleepFor(duration: Duration, context: Context | null = null): Promise<boolean> {
    return this.sleepUntil(this.now().add(duration), context);
  }
}

/**
 * The ROS clock. As in rcl a new one has ROS time off (it reads system time, which inside a
 * simulation is sim time); a node's clock has it on, the simulation being its time source.
 * While on, an override (a TimeSource's /clock time, or set by code) is what it reads; switching
 * and setting run rcl's jump callbacks.
 */
export class ROSClock extends Clock {
  #active = false;
  #override: bigint | null = null;

  constructor(port: NodePort = currentPort()) {
    super(ClockType.ROS_TIME, port);
  }

  override now(): Time {
    return this.readsSimTime() ? super.now() : Time.fromNanoseconds(this.#override!, ClockType.ROS_TIME);
  }

  override readsSimTime(): boolean {
    return !this.#active || this.#override === null;
  }

  get isRosTimeActive(): boolean {
    return this.#active;
  }

  set isRosTimeActive(enabled: boolean) {
    if (enabled === this.#active) return;
    this.jump(enabled ? ClockChange.ROS_TIME_ACTIVATED : ClockChange.ROS_TIME_DEACTIVATED, 0n, () => (this.#active = enabled));
  }

  get rosTimeOverride(): Time {
    return this.now();
  }

  set rosTimeOverride(time: Time) {
    if (!(time instanceof Time)) throw new TypeValidationError('time', time, 'Time', ABOUT_CLOCK);
    const apply = (): void => {
      this.#override = time.nanoseconds;
    };
    if (this.#active) this.jump(ClockChange.ROS_TIME_NO_CHANGE, time.nanoseconds - this.now().nanoseconds, apply);
    else apply();
  }
}
