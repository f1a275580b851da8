import assert from 'node:assert/strict';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { logLines, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

const FIXTURES = join(repoRoot, 'test/fixtures/nodes');
const ALL_JOINTS = readFileSync(join(FIXTURES, 'all_joints.urdf'), 'utf8');

/** A folder with the URDF and the programs that move the joints and print what tf carries. */
function folder(): string {
  const dir = tempDir();
  for (const name of ['all_joints.urdf', 'joint_mover.mjs', 'tf_printer.mjs']) copyFileSync(join(FIXTURES, name), join(dir, name));
  return dir;
}

/** A YAML block scalar of `text`, indented by `indent`. */
const block = (text: string, indent: string): string => `|\n${text.replace(/^/gm, indent)}`;

/** The printer's lines of a topic. */
const linesOf = (stdout: string, topic: string): string[] => stdout.split('\n').filter((line) => line.startsWith(`${topic} `));

describe('robot_state_publisher, built into rclsim', () => {
  it('publishes fixed joints on /tf_static, moving and mimic joints on /tf from /joint_states, the URDF on /robot_description; floating and planar as KDL takes them', () => {
    const dir = folder();
    const job = writeTemp(
      dir,
      'job.yaml',
      `nodes:
  - package: robot_state_publisher
    executable: robot_state_publisher
    parameters:
      robot_description: ${block(ALL_JOINTS, '        ')}
      frame_prefix: r1/
  - script: joint_mover.mjs
end:
  after: 0.25s
`,
    );
    const run = runCli(['run', job], dir, 60_000);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(logLines(run.stderr), [
      "[WARN] [0.000000000] [kdl_parser]: Converting unknown joint type of joint 'floating_joint' into a fixed joint",
      "[WARN] [0.000000000] [kdl_parser]: Converting unknown joint type of joint 'planar_joint' into a fixed joint",
      '[INFO] [0.000000000] [robot_state_publisher]: Robot initialized',
    ]);
    // Fixed joints (planar made fixed; floating skipped) by joint name, stamped at the start.
    assert.deepEqual(linesOf(run.stdout, '/tf_static'), [
      '/tf_static 0.000000000 r1/base_link -> r1/plane p=(0, 0, -1) q=(0, 0, 0.1246747333852277, 0.9921976672293291)',
      '/tf_static 0.000000000 r1/base_link -> r1/sensor p=(0.3, 0, 0.2) q=(0, 0.24740395925452296, 0, 0.968912421710645)',
    ]);
    assert.deepEqual(linesOf(run.stdout, '/robot_description'), [`/robot_description ${ALL_JOINTS.length} characters`]);
    // Moving joints by name, stamped with their message's stamp; finger_right follows finger_left (×-2 + 0.25).
    assert.deepEqual(linesOf(run.stdout, '/tf').slice(0, 5), [
      '/tf 0.100000000 r1/slider -> r1/finger_left p=(0, 0.05, 0) q=(0.024997395914712332, 0, 0, 0.9996875162757025)',
      '/tf 0.100000000 r1/slider -> r1/finger_right p=(0, -0.05, 0) q=(0.07492970727274233, 0, 0, 0.9971888181122076)',
      '/tf 0.100000000 r1/arm -> r1/slider p=(0.10218350663146335, -0.0003695701352462508, 0.00975170327201816) q=(0.034270798550482096, 0.10602051106179564, 0.14357217502739192, 0.9833474432563557)',
      '/tf 0.100000000 r1/base_link -> r1/arm p=(0, 0, 0.5) q=(-0.03534060950936696, 0.03534060950936697, 0.7062230818371107, 0.7062230818371108)',
      '/tf 0.100000000 r1/base_link -> r1/wheel p=(0.2, -0.3, 0) q=(0.7062230818371107, 0.03534060950936696, -0.03534060950936697, 0.7062230818371108)',
    ]);
    assert.equal(linesOf(run.stdout, '/tf').length, 10);

    // publish_frequency caps how often a joint is sent (by its messages' stamps); ignore_timestamp lifts the cap.
    const stamps = (frequency: string, ignore: boolean): string[] => {
      const capped = writeTemp(
        dir,
        'capped.yaml',
        `nodes:
  - package: robot_state_publisher
    executable: robot_state_publisher
    args: [all_joints.urdf, --ros-args, -p, 'publish_frequency:=${frequency}', -p, 'ignore_timestamp:=${ignore}']
  - script: joint_mover.mjs
end:
  after: 0.65s
`,
      );
      const result = runCli(['run', capped], dir, 60_000);
      assert.equal(result.status, 0, result.stderr);
      return [...new Set(linesOf(result.stdout, '/tf').map((line) => line.split(' ')[1]))];
    };
    // A joint never sent counts as sent at 0: the first message, at 0.1 s, is too early.
    assert.deepEqual(stamps('5.0', false), ['0.200000000', '0.400000000', '0.600000000']);
    assert.deepEqual(stamps('5.0', true), ['0.100000000', '0.200000000', '0.300000000', '0.400000000', '0.500000000', '0.600000000']);
  });

  it('runs from rclsim run with the URDF file as its argument (the deprecated fallback), and takes a new robot_description set as a parameter', () => {
    const dir = folder();
    const smaller =
      '<robot name="small"><link name="base"/><link name="top"/><joint name="up" type="fixed"><parent link="base"/><child link="top"/><origin xyz="0 0 2"/></joint></robot>';
    const job = writeTemp(
      dir,
      'reload.yaml',
      `nodes:
  - package: robot_state_publisher
    executable: robot_state_publisher
    args: [all_joints.urdf]
  - script: tf_printer.mjs
events:
  - on: start
    do:
      - after: 1s
        do:
          - ros2: [param, set, /robot_state_publisher, robot_description, '<robot name="bad">']
          - ros2: [param, set, /robot_state_publisher, robot_description, '${smaller}']
end:
  after: 2s
`,
    );
    const run = runCli(['run', job], dir, 60_000);
    assert.equal(run.status, 0, run.stderr);
    const lines = logLines(run.stderr);
    assert.equal(
      lines[0],
      '[WARN] [0.000000000] [robot_state_publisher]: No robot_description parameter, but command-line argument available.  Assuming argument is name of URDF file.  This backwards compatibility fallback will be removed in the future.',
    );
    // The bad one is refused when set (urdfdom's error, then the warning); the good one is taken when its event arrives.
    assert.ok(run.stderr.includes('Error:   Error=XML_ERROR_MISMATCHED_ELEMENT ErrorID=14 (0xe) Line number=1: XMLElement name=robot\n'), run.stderr);
    // (ros2 param set takes its own sim time to find the node's service: the lines say when.)
    const at = (pattern: RegExp): number => lines.findIndex((line) => pattern.test(line));
    const refused = at(/^\[WARN\] \[\d+\.\d{9}\] \[robot_state_publisher\]: Unable to initialize urdf::model from robot description$/);
    assert.ok(refused > 0, run.stderr);
    assert.ok(run.stderr.includes('Setting parameter failed: Unable to initialize urdf::model from robot description'), run.stderr);
    const taken = at(/^\[INFO\] \[[1-9]\d*\.\d{9}\] \[robot_state_publisher\]: Robot initialized$/);
    assert.ok(taken > refused, run.stderr);
    // The static broadcaster keeps what it sent and adds the new robot's frame.
    const statics = linesOf(run.stdout, '/tf_static').slice(-3);
    assert.deepEqual(statics.slice(0, 2), [
      '/tf_static 0.000000000 base_link -> plane p=(0, 0, -1) q=(0, 0, 0.1246747333852277, 0.9921976672293291)',
      '/tf_static 0.000000000 base_link -> sensor p=(0.3, 0, 0.2) q=(0, 0.24740395925452296, 0, 0.968912421710645)',
    ]);
    assert.match(statics[2]!, /^\/tf_static [1-9]\d*\.\d{9} base -> top p=\(0, 0, 2\) q=\(0, 0, 0, 1\)$/);

    const direct = runCli(['run', 'robot_state_publisher', 'robot_state_publisher', 'all_joints.urdf'], dir, 60_000);
    assert.equal(direct.status, 0, direct.stderr);
    assert.ok(logLines(direct.stderr).includes('[INFO] [0.000000000] [robot_state_publisher]: Robot initialized'), direct.stderr);
  });

  it("fails as upstream does on a URDF that does not parse, has a loop, or is not there: urdfdom's error, the uncaught exception, exit code 134", () => {
    const dir = folder();
    writeTemp(
      dir,
      'loop.urdf',
      '<robot name="r"><link name="a"/><link name="b"/><joint name="j1" type="fixed"><parent link="a"/><child link="b"/></joint><joint name="j2" type="fixed"><parent link="b"/><child link="a"/></joint></robot>',
    );
    writeTemp(dir, 'broken.urdf', '<robot name="r">\n  <link name="a">\n</robot>\n');
    const loop = runCli(['run', 'robot_state_publisher', 'robot_state_publisher', 'loop.urdf'], dir, 60_000);
    assert.equal(loop.status, 134, loop.stderr);
    assert.match(
      loop.stderr,
      /^Error: {3}Failed to find root link: No root link found\. The robot xml is not a valid tree\.\n {9}at line 265 in \S+urdf_parser\/src\/model\.cpp$/m,
    );
    assert.ok(
      loop.stderr.includes(
        "terminate called after throwing an instance of 'std::runtime_error'\n  what():  Unable to initialize urdf::model from robot description\n",
      ),
      loop.stderr,
    );
    const broken = runCli(['run', 'robot_state_publisher', 'robot_state_publisher', 'broken.urdf'], dir, 60_000);
    assert.equal(broken.status, 134, broken.stderr);
    assert.match(broken.stderr, /^Error: {3}Error=XML_ERROR_MISMATCHED_ELEMENT ErrorID=14 \(0xe\) Line number=2: XMLElement name=link$/m);
    const missing = runCli(['run', 'robot_state_publisher', 'robot_state_publisher', 'none.urdf'], dir, 60_000);
    assert.equal(missing.status, 134, missing.stderr);
    assert.ok(
      logLines(missing.stderr).includes('[FATAL] [0.000000000] [robot_state_publisher]: Failed to open URDF file: none.urdf: No such file or directory'),
      missing.stderr,
    );
    assert.ok(missing.stderr.includes("terminate called after throwing an instance of 'std::system_error'"), missing.stderr);
    const empty = runCli(['run', 'robot_state_publisher', 'robot_state_publisher'], dir, 60_000);
    assert.equal(empty.status, 134, empty.stderr);
    assert.ok(logLines(empty.stderr).includes('[FATAL] [0.000000000] [robot_state_publisher]: robot_description parameter must not be empty'), empty.stderr);
  });
});
