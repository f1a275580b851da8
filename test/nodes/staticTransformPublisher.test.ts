import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { logLines, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

const PRINTER = join(repoRoot, 'test/fixtures/nodes/tf_printer.mjs');

/** A folder with the printer program. */
function folder(): string {
  const dir = tempDir();
  copyFileSync(PRINTER, join(dir, 'tf_printer.mjs'));
  return dir;
}

const USAGE_FIRST =
  'usage: static_transform_publisher [--x X] [--y Y] [--z Z] [--qx QX] [--qy QY] [--qz QZ] [--qw QW] [--roll ROLL] [--pitch PITCH] [--yaw YAW] --frame-id FRAME_ID --child-frame-id CHILD_FRAME_ID';

describe("tf2_ros's static_transform_publisher, built into rclsim", () => {
  it('publishes its transform once on /tf_static, transient local, from flags and from the deprecated positional forms, named static_transform_publisher_ and 16 seeded characters', () => {
    const dir = folder();
    const job = writeTemp(
      dir,
      'job.yaml',
      `nodes:
  - package: tf2_ros
    executable: static_transform_publisher
    args: [--x, '1', --y, '-2', --yaw, '1.5707963267948966', --frame-id, map, --child-frame-id, odom]
  - package: tf2_ros
    executable: static_transform_publisher
    args: ['0', '0', '0.5', '0', '0', '0', odom, base_link]
    name: odom_to_base
  - package: tf2_ros
    executable: static_transform_publisher
    args: ['0.1', '0', '0', '0', '0', '0.7071067811865476', '0.7071067811865476', base_link, laser, --ros-args, -r, __ns:=/robot]
  - script: tf_printer.mjs
    start_after: 1s
end:
  after: 2s
`,
    );
    const run = runCli(['run', job], dir, 60_000);
    assert.equal(run.status, 0, run.stderr);
    // A late subscriber gets each publisher's transform (transient local); the stamp is the start.
    assert.deepEqual(
      run.stdout
        .split('\n')
        .filter((line) => line.startsWith('/tf_static'))
        .sort(),
      [
        '/tf_static 0.000000000 base_link -> laser p=(0.1, 0, 0) q=(0, 0, 0.7071067811865476, 0.7071067811865476)',
        '/tf_static 0.000000000 map -> odom p=(1, -2, 0) q=(0, 0, 0.7071067811865475, 0.7071067811865476)',
        '/tf_static 0.000000000 odom -> base_link p=(0, 0, 0.5) q=(0, 0, 0, 1)',
      ],
    );
    const lines = logLines(run.stderr);
    assert.equal(lines.filter((line) => line === '[WARN] [0.000000000] []: Old-style arguments are deprecated; see --help for new-style arguments').length, 2);
    assert.match(run.stderr, /^\[INFO\] \[0\.000000000\] \[static_transform_publisher_[0-9a-zA-Z]{16}\]: Spinning until stopped - publishing transform$/m);
    assert.ok(
      run.stderr.includes(
        "[INFO] [0.000000000] [odom_to_base]: Spinning until stopped - publishing transform\ntranslation: ('0.000000', '0.000000', '0.500000')\nrotation: ('0.000000', '0.000000', '0.000000', '1.000000')\nfrom 'odom' to 'base_link'",
      ),
      run.stderr,
    );
    assert.match(run.stderr, /\[robot\.static_transform_publisher_[0-9a-zA-Z]{16}\]: Spinning/);
    // The seed decides the unique names: the same run names them alike.
    const again = runCli(['run', job], dir, 60_000);
    const names = (text: string) => [...text.matchAll(/static_transform_publisher_[0-9a-zA-Z]{16}/g)].map((match) => match[0]);
    assert.deepEqual(names(again.stderr), names(run.stderr));
  });

  it('two unnamed ones in one run get two names, as two processes do; a second one leaves the first its name; the seed decides both', () => {
    const dir = folder();
    const entry = (child: string) => `  - package: tf2_ros
    executable: static_transform_publisher
    args: [--frame-id, map, --child-frame-id, ${child}]
`;
    const names = (text: string) => [...text.matchAll(/\[(static_transform_publisher_[0-9a-zA-Z]{16})\]: Spinning/g)].map((match) => match[1]);
    const one = runCli(['run', writeTemp(dir, 'one.yaml', `nodes:\n${entry('odom')}end:\n  after: 1s\n`)], dir, 60_000);
    const job = writeTemp(dir, 'two.yaml', `nodes:\n${entry('odom')}${entry('base_link')}end:\n  after: 1s\n`);
    const two = runCli(['run', job], dir, 60_000);
    assert.equal(two.status, 0, two.stderr);
    const [first, second] = names(two.stderr);
    assert.ok(first !== undefined && second !== undefined, two.stderr);
    assert.notEqual(first, second);
    assert.doesNotMatch(two.stderr, /already registered/);
    assert.deepEqual(names(one.stderr), [first]);
    assert.deepEqual(names(runCli(['run', job], dir, 60_000).stderr), [first, second]);
    assert.notDeepEqual(names(runCli(['run', job, '--seed', '1'], dir, 60_000).stderr), [first, second]);
  });

  it('refuses bad arguments as upstream does: its error line, its usage on stdout, exit code 1; frame equal to child: its error, then the uncaught exception (134)', () => {
    const dir = folder();
    const cases: [string[], string][] = [
      [['--x', 'abc', '--frame-id', 'a', '--child-frame-id', 'b'], 'Failed to parse --x argument as float'],
      [['--frame-id', 'a'], 'Child frame id must not be empty'],
      [['--child-frame-id', 'b'], 'Frame id must not be empty'],
      [['--frame-id'], 'Not enough arguments for --frame-id'],
      [['--roll', '1', '--qw', '1', '--frame-id', 'a', '--child-frame-id', 'b'], 'Cannot specify both quaternion and Euler rotations'],
      [['1', '2', '--frame-id', 'a', '--child-frame-id', 'b'], 'Extra unparsed arguments on command-line'],
      [['0', '0', '0', '0', '0', '0', 'a', 'b', '--x', '1'], 'Cannot specify both new-style (flags) and old-style (arguments)'],
      [['0', '0', 'z', '0', '0', '0', 'a', 'b'], 'Failed to parse z argument as float'],
    ];
    for (const [args, error] of cases) {
      const run = runCli(['run', 'tf2_ros', 'static_transform_publisher', ...args], dir, 60_000);
      assert.equal(run.status, 1, `${args.join(' ')}: ${run.stderr}`);
      assert.ok(logLines(run.stderr).includes(`[ERROR] [0.000000000] []: error parsing command line arguments: ${error}`), `${args.join(' ')}: ${run.stderr}`);
      assert.equal(run.stdout.split('\n')[0], USAGE_FIRST);
    }
    const help = runCli(['run', 'tf2_ros', 'static_transform_publisher', '--', '--help'], dir, 60_000);
    assert.equal(help.status, 0, help.stderr);
    assert.equal(help.stdout.split('\n')[0], USAGE_FIRST);
    const same = runCli(['run', 'tf2_ros', 'static_transform_publisher', '--frame-id', 'a', '--child-frame-id', 'a'], dir, 60_000);
    assert.equal(same.status, 134, same.stderr);
    assert.match(same.stderr, /^\[ERROR\] \[0\.000000000\] \[static_transform_publisher_\w{16}\]: cannot publish static transform from 'a' to 'a', exiting$/m);
    assert.ok(
      same.stderr.includes("terminate called after throwing an instance of 'std::runtime_error'\n  what():  child_frame_id cannot equal frame_id\n"),
      same.stderr,
    );
    const unknown = runCli(['run', 'tf2_ros', 'static_transform_publishr'], dir, 60_000);
    assert.notEqual(unknown.status, 0);
    assert.match(
      unknown.stderr,
      /package tf2_ros has no executable static_transform_publishr \(rclsim's built-in tf2_ros has static_transform_publisher, tf2_echo, tf2_monitor\)/,
    );
  });
});
