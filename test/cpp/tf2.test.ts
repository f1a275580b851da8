import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { builtWorkspace } from '../support/builtWorkspace.js';
import { type CliResult, logLines, needs, repoRoot, runCli } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 900_000;
const fixtures = join(repoRoot, 'test/fixtures/tf2');

describe('C++ programs: tf2, tf2_ros and tf2_geometry_msgs', needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  describe('a package using tf2_ros, built by rclsim build: a broadcaster, a listener and a MessageFilter', () => {
    let workspace: string;
    let build: CliResult;
    before(() => ({ workspace, build } = builtWorkspace(join(fixtures, 'workspace'), BUILD_MS)));

    it("finds tf2, tf2_ros, tf2_geometry_msgs and message_filters (ament_target_dependencies and the packages' targets)", () => {
      assert.equal(build.status, 0, build.stderr);
    });

    it("hears /tf and /tf_static; waits for a lookup's timeout in sim time; tf2's errors, doTransform and math", () => {
      const run = runCli(['run', 'job.yaml'], workspace, BUILD_MS);
      assert.equal(run.status, 0, run.stderr);
      const listener = (time: string, text: string) => `[INFO] [${time}] [listener]: ${text}`;
      const broadcaster = (text: string) => `[INFO] [0.000000000] [broadcaster]: ${text}`;
      const filter = (time: string, text: string) => `[INFO] [${time}] [filter]: ${text}`;
      // The MessageFilter passes each point once /tf has its stamp, in the world's frame.
      const point = (seconds: string, x: string, y: string) => filter(`${seconds}00000000`, `point of robot at ${seconds} s is world's (${x}, ${y}, 0.000)`);
      assert.deepEqual(logLines(run.stderr), [
        // tf2_ros' QoS overriding options: depth 100 on /tf, 1 and transient local on /tf_static.
        broadcaster('qos_overrides./tf.publisher.depth = 100'),
        broadcaster('qos_overrides./tf.publisher.durability = volatile'),
        broadcaster('qos_overrides./tf.publisher.history = keep_last'),
        broadcaster('qos_overrides./tf.publisher.reliability = reliable'),
        broadcaster('qos_overrides./tf_static.publisher.depth = 1'),
        broadcaster('qos_overrides./tf_static.publisher.history = keep_last'),
        broadcaster('qos_overrides./tf_static.publisher.reliability = reliable'),
        listener(
          '0.000000000',
          'setRPY(0.1, 0.2, 0.3) = (0.034270798550482096, 0.10602051106179562, 0.14357217502739189, 0.98334744325635581); getRPY = (0.099999999999999992, 0.20000000000000001, 0.30000000000000004); getYaw = 0.29999999999999999',
        ),
        listener('0.000000000', 'angle 0.36550218635669862, slerp halfway 0.072086822297287245'),
        point('0.3', '1.289', '0.149'),
        // Asked at 10 ms with a 1 s timeout: tf2_ros polls every 10 ms of sim time; /tf comes at 0.3 s.
        listener('0.310000000', 'robot at x=0.300 (stamp 0.300000000), found at 0.310 s'),
        filter('0.400000000', "Message Filter dropping message: frame '' at time 0.400 for reason 'the frame id of the message is empty'"),
        point('0.5', '1.469', '0.247'),
        point('0.6', '1.555', '0.296'),
        point('0.7', '1.639', '0.343'),
        point('0.8', '1.721', '0.389'),
        point('0.9', '1.800', '0.435'),
        point('1.0', '1.878', '0.479'),
        point('1.1', '1.953', '0.523'),
        listener('1.200000000', 'LookupException at 1.200 s: "nowhere" passed to lookupTransform argument source_frame does not exist. '),
        listener(
          '1.200000000',
          'ExtrapolationException: Lookup would require extrapolation into the future.  Requested time 5.000000 but the latest data is at time 1.100000, when looking up transform from frame [robot] to frame [world]',
        ),
        listener('1.200000000', "robot's (1, 0, 0) at 1 s is world's (1.8775825618903728, 0.47942553860420295, 0) in world"),
        listener('1.200000000', 'camera in robot at 1.100000000: (-0.937777, 0.574956, 2.000000)'),
        // tf2's lookupVelocity, as its formula goes: the observed motion turned by the tracking frame's rotation.
        listener('1.200000000', "robot's velocity in world at 1.000000000: linear (0.877583, -0.020574, 0.000000), angular (0.000000, 0.000000, 0.500000)"),
        listener('1.200000000', 'frames:'),
        point('1.2', '2.025', '0.565'),
        point('1.3', '2.096', '0.605'),
        point('1.4', '2.165', '0.644'),
        // Stamped 0.1 s, before the first transform: its wait times out after the filter's 1 s.
        filter(
          '1.500000000',
          "Message Filter dropping message: frame 'robot' at time 0.100 for reason 'the timestamp on the message is earlier than all the data in the transform cache'",
        ),
        point('1.5', '2.232', '0.682'),
        point('1.6', '2.297', '0.717'),
        listener('1.700000000', 'TimeoutException at 1.700 s: Timed out waiting for transform'),
        point('1.7', '2.360', '0.751'),
        point('1.8', '2.422', '0.783'),
        point('1.9', '2.482', '0.813'),
        point('2.0', '2.540', '0.841'),
      ]);
      assert.match(run.stderr, /Frame camera exists with parent world\.\nFrame robot exists with parent world\.\n/);
      const again = runCli(['run', 'job.yaml'], workspace, BUILD_MS);
      assert.equal(again.stderr, run.stderr);
    });
  });
});
