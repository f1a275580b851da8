/**
 * Classic Gazebo's time arithmetic where gazebo_ros's plugins decide when to act: common::Time
 * keeps whole seconds and nanoseconds, its Double() is `sec + nsec * 1e-9`, and a period set from
 * a rate is `1.0 / rate` (a double). Sim time here is the world's, from its start: `step * stepNs`.
 */

/** common::Time::Double() of a duration in nanoseconds. */
export function timeDouble(ns: number): number {
  const sec = Math.floor(ns / 1e9);
  return sec + (ns - sec * 1e9) * 1e-9;
}

/**
 * The throttle gazebo_ros's model and world plugins keep at WorldUpdateBegin (gazebo_ros_diff_drive,
 * _joint_state_publisher, _state; gazebo_ros's Throttler for /clock): it acts at an update unless
 * `(now - last).Double() < period`, `period = 1.0 / rate` (0 when the rate is 0 or less: every
 * update); `last` starts at the sim time the plugin loaded. WorldUpdateBegin of step k sees sim
 * time k steps (classic's World::Step adds the step before World::Update), so the steps between
 * two updates are a fixed count, found once.
 */
export class ClassicThrottle {
  readonly period: number;
  readonly #stepNs: number;
  /** Steps from the last update to the next. */
  readonly #steps: number;
  #last: number;

  constructor(rateHz: number, stepNs: number, loadStep: number) {
    this.period = rateHz > 0 ? 1.0 / rateHz : 0;
    this.#stepNs = stepNs;
    this.#last = loadStep;
    let steps = Math.max(1, Math.ceil((this.period * 1e9) / stepNs));
    while (steps > 1 && this.#passes(steps - 1)) steps--;
    while (!this.#passes(steps)) steps++;
    this.#steps = steps;
  }

  #passes(steps: number): boolean {
    return !(timeDouble(steps * this.#stepNs) < this.period);
  }

  /** The first step at or after `from` at which it acts. */
  next(from: number): number {
    return Math.max(from, this.#last + this.#steps);
  }

  /** At WorldUpdateBegin of `step`: whether it acts (and then it remembers the step). */
  ready(step: number): boolean {
    if (step < this.#last + this.#steps) return false;
    this.#last = step;
    return true;
  }

  /** `(now - last).Double()` before `ready` moves `last`: the seconds since it last acted. */
  since(step: number): number {
    return timeDouble((step - this.#last) * this.#stepNs);
  }
}
