import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Clock, ROSClock } from '../../src/client/Clock.js';
import { Node } from '../../src/client/Node.js';
import { ClockType } from '../../src/ros/ClockType.js';
import { Duration } from '../../src/ros/Duration.js';
import { RangeValidationError, TypeValidationError } from '../../src/ros/rclErrors.js';
import { Time } from '../../src/ros/Time.js';
import { MS, runCli, SECOND, simulate, tempDir, writeTemp } from '../support/helpers.js';

/** The first sim time builtin_interfaces/Time cannot carry: its seconds are an int32. */
const PAST_MESSAGES = 2n ** 31n * SECOND;

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

  it('refuses a start or an end past what builtin_interfaces/Time carries (int32 seconds), however the job gives it (exit 2)', async () => {
    const past = {
      message:
        /^the start time 2147483648\.000000000s is past 2147483647\.999999999s, the last time builtin_interfaces\/Time can carry \(its seconds are an int32\)$/,
    };
    await assert.rejects(
      simulate(() => {}, { startTime: PAST_MESSAGES }),
      past,
    );
    await assert.rejects(
      simulate((job) => void (job.startTime = PAST_MESSAGES)),
      past,
    );
    await assert.rejects(
      simulate(() => {}, { startTime: PAST_MESSAGES - SECOND, endAfter: 2n * SECOND }),
      { message: /^the end time 2147483649\.000000000s \(the start 2147483647\.000000000s \+ 2\.000000000s\) is past 2147483647\.999999999s/ },
    );
    // Up to the last instant, the job's own end is what ends the run.
    const last = await simulate(() => void new Node('n').createTimer(100n * MS, () => {}), { startTime: PAST_MESSAGES - SECOND, endAfter: SECOND - 1n });
    assert.deepEqual([last.summary.endReason, last.summary.endTime], ['end-time', PAST_MESSAGES - 1n]);
    const dir = tempDir();
    writeTemp(dir, 'talker.cjs', "require('rclnodejs').init().then(() => require('rclnodejs').createNode('talker').createTimer(1000000000n, () => {}));");
    writeTemp(dir, 'far.yaml', 'start: 1000000h\nnodes:\n  - script: talker.cjs\n');
    const far = runCli(['run', 'far.yaml'], dir);
    assert.equal(far.status, 2, far.stderr);
    assert.equal(
      far.stderr,
      'rclsim: far.yaml:1: start: 1000000h is past 2147483647.999999999s, the last time builtin_interfaces/Time can carry (its seconds are an int32)\n',
    );
    writeTemp(dir, 'late.yaml', 'start: 2147483000s\nnodes:\n  - script: talker.cjs\n');
    const until = runCli(['run', 'late.yaml', '--until', '1h'], dir);
    assert.equal(until.status, 2, until.stderr);
    assert.match(until.stderr, /^rclsim: the end time 2147486600\.000000000s \(the start 2147483000\.000000000s \+ 3600\.000000000s\) is past /);
  });

  it('ends a run that reaches the last time a message can carry (end reason max-time), its nodes logging to /rosout up to it', async () => {
    const { summary, logs } = await simulate(
      () => {
        const node = new Node('late');
        node.createTimer(SECOND, () => node.getLogger().info('tick'));
      },
      { startTime: PAST_MESSAGES - 3n * SECOND },
    );
    assert.equal(summary.endReason, 'max-time');
    assert.equal(summary.endTime, PAST_MESSAGES - 1n);
    assert.equal(summary.exitCode, 0);
    assert.deepEqual(
      logs.map((record) => record.time),
      // A timer made before the start first fires at it.
      [PAST_MESSAGES - 3n * SECOND, PAST_MESSAGES - 2n * SECOND, PAST_MESSAGES - SECOND],
    );
  });
});
