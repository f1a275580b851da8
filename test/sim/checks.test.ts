import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseJobFile } from '../../src/job/jobFile.js';
import type { RunSummary } from '../../src/job/RunSummary.js';
import { type RunOptions, runJob } from '../../src/job/runJob.js';
import { LogOutput } from '../../src/ros/LogOutput.js';
import { CheckError } from '../../src/sim/checks/Checks.js';
import { repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

// counter.mjs publishes /count 1, 2, … every 100 ms; tracker.mjs republishes what arrives as /seen.
const FIXTURES = join(repoRoot, 'test/fixtures/faults');
const PROGRAMS = 'nodes:\n  - script: counter.mjs\n  - script: tracker.mjs\n';

function job(checks: string, extra = ''): string {
  return `end: { after: 5s }\n${extra}checks:\n${checks}${PROGRAMS}`;
}

async function run(yaml: string, options: RunOptions = {}): Promise<RunSummary> {
  return runJob(parseJobFile(yaml, join(FIXTURES, 'job.yaml')), { seed: 1, logOutput: new LogOutput(() => {}), ...options });
}

const outcome = (summary: RunSummary, name: string) => summary.checks!.find((check) => check.name === name)!;

describe('checks', () => {
  it('always, never: the first failure with its sim time, the message and the callback; exit code 8', async () => {
    const summary = await run(
      job(
        '  - { name: small, topic: /count, always: "data < 20" }\n  - { name: not-seven, topic: /count, never: "data = 7" }\n  - { name: positive, topic: /count, always: "data > 0" }\n',
      ),
    );
    assert.equal(summary.exitCode, 8);
    assert.deepEqual(outcome(summary, 'small'), {
      name: 'small',
      kind: 'always',
      held: false,
      evaluations: 50,
      failure: { time: 2_000_000_000n, what: 'it did not hold for message {"data":"20"}', callback: 'timer 0 of node /counter' },
    });
    assert.deepEqual(outcome(summary, 'not-seven').failure, {
      time: 700_000_000n,
      what: 'it held for message {"data":"7"}',
      callback: 'timer 0 of node /counter',
    });
    assert.deepEqual(outcome(summary, 'positive'), { name: 'positive', kind: 'always', held: true, evaluations: 50 });
    assert.equal((await run(job('  - { name: positive, topic: /count, always: "data > 0" }\n'))).exitCode, 0);
  });

  it('eventually within: from the start, or from each message matching after; a message at the deadline is in time', async () => {
    const summary = await run(
      job(`  - { name: on-time, topic: /count, eventually: "data >= 5", within: 500ms }
  - { name: too-late, topic: /count, eventually: "data >= 5", within: 499ms }
  - { name: answered, topic: /seen, eventually: "data = 12", within: 1s, after: "data = 10", after_topic: /count }
  - { name: unanswered, topic: /seen, eventually: "data = 999", within: 1s, after: "data = 48", after_topic: /count }
  - { name: each, topic: /count, eventually: "data > prev(data)", within: 100ms, after: "data > 0" }
`),
    );
    assert.equal(outcome(summary, 'on-time').held, true);
    assert.deepEqual(outcome(summary, 'too-late').failure, { time: 499_000_000n, what: 'nothing matched within 0.499 s of the start' });
    assert.equal(outcome(summary, 'answered').held, true);
    // /count's 48 at 4.8 s: the run ends at 5 s, before the second it had.
    assert.deepEqual(outcome(summary, 'unanswered').failure, {
      time: 5_000_000_000n,
      what: 'the run ended before anything matched (awaited since message {"data":"48"} at 4.8 s)',
    });
    assert.equal(outcome(summary, 'each').held, false, 'the 50th message at 5 s has no next one before the end');
  });

  it('prev() and latest(): a message not there yet leaves the expression unjudged', async () => {
    const summary = await run(
      job(`  - { name: steps, topic: /count, always: "data = prev(data) + 1" }
  - { name: behind, topic: /seen, always: "latest('/count', data) = data" }
  - { name: absent, topic: /count, always: "latest('/nothing', data) = 1" }
  - { name: seconds, topic: /count, always: "abs(now() - data / 10) < 0.000001" }
`),
    );
    assert.deepEqual(
      summary.checks!.map((c) => [c.name, c.held, c.evaluations]),
      [
        ['steps', true, 49],
        ['behind', true, 50],
        ['absent', true, 0],
        ['seconds', true, 50],
      ],
    );
  });

  it('read what is published (before faults), or what reaches a node', async () => {
    const summary = await run(
      job(
        '  - { name: published, topic: /count, always: "data > 0" }\n  - { name: arrived, topic: /count, node: /tracker, always: "data > 0" }\n  - { name: republished, topic: /seen, always: "data > 0" }\n',
        'faults:\n  - { name: lossy, topic: /count, drop: 0.5 }\n',
      ),
    );
    const dropped = summary.faults!.byName.lossy!;
    assert.ok(dropped > 10);
    assert.equal(outcome(summary, 'published').evaluations, 50);
    assert.equal(outcome(summary, 'arrived').evaluations, 50 - dropped);
    assert.equal(outcome(summary, 'republished').evaluations, 50 - dropped);
  });

  it('only read: the fingerprint is the same with and without them; a failed check takes precedence over the job’s exit code', async () => {
    const faults = 'faults:\n  - { name: lossy, topic: /count, drop: 0.3 }\n  - { name: late, topic: /count, delay: 30ms, probability: 0.5 }\n';
    const checked = await run(
      job('  - { name: small, topic: /seen, always: "data < 20" }\n  - { name: steps, topic: /seen, always: "data > prev(data)" }\n', faults),
    );
    const unchecked = await run(`end: { after: 5s }\n${faults}${PROGRAMS}`);
    assert.equal(checked.exitCode, 8);
    assert.equal(checked.fingerprint, unchecked.fingerprint);
    const definition = parseJobFile(job('  - { name: small, topic: /count, always: "data < 20" }\n'), join(FIXTURES, 'job.yaml'));
    const finishing = {
      ...definition,
      async setup(handle: Parameters<typeof definition.setup>[0]) {
        await definition.setup(handle);
        handle.simulation.engine.scheduleAfter(3_000_000_000, () => handle.finish(5));
      },
    };
    assert.equal((await runJob(finishing, { logOutput: new LogOutput(() => {}) })).exitCode, 8);
  });

  it("programs' assertions are checks too: always and unreachable fail the run, sometimes and reachable are counted", async () => {
    const summary = await runJob(parseJobFile('end: { after: 1s }\nnodes:\n  - script: asserter.mjs\n', join(repoRoot, 'test/fixtures/assertions/job.yaml')), {
      logOutput: new LogOutput(() => {}),
    });
    assert.equal(summary.exitCode, 8);
    const byName = new Map(summary.checks!.map((c) => [c.name, c]));
    assert.equal(byName.get('the timer fires')!.kind, 'reachable');
    assert.equal(byName.get('the timer fires')!.satisfied, 10);
    assert.deepEqual(
      [byName.get('a second tick')!.held, byName.get('a sixth tick')!.held, byName.get('a sixth tick')!.satisfied],
      [true, true, 5],
      'sometimes: held once it held',
    );
    const fewer = byName.get('fewer than three ticks')!;
    assert.equal(fewer.kind, 'assert_always');
    assert.deepEqual(fewer.failure, { time: 300_000_000n, what: 'it did not hold: {"count":3}', callback: 'timer 0 of node /asserter' });
    assert.equal(byName.get('a third tick')!.held, false);
  });

  it('are in the trace, before its end line, and in the report', async () => {
    const dir = tempDir();
    const trace = join(dir, 'run.trace');
    const report = join(dir, 'run.html');
    await run(job('  - { name: small, topic: /count, always: "data < 20" }\n  - { name: positive, topic: /count, always: "data > 0" }\n'), {
      tracePath: trace,
      reportPath: report,
    });
    const lines = readFileSync(trace, 'utf8').trimEnd().split('\n');
    assert.deepEqual(lines.slice(-3, -1), ['# check small failed at 2000000000: it did not hold for message {"data":"20"}', '# check positive held']);
    assert.match(lines.at(-1)!, /^# end end-time /);
    const html = readFileSync(report, 'utf8');
    assert.match(html, /"checks":\[\{"name":"small","kind":"always","held":false,"evaluations":50,"failure":\{"time":"2\.000000000s"/);
  });

  it('verify names the failed check of runs that all fail one (exit code 8)', () => {
    const dir = tempDir();
    const file = join(dir, 'job.yaml');
    writeFileSync(file, job('  - { name: small, topic: /count, always: "data < 20" }\n').replaceAll('script: ', `script: ${FIXTURES}/`));
    const verify = runCli(['verify', file, '--runs', '2']);
    assert.equal(verify.status, 8, verify.stderr);
    assert.match(
      verify.stdout,
      /all 2 runs agree, and every run fails: check small \(always\) failed at sim time 2\.000000000s in timer 0 of node \/counter: it did not hold for message \{"data":"20"\}/,
    );
  });

  it('bad checks: a syntax error when the job loads, a field the type lacks when the topic’s type is known (both exit code 2)', async () => {
    assert.throws(
      () => parseJobFile(job('  - { name: x, topic: /count, always: "data > + 1" }\n'), join(FIXTURES, 'job.yaml')),
      /job\.yaml:3: checks\[0\]\.always: check expression 'data > \+ 1': expected a field, literal or parameter at '\+'/,
    );
    // 5,000 nested parentheses: a line naming the check and the limit, not a stack overflow (exit 1).
    const dir = tempDir();
    for (const file of ['counter.mjs', 'tracker.mjs']) copyFileSync(join(FIXTURES, file), join(dir, file));
    for (const [depth, limit] of [
      [5000, 'more than 2000 tokens \\(it has 10003\\)'],
      [150, "nested more than 100 deep \\(parentheses, NOT, minus signs, function calls\\) at '\\(' \\(position 100\\)"],
    ] as const) {
      const deep = writeTemp(dir, 'deep.yaml', job(`  - { name: x, topic: /count, always: "${'('.repeat(depth)}data${')'.repeat(depth)} > 1" }\n`));
      const result = runCli(['run', deep], dir, 60_000);
      assert.equal(result.status, 2, result.stderr);
      assert.match(result.stderr, new RegExp(`^rclsim: .*deep\\.yaml:3: checks\\[0\\]\\.always: check expression '\\({80}…': ${limit}\\n$`));
    }
    assert.throws(
      () => parseJobFile(job('  - { name: x, topic: /count, eventually: "data > 1" }\n'), join(FIXTURES, 'job.yaml')),
      /job\.yaml:3: checks\[0\]: an eventually check needs 'within'/,
    );
    assert.throws(
      () => parseJobFile(job('  - { name: x, topic: /count, always: "data > 1", never: "data < 0" }\n'), join(FIXTURES, 'job.yaml')),
      /checks\[0\]: a check has one of always, never, eventually \(given: always, never\)/,
    );
    // A type error is bad input too, with the check and where in the expression: not a check failing at every message (exit 8).
    const typed = runCli(['run', writeTemp(dir, 'typed.yaml', job('  - { name: small, topic: /count, always: "data < \'20\'" }\n'))], dir, 60_000);
    assert.equal(typed.status, 2, typed.stderr);
    assert.equal(
      typed.stderr,
      `rclsim: ${join(dir, 'typed.yaml')}:3: check 'small': check expression 'data < '20'': '<' compares a number with a string at '<' (position 5) (the type of /count is std_msgs/msg/Int64)\n`,
    );
    await assert.rejects(run(job('  - { name: x, topic: /count, always: "nope > 1" }\n')), (error: Error) => {
      assert.ok(error instanceof CheckError);
      assert.match(
        error.message,
        /job\.yaml:3: check 'x': check expression 'nope > 1': 'nope' is no field of the topic's type .*\(the type of \/count is std_msgs\/msg\/Int64\)/,
      );
      return true;
    });
  });
});
