import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lastJsonLine, runCli, tempDir, writeTemp } from '../support/helpers.js';

const programs = 'test/fixtures/programs';

describe('unmodified rclnodejs programs (rclsim exec)', () => {
  it('paces a CommonJS program with setInterval and Date on sim time, with seeded Math.random', () => {
    const first = runCli(['exec', `${programs}/random-talker.cjs`, '--until', '2s', '--seed', '11']);
    const again = runCli(['exec', `${programs}/random-talker.cjs`, '--until', '2s', '--seed', '11']);
    const other = runCli(['exec', `${programs}/random-talker.cjs`, '--until', '2s', '--seed', '12']);
    assert.equal(first.status, 0, first.stderr);
    const lines = first.stdout.trim().split('\n');
    assert.deepEqual(
      lines.map((l) => l.replace(/ r=.*/, '')),
      ['Publishing: #0 t=500', 'Publishing: #1 t=1000', 'Publishing: #2 t=1500', 'Publishing: #3 t=2000'],
    );
    assert.equal(again.stdout, first.stdout);
    assert.notEqual(other.stdout, first.stdout);
    assert.match(first.stderr, /^ended +end-time, exit code 0$/m, 'the summary goes to stderr');
  });

  it('applies --ros-args: -r __node/__ns and topic remaps, -p parameters, --params-file', () => {
    const result = runCli([
      'exec',
      `${programs}/args-echo.mjs`,
      'plain-arg',
      '--ros-args',
      '-r',
      '__node:=renamed',
      '-r',
      '__ns:=/robot',
      '-r',
      'out:=/moved',
      '-p',
      'greeting:=hi',
      '--params-file',
      'test/fixtures/params/rate.yaml',
    ]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, 'node=/robot/renamed topic=/moved\ngreeting=hi rate=7.5\nargv=plain-arg\n');
  });

  it("gives a job entry's numbers and booleans in args: to the program as written in the YAML", () => {
    const dir = tempDir();
    const job = writeTemp(
      dir,
      'job.yaml',
      `end: { after: 1s }\nnodes:\n  - script: ${process.cwd()}/${programs}/args-echo.mjs\n    args: [2.50, 0x10, yes, true, text, --ros-args, -p, rate:=3]\n`,
    );
    const result = runCli(['run', job]);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(result.stdout.split('\n').slice(0, 3), ['node=/echo topic=/out', 'greeting=hello rate=3', 'argv=2.50,0x10,yes,true,text']);
  });

  it("takes a --params-file inside --ros-args as the program's, in order with -p (the later wins), in its process or its own", () => {
    const file = writeTemp(tempDir(), 'rate.yaml', '/**:\n  ros__parameters:\n    rate: 7.5\n');
    for (const process of ['in-process', 'separate']) {
      // rclsim's options stand anywhere still: --seed among the ROS arguments is rclsim's.
      const result = runCli(['exec', `${programs}/args-echo.mjs`, '--process', process, '--ros-args', '-p', 'rate:=1.5', '--params-file', file, '--seed', '3']);
      assert.equal(result.status, 0, result.stderr);
      assert.equal(result.stdout.split('\n')[1], 'greeting=hello rate=7.5', process);
    }
  });

  it('takes an explicit argv given to init(), with node-targeted parameters', () => {
    const result = runCli(['exec', `${programs}/explicit-argv.cjs`, '--json']);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout.split('\n')[0], 'param1=hello ros2');
    assert.equal(lastJsonLine(result.stdout).endReason, 'finished');
  });

  it('runs TypeScript with top-level await on sim time, timers/promises and seeded UUIDs', () => {
    const first = runCli(['exec', `${programs}/sleeper.mts`, '--seed', '1']);
    const again = runCli(['exec', `${programs}/sleeper.mts`, '--seed', '1']);
    assert.equal(first.status, 0, first.stderr);
    const lines = first.stdout.trim().split('\n');
    assert.equal(lines.length, 3);
    assert.match(lines[0]!, /^woke at 100 ms, sim 100000000 ns, id [0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.match(lines[2]!, /^woke at 300 ms, sim 300000000 ns/);
    assert.equal(again.stdout, first.stdout);
    assert.match(first.stderr, /^ended +finished, exit code 0$/m);
  });

  it('runs a server and an async client program together from a job file', () => {
    const result = runCli(['run', 'test/fixtures/jobs/add.yaml', '--json']);
    assert.equal(result.status, 0, result.stderr);
    const lines = result.stdout.trim().split('\n');
    assert.match(lines[0]!, /^server: (\d+) \+ (\d+) = \d+$/);
    const [, a, b] = /^server: (\d+) \+ (\d+)/.exec(lines[0]!)!;
    assert.equal(lines[1], `client: got ${BigInt(a!) + BigInt(b!)} at 0`);
  });

  it('runs a program node’s callbacks only while it spins: spinOnce takes one message per round', () => {
    const result = runCli(['exec', `${programs}/rate.cjs`, '--until', '6.5s']);
    assert.equal(result.status, 0, result.stderr);
    // Published every 10 ms into a depth-10 buffer; each 2 s round takes the oldest held one.
    assert.equal(result.stdout, 'Received(2000): hello 1900\nReceived(4000): hello 3900\nReceived(6000): hello 5900\n');
  });

  it('holds events of a node that does not spin yet, and runs them in arrival order when it does', () => {
    const result = runCli(['exec', `${programs}/late-spin.cjs`, '--until', '1.7s']);
    assert.equal(result.status, 0, result.stderr);
    // The timer missed three periods while held: it runs once when the node starts spinning.
    assert.equal(result.stdout, 'timer at 1050\nheard early at 1050\ntimer at 1200\ntimer at 1600\n');
  });

  it('runs examples inside an rclnodejs checkout, which require the package entry by path', () => {
    const result = runCli(['exec', 'test/fixtures/rclnodejs-checkout/example/publisher-example.js', '--until', '2s']);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, 'Publishing message: Hello ROS 0\nPublishing message: Hello ROS 1\n');
  });

  it('verify runs a program directly, perturbed, with identical fingerprints', () => {
    const result = runCli(['verify', `${programs}/random-talker.cjs`, '--program', '--until', '3s', '--runs', '3', '--perturb']);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /^all 3 runs agree \(perturbed\): fingerprint [0-9a-f]{16}$/m);
  });

  it('rejects bad ROS arguments and missing programs with exit code 2', () => {
    const badArgs = runCli(['exec', `${programs}/random-talker.cjs`, '--ros-args', '--bogus']);
    assert.equal(badArgs.status, 2);
    assert.match(badArgs.stderr, /unknown ROS argument '--bogus'/);
    const missing = runCli(['exec', `${programs}/nope.js`]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /no such program/);
  });

  it('code after an await in a callback belongs to the callback’s program: its shutdown() ends only that one', () => {
    const result = runCli(['run', 'test/fixtures/jobs/shutdown-after-await.yaml', '--json']);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(
      result.stdout
        .trim()
        .split('\n')
        .slice(0, -1)
        .map((line) => line.replace(/ r=.*/, '')),
      ['server: 1 + 2 = 3', 'quitter got 3 and shuts down at 300', 'Publishing: #0 t=500', 'Publishing: #1 t=1000'],
    );
    assert.equal(lastJsonLine(result.stdout).endReason, 'end-time');
  });

  it('process.exit() ends the calling program, not the simulator: exit(0) lets the others run on', () => {
    const result = runCli(['run', 'test/fixtures/jobs/exit-0.yaml', '--json']);
    assert.equal(result.status, 0, result.stderr);
    const summary = lastJsonLine(result.stdout);
    assert.deepEqual([summary.endReason, summary.endTime, summary.exitCode], ['end-time', '2000000000', 0]);
    // The exiter runs no code after exit(), not even its setInterval; the talker goes on to 2 s.
    assert.deepEqual(
      result.stdout
        .trim()
        .split('\n')
        .slice(0, -1)
        .map((line) => line.replace(/ r=.*/, '')),
      ['exiter interval at 250', 'exiting with 0 at 300', 'Publishing: #0 t=500', 'Publishing: #1 t=1000', 'Publishing: #2 t=1500', 'Publishing: #3 t=2000'],
    );
    assert.doesNotMatch(result.stdout, /still running/);
  });

  it('a non-zero process.exit() code from an async callback ends the run with that code, and a line says whose it is', () => {
    const result = runCli(['run', 'test/fixtures/jobs/exit-async-4.yaml', '--json']);
    assert.equal(result.status, 4, result.stderr);
    assert.match(result.stdout, /^exiter interval at 250\nexiting with 4 at 310\n\{/);
    const summary = lastJsonLine(result.stdout);
    assert.deepEqual([summary.endReason, summary.endTime, summary.exitCode], ['finished', '310000000', 4]);
    assert.deepEqual(summary.warnings, [
      'program test/fixtures/programs/exits.cjs (node /exiter) exited with code 4 at sim time 0.310000000s; the run ends with its code',
    ]);
  });
});
