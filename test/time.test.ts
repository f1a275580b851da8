import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Clock, ROSClock } from '../src/rcl/Clock.js';
import { ClockType } from '../src/rcl/ClockType.js';
import { Duration } from '../src/rcl/Duration.js';
import { RangeValidationError, TypeValidationError } from '../src/rcl/errors.js';
import { Node } from '../src/rcl/Node.js';
import { Time } from '../src/rcl/Time.js';
import { MS, SECOND, simulate } from './helpers.js';

describe('Time and Duration', () => {
  it('are exact bigint nanoseconds, beyond double precision', () => {
    const t = new Time(1_600_000_000, 123_456_789, ClockType.ROS_TIME);
    assert.equal(t.nanoseconds, 1_600_000_000_123_456_789n);
    assert.deepEqual(t.secondsAndNanoseconds, { seconds: 1_600_000_000n, nanoseconds: 123_456_789n }, 'bigints, as rclnodejs 2.x gives them');
    assert.deepEqual(t.toMsg(), { sec: 1_600_000_000, nanosec: 123_456_789 });
    assert.equal(Time.fromMsg({ sec: 1, nanosec: 5 }).nanoseconds, 1_000_000_005n);
    const later = t.add(new Duration(0, 1n));
    assert.equal(later.nanoseconds, 1_600_000_000_123_456_790n);
    assert.equal(later.sub(t).nanoseconds, 1n);
    assert.equal(later.sub(new Duration(1)).nanoseconds, 1_599_999_999_123_456_790n);
    assert.ok(later.gt(t) && t.lt(later) && t.lte(t) && t.eq(new Time(0, t.nanoseconds, ClockType.ROS_TIME)));
    assert.throws(
      () => t.lt(new Time(0, 0, ClockType.SYSTEM_TIME)),
      (error: unknown) => error instanceof TypeValidationError && error.message === "Invalid type for 'other': expected Time with clock type 1, got object",
    );
    assert.throws(() => new Time(-1n), RangeValidationError);
    assert.throws(() => new Time(0n, 2n ** 63n), /< 2\^63 \(max C time point\)/);
    assert.throws(() => new Duration(1n).eq(5e9 as never), TypeValidationError);
    assert.ok(new Duration(2).gt(new Duration(1, 999_999_999)));
    assert.deepEqual(new Duration(0, -1n).secondsAndNanoseconds, { seconds: -1, nanoseconds: 999_999_999 });
    assert.throws(
      () => new Time(1.5),
      (error: unknown) => error instanceof TypeValidationError && /'seconds': expected bigint/.test((error as Error).message),
    );
  });

  it('every clock reads sim time inside a simulation', async () => {
    const readings: bigint[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        assert.ok(node.getClock() instanceof ROSClock);
        assert.equal(node.getClock().isRosTimeActive, true);
        node.createTimer(250n * MS, () => {
          readings.push(node.now().nanoseconds);
          readings.push(new Clock(ClockType.SYSTEM_TIME).now().nanoseconds);
          readings.push(new Clock(ClockType.STEADY_TIME).now().nanoseconds);
          assert.equal(node.now().clockType, ClockType.ROS_TIME);
        });
        readings.push(node.now().nanoseconds);
      },
      { startTime: 5n * SECOND, endAfter: 0n },
    );
    assert.deepEqual(readings, [0n, 5n * SECOND, 5n * SECOND, 5n * SECOND]);
  });
});
