import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { paramsFileText } from '../../bench/paramsFileBench.js';
import { lastJsonLine, runCli, tempDir, writeTemp } from '../support/helpers.js';

const jobs = 'test/fixtures/jobs';

describe('rclsim run', () => {
  it('prints a human summary with the results', () => {
    const result = runCli(['run', 'examples/synthetic-benchmark/job.ts']);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^job +synthetic-benchmark$/m);
    assert.match(result.stdout, /^sim time +10\.000000000s -> 110\.000000000s$/m);
    assert.match(result.stdout, /^ended +finished, exit code 0$/m);
    assert.match(result.stdout, /^ {2}combined +7448837717382456148$/m);
  });

  it('exits with the job’s exit code and prints JSON on the last line of stdout', () => {
    const result = runCli(['run', `${jobs}/exit-code.ts`, '--json']);
    assert.equal(result.status, 3, result.stderr);
    const summary = lastJsonLine(result.stdout);
    assert.equal(summary.exitCode, 3);
    assert.equal(summary.endTime, '2000000000');
    assert.deepEqual(summary.results, { when: '2000000000' });
    assert.equal(summary.endReason, 'finished');
    assert.equal(typeof summary.wallSeconds, 'number');
    assert.match(summary.fingerprint as string, /^[0-9a-f]{16}$/);
  });

  it('names node, callback and sim time when a callback throws (exit 3)', () => {
    const result = runCli(['run', `${jobs}/throws.ts`]);
    assert.equal(result.status, 3);
    assert.equal(result.stderr.trim(), 'rclsim: subscription /robot/cmd of node /robot/fragile threw at sim time 0.250000000s: cannot handle go');
    const verbose = runCli(['run', `${jobs}/throws.ts`, '--verbose']);
    assert.match(verbose.stderr, /at .*throws\.ts/);
  });

  it('keeps the reason of a multi-line failure in its one line: a first line that ends with a colon takes the lines it announces', () => {
    const dir = tempDir();
    const program = (name: string, message: string): string =>
      writeTemp(dir, name, `const rclnodejs = require('rclnodejs');\nrclnodejs.init().then(() => { throw new Error(${JSON.stringify(message)}); });\n`);
    const announced = runCli(['exec', program('announced.cjs', 'calibration failed with 2 errors:\n  imu: no data\n\nat step 3')]);
    assert.equal(announced.status, 3);
    assert.match(announced.stderr.trim(), /threw at sim time 0\.000000000s: calibration failed with 2 errors: imu: no data$/);
    const blankFirst = runCli(['exec', program('blank.cjs', '\nthe reason')]);
    assert.match(blankFirst.stderr.trim(), /threw at sim time 0\.000000000s: the reason$/);
  });

  it('fails cleanly when a promise without a handler rejects (exit 3)', () => {
    const result = runCli(['run', `${jobs}/unhandled.ts`]);
    assert.equal(result.status, 3);
    assert.equal(result.stderr.trim(), 'rclsim: a promise of the job without a rejection handler threw at sim time 0.030000000s: forgotten');
  });

  it('reports a livelock with exit code 4', () => {
    const result = runCli(['run', `${jobs}/livelock.mjs`, '--max-callbacks-per-instant', '2000']);
    assert.equal(result.status, 4);
    assert.match(result.stderr, /instant livelock at sim time 0\.001000000s.*\/ping/);
  });

  it('run --until ends a job file at that sim time instead of its end.after, and verify --until passes it on', () => {
    const shorter = runCli(['run', 'examples/talker-listener/job.yaml', '--until', '1500ms', '--json']);
    assert.equal(shorter.status, 0, shorter.stderr);
    const summary = lastJsonLine(shorter.stdout);
    assert.equal(summary.endReason, 'end-time');
    assert.equal(summary.endTime, '1700000001500000000');
    const longer = lastJsonLine(runCli(['run', 'examples/talker-listener/job.yaml', '--until', '5s', '--json']).stdout);
    assert.equal(longer.endTime, '1700000005000000000');
    const verified = runCli(['verify', 'examples/talker-listener/job.yaml', '--runs', '2', '--until', '1500ms']);
    assert.equal(verified.status, 0, verified.stdout + verified.stderr);
    assert.match(verified.stdout, new RegExp(`^all 2 runs agree: fingerprint ${String(summary.fingerprint)}$`, 'm'));
  });

  it("--start starts the clock there instead of at the job's start (run, exec), and refuses a time past builtin_interfaces/Time", () => {
    const moved = lastJsonLine(runCli(['run', 'examples/talker-listener/job.yaml', '--start', '10s', '--until', '1500ms', '--json']).stdout);
    assert.equal(moved.startTime, '10000000000');
    assert.equal(moved.endTime, '11500000000');
    const program = runCli(['exec', 'examples/talker-listener/talker.js', '--start', '10s', '--until', '1s']);
    assert.equal(program.status, 0, program.stderr);
    // Its timer, made while the clock read 0, is due at once, as a job's start: has it (docs/job-files.md).
    assert.match(program.stderr, /^\[INFO\] \[10\.000000000\] \[talker\]: Publishing: 'Hello World: 0'\n.*\[10\.500000000\]/m);
    const past = runCli(['exec', 'examples/talker-listener/talker.js', '--start', '2147483648s']);
    assert.equal(past.status, 64);
    assert.match(past.stderr, /option '--start <time>' argument '2147483648s' is invalid\. 2147483648s is past 2147483647\.999999999s/);
  });

  it('rejects bad input with exit code 2 and says what is wrong', () => {
    const missing = runCli(['run', 'nowhere/job.ts']);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /nowhere\/job\.ts: no such job file/);

    const notAJob = runCli(['run', `${jobs}/no-export.ts`]);
    assert.equal(notAJob.status, 2);
    assert.match(notAJob.stderr, /not a job module: it exports no defineJob/);

    const dir = tempDir();
    const params = writeTemp(dir, 'broken.yaml', 'NodeA:\n  ros__parameters:\n    ids: [1, two]\n');
    const badParams = runCli(['run', 'examples/synthetic-benchmark/job.ts', '--params-file', params]);
    assert.equal(badParams.status, 2);
    assert.match(badParams.stderr, /broken\.yaml:3: parameter 'ids': array items must all have one type/);

    const wrongType = writeTemp(dir, 'wrong.yaml', 'NodeA:\n  ros__parameters:\n    initial_state: abc\n');
    const badType = runCli(['run', 'examples/synthetic-benchmark/job.ts', '--params-file', wrongType]);
    assert.equal(badType.status, 2);
    assert.match(badType.stderr, /initial_state' of node \/NodeA is declared as integer, but \S*wrong\.yaml:3 \(for \/NodeA\) gives string abc/);
  });

  it('names the line of a bad parameter deep inside a large --params-file', () => {
    const dir = tempDir();
    const large = paramsFileText(3_000_000);
    const lines = large.split('\n').length;
    // NodeA declares initial_state an integer: the file's string is named when the node starts.
    const wrongType = writeTemp(dir, 'wrong.yaml', `${large}NodeA:\n  ros__parameters:\n    initial_state: abc\n`);
    const badType = runCli(['run', 'examples/synthetic-benchmark/job.ts', '--params-file', wrongType]);
    assert.equal(badType.status, 2);
    assert.match(badType.stderr, new RegExp(`but \\S*wrong\\.yaml:${lines + 2} \\(for /NodeA\\) gives string abc`));
    const badArray = writeTemp(dir, 'array.yaml', `${large}NodeA:\n  ros__parameters:\n    ids: [1, two]\n`);
    const bad = runCli(['run', 'examples/synthetic-benchmark/job.ts', '--params-file', badArray]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, new RegExp(`array\\.yaml:${lines + 2}: parameter 'ids': array items must all have one type`));
  });

  it('given no command, says so in one line and where the list is (exit 64), and prints the list only when asked', () => {
    const bare = runCli([]);
    assert.equal(bare.status, 64);
    assert.equal(bare.stderr, 'rclsim: a command is missing: `rclsim --help` lists them\n');
    const bag = runCli(['bag']);
    assert.equal(bag.status, 64);
    assert.equal(bag.stderr, 'rclsim: bag: a command is missing: `rclsim bag --help` lists them\n');
    const help = runCli(['bag', '--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^Usage: rclsim bag .*\n.*\binfo\b.*\brecover\b/s);
  });

  it('documents its options in --help', () => {
    const result = runCli(['run', '--help']);
    assert.equal(result.status, 0);
    for (const option of ['--json', '--params-file', '--no-fingerprint', '--log-level', '--verbose']) {
      assert.ok(result.stdout.includes(option), option);
    }
  });
});
