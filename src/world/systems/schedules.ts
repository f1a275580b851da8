/**
 * When Gazebo's systems and sensors publish, in steps (step 0 is the world's start; gz-sim's
 * first iteration is step 1, at one step's sim time). Two rules, as gz-sensors and gz-sim have
 * them:
 * - a sensor (gz-sensors' Sensor::Update): due when its time reaches `next`, which starts at 0
 *   and moves on by the period truncated to whole milliseconds (30 Hz: 33 ms), past now if it
 *   fell behind;
 * - a system's throttle (DiffDrive, JointStatePublisher's update_rate): publishes unless the time
 *   since its last publication (0 at first) is above 0 and below the period, so the interval
 *   rounds up to whole steps (30 Hz at a 1 ms step: every 34 ms).
 */
export interface Schedule {
  /** The first step at or after `from` at which it is due. */
  next(from: number): number;
  /** It published at `step`. */
  done(step: number): void;
}

/** Every step from the first iteration. */
export const EVERY_STEP: Schedule = { next: (from) => Math.max(from, 1), done: () => {} };

/** A sensor's updates at `rateHz` (0: every step), the world stepping every `stepNs`. */
export function sensorSchedule(rateHz: number, stepNs: number): Schedule {
  if (!(rateHz > 0)) return EVERY_STEP;
  const deltaNs = Math.trunc(1000 / rateHz) * 1e6;
  if (deltaNs <= 0) throw new RangeError(`a sensor rate above 1000 Hz (${rateHz}) has no whole-millisecond period; gz-sensors never ends its catch-up loop`);
  let nextNs = 0;
  return {
    next: (from) => Math.max(from, 1, Math.ceil(nextNs / stepNs)),
    done: (step) => {
      const now = step * stepNs;
      nextNs += deltaNs;
      while (nextNs <= now) nextNs += deltaNs;
    },
  };
}

/** A system's throttle at `rateHz` (0 or less: every step). */
export function throttleSchedule(rateHz: number, stepNs: number): Schedule {
  if (!(rateHz > 0)) return EVERY_STEP;
  // std::chrono's duration_cast of 1/rate seconds to nanoseconds truncates.
  const periodNs = Math.trunc(1e9 / rateHz);
  let lastStep = 0;
  return {
    next: (from) => Math.max(from, 1, lastStep + Math.ceil(periodNs / stepNs)),
    done: (step) => {
      lastStep = step;
    },
  };
}
