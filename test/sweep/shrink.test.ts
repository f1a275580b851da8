import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { minimalFaults, ShrinkRuns, ShrinkStopped } from '../../src/cli/commands/shrinkFaults.js';
import { failsAs, failureKey, type RunVerdict } from '../../src/cli/run/runVerdict.js';
import type { Occurrence } from '../../src/sim/faults/FaultConfig.js';
import { explicitFaultsJobText, occurrenceText } from '../../src/sweep/explicitFaults.js';
import type { RunAnswer } from '../../src/sweep/PooledRuns.js';
import type { PoolTask } from '../../src/sweep/WorkerPool.js';
import { type CliResult, lastJsonLine, repoRoot, runCliAsync, tempDir } from '../support/helpers.js';
import { needsSmallDisk, onSmallDisk } from '../support/smallDisk.js';

const JOB = `# the corridor
name: corridor   # two robots
seed: 3
swarm: true
faults:
  - name: lossy
    topic: /scan
    drop: 0.1
checks:
  - name: apart
    topic: /pose
    always: "hypot(x - latest('/other', x), y - latest('/other', y)) >= 1.0 AND a_very_long_field_name_that_would_be_folded > 0"
nodes:
  - script: robot.js # the robot
`;

const DROP: Occurrence = { fault: 'lossy', topic: '/scan', publisher: '/lidar', sequence: 17, receiver: '/planner', drop: true };
const DELAY: Occurrence = { fault: 'late', topic: '/odom', publisher: '/driver', sequence: 4, receiver: '/planner', delay: 12_500_000 };
const CRASH: Occurrence = { fault: 'dies', program: 'planner', at: 4_000_000_000 };

describe("explicitFaultsJobText: a shrink candidate's job", () => {
  it('replaces faults by one entry of explicit occurrences, one per line, drops swarm, sets the seed, and keeps the rest as written', () => {
    const text = explicitFaultsJobText(JOB, [DROP, DELAY, CRASH], 17, ' 3 of 97');
    const job = parse(text) as Record<string, unknown>;
    // Times as durations a reader takes in, exactly.
    assert.deepEqual(job.faults, [{ name: 'shrunk', occurrences: [DROP, { ...DELAY, delay: '12.5ms' }, { ...CRASH, at: '4s' }] }]);
    assert.equal(job.seed, 17);
    assert.equal(job.swarm, undefined);
    assert.deepEqual(job.checks, (parse(JOB) as Record<string, unknown>).checks);
    assert.match(text, /^# the corridor\nname: corridor # two robots\nseed: 17\n/);
    assert.match(
      text,
      /\n {2}# 3 of 97\n {2}- name: shrunk\n {4}occurrences:\n {6}- \{ fault: lossy, topic: \/scan, .* drop: true \}\n {6}- \{ fault: late, .*delay: 12\.5ms \}\n {6}- \{ fault: dies, program: planner, at: 4s \}\n/,
    );
    assert.match(text, / {2}- script: robot\.js # the robot\n$/);
    assert.ok(text.includes(`    always: "hypot(x - latest('/other', x)`), 'a long line stays one line');
  });

  it('prints an occurrence as the file has it', () => {
    assert.equal(occurrenceText(DELAY), '{ fault: late, topic: /odom, publisher: /driver, sequence: 4, receiver: /planner, delay: 12.5ms }');
  });

  it('leaves faults out altogether for no occurrences', () => {
    const job = parse(explicitFaultsJobText(JOB, [], 17)) as Record<string, unknown>;
    assert.equal(job.faults, undefined);
    assert.equal(job.swarm, undefined);
    assert.equal(job.seed, 17);
  });
});

describe('failureKey and failsAs: "fails the same way"', () => {
  const verdict = (fields: Partial<RunVerdict>): RunVerdict => ({ exitCode: 0, checks: [], error: null, faults: null, ...fields });
  const failed = (name: string, kind: 'always' | 'sometimes' = 'always') => ({
    name,
    kind,
    held: false,
    evaluations: 3,
    failure: { time: '1500000000', what: 'x = 2', callback: 'subscription 0 of node /monitor' },
  });

  it('is the check named, or the first that failed, with the callback it first failed in; sometimes never fails a run', () => {
    const run = verdict({ exitCode: 8, checks: [failed('rare', 'sometimes'), failed('apart'), failed('arrives')] });
    const apart = { check: 'apart', callback: 'subscription 0 of node /monitor' };
    assert.deepEqual(failureKey(run, undefined), apart);
    assert.deepEqual(failureKey(run, 'arrives'), { ...apart, check: 'arrives' });
    assert.equal(failureKey(run, 'rare'), null);
    assert.equal(failureKey(verdict({}), undefined), null);
    assert.ok(failsAs(verdict({ exitCode: 8, checks: [failed('apart')] }), apart));
    assert.ok(!failsAs(verdict({ exitCode: 8, checks: [failed('arrives')] }), apart));
    assert.ok(!failsAs(null, apart), 'a lost run fails no way');
  });

  it('is the same failure in the same place: the check failing first in another callback fails another way; at another time, the same', () => {
    const apart = { check: 'apart', callback: 'subscription 0 of node /monitor' };
    const at = (time: string, callback: string) => verdict({ exitCode: 8, checks: [{ ...failed('apart'), failure: { time, what: 'x = 2', callback } }] });
    assert.ok(failsAs(at('1500000000', 'subscription 0 of node /monitor'), apart));
    assert.ok(failsAs(at('1700000000', 'subscription 0 of node /monitor'), apart), 'a delay less moves the failure, not its place');
    assert.ok(!failsAs(at('1500000000', 'timer 0 of node /robot'), apart));
  });

  it('is an exit code 3, 4 or 7 with its line, sim times aside', () => {
    const threw = (at: string) => verdict({ exitCode: 3, error: `timer 0 of node /flaky threw at sim time ${at}: an unlucky draw` });
    const key = failureKey(threw('0.400000000s'), undefined)!;
    assert.ok(failsAs(threw('0.400000000s'), key));
    assert.ok(failsAs(threw('0.700000000s'), key));
    assert.ok(!failsAs(verdict({ exitCode: 3, error: 'timer 0 of node /flaky threw at sim time 0.400000000s: another draw' }), key));
    assert.ok(!failsAs(verdict({ exitCode: 4, error: threw('0.400000000s').error }), key));
    assert.equal(failureKey(verdict({ exitCode: 1, error: 'internal' }), undefined), null);
  });
});

/**
 * A pool that plays a job with faults: the failing run (--swarm) fires 100 drops, sequences 0…99;
 * a run fails check `apart` when its explicit faults include the drops of `needed`, else passes.
 * Runs end after random delays, each run's own: the result must not depend on them.
 */
function faultyPool(needed: number[], window: number) {
  const texts: string[] = [];
  const pool = {
    window,
    run: async (pooled: PoolTask): Promise<RunAnswer> => {
      texts.push(pooled.task.jobText);
      const job = parse(pooled.task.jobText) as { faults?: { occurrences: Occurrence[] }[] };
      const occurrences: Occurrence[] = pooled.task.swarm
        ? Array.from({ length: 100 }, (_, sequence) => ({ fault: 'lossy', topic: '/scan', publisher: '/lidar', sequence, receiver: '/planner', drop: true }))
        : (job.faults?.[0]?.occurrences ?? []);
      const sequences = occurrences.map((occurrence) => ('sequence' in occurrence ? occurrence.sequence : -1));
      const fails = needed.every((sequence) => sequences.includes(sequence));
      const summary = {
        exitCode: fails ? 8 : 0,
        checks: [
          {
            name: 'apart',
            kind: 'always',
            held: !fails,
            evaluations: 9,
            ...(fails ? { failure: { time: '2000000000', what: 'x = 0.5', callback: 'subscription 0 of node /planner' } } : {}),
          },
        ],
        faults: { fired: occurrences.length, byName: { lossy: occurrences.length }, occurrences },
      };
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      return { kind: 'answered', result: { key: pooled.task.key, ok: true, summary: JSON.stringify(summary), wallSeconds: 0 }, worker: 1, attempts: 1 };
    },
  };
  return { pool, texts };
}

describe('minimalFaults: delta debugging over the faults a failing run fired', () => {
  const job = { given: 'job.yaml', path: '/jobs/job.yaml', text: JOB, faults: [] };

  it('finds the three drops the check needs among the 100 fired, whatever order the runs end in, in a few dozen runs', async () => {
    for (const window of [1, 8]) {
      const { pool, texts } = faultyPool([3, 17, 42], window);
      const runs = new ShrinkRuns(pool, { job, seed: 17, swarm: true });
      const shrunk = await minimalFaults(runs);
      assert.deepEqual(
        shrunk.minimal.map((occurrence) => ('sequence' in occurrence ? occurrence.sequence : -1)),
        [3, 17, 42],
      );
      assert.equal(shrunk.fired.length, 100);
      assert.deepEqual(shrunk.key, { check: 'apart', callback: 'subscription 0 of node /planner' });
      assert.match(shrunk.why, /^check apart \(always\) failed at sim time 2\.000000000s in subscription 0 of node \/planner: x = 0\.5$/);
      assert.ok(runs.runs <= 150, `${runs.runs} runs with ${window} at a time`);
      // Every candidate is the job with explicit faults and the seed, without swarm (the first run alone is the job as it is).
      for (const text of texts.slice(1)) assert.ok(!/^swarm:/m.test(text) && /^seed: 17$/m.test(text), text);
    }
  });

  it('needs no fault when the job fails without any, and stops when the seed does not fail the check asked', async () => {
    const none = await minimalFaults(new ShrinkRuns(faultyPool([], 4).pool, { job, seed: 1, swarm: true }));
    assert.deepEqual(none.minimal, []);
    await assert.rejects(minimalFaults(new ShrinkRuns(faultyPool([3], 4).pool, { job, seed: 1, swarm: true, check: 'arrives' })), (error: unknown) => {
      assert.ok(error instanceof ShrinkStopped);
      assert.match(error.message, /^seed 1 does not fail check arrives \(check apart/);
      return true;
    });
  });
});

describe('rclsim shrink', { concurrency: true }, () => {
  /** test/fixtures/hunt, and the programs its jobs name, in a folder of their own (rclsim installed there, as a package): shrink writes beside the job. */
  function fixtures(): string {
    const dir = tempDir();
    for (const folder of ['hunt', 'faults']) cpSync(join(repoRoot, 'test/fixtures', folder), join(dir, folder), { recursive: true });
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(repoRoot, join(dir, 'node_modules/rclsim'), 'dir');
    return join(dir, 'hunt');
  }

  it('finds the two losses in a row among the 65 faults a swarm run fired, the same on one worker and on two, and the minimal job replays the failure', async () => {
    const [one, two] = [fixtures(), fixtures()];
    const args = ['shrink', 'gaps.yaml', '--seed', '13', '--swarm', '--json'];
    const [a, b] = await Promise.all([runCliAsync([...args, '--jobs', '1'], one), runCliAsync([...args, '--jobs', '2'], two)]);
    for (const result of [a, b]) assert.equal(result.status, 0, result.stdout + result.stderr);
    const [first, second] = [a, b].map((result): Record<string, unknown> => ({ ...lastJsonLine(result.stdout), wallSeconds: 0 }));
    assert.deepEqual(first, second);
    assert.equal(first!.fired, 65);
    assert.deepEqual(first!.minimal, [
      { fault: 'lossy', topic: '/count', publisher: '/counter', sequence: 20, receiver: '/tracker', drop: true },
      { fault: 'lossy', topic: '/count', publisher: '/counter', sequence: 21, receiver: '/tracker', drop: true },
    ]);
    assert.match(String(first!.divergence), /^first divergence at record \d+, sim time 2\.000000000s: the fault lossy firing on \/count\n/);
    for (const dir of [one, two]) {
      assert.equal(readFileSync(join(dir, 'gaps.shrunk.yaml'), 'utf8'), readFileSync(join(repoRoot, 'test/fixtures/hunt/gaps.shrunk.yaml'), 'utf8'));
      assert.ok(existsSync(join(dir, 'gaps.shrunk.html')));
    }
    const replay = await runCliAsync(['run', 'gaps.shrunk.yaml', '--json', '--quiet'], one);
    assert.equal(replay.status, 8, replay.stderr);
    assert.deepEqual((lastJsonLine(replay.stdout).faults as { byName: unknown }).byName, { lossy: 2 });
  });

  it("keeps the crash a failure in a respawned program's second life needs: the loss names the life, and the same check failing elsewhere is another failure", async () => {
    const dir = fixtures();
    const result = await runCliAsync(['shrink', 'respawn.yaml', '--seed', '1', '--jobs', '2', '--json'], dir, 300_000);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.deepEqual(lastJsonLine(result.stdout).minimal, [
      { fault: 'crash', program: 'counter', at: 1_050_000_000 },
      { fault: 'lossy', topic: '/count', publisher: '/counter', life: 2, sequence: 5, receiver: '/tracker', drop: true },
    ]);
    // It fails where the hunted run did: in the second life, at 1.75 s.
    const replay = await runCliAsync(['run', 'respawn.shrunk.yaml', '--json', '--quiet'], dir);
    assert.equal(replay.status, 8, replay.stderr);
    assert.deepEqual((lastJsonLine(replay.stdout).checks as { failure: unknown }[])[0]!.failure, {
      time: '1750000000',
      what: 'it did not hold for message {"data":"6"}',
      callback: 'timer 0 of node /counter',
    });
  });

  it('writes a run that fails without faults as the job without them, with its seed, and the replay fails as it did', async () => {
    const dir = fixtures();
    const result = await runCliAsync(['shrink', 'job.yaml', '--seed', '8', '--jobs', '2'], dir);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /^seed 8: exit code 3: timer 0 of node \/flaky threw at sim time [\d.]+s: an unlucky draw\n/);
    assert.match(result.stdout, /\nit fails without any fault \(0 fired\)\nwrote job\.shrunk\.yaml and its report job\.shrunk\.html\n/);
    assert.match(result.stdout, /\nits trace is the same as without faults\nreplay: rclsim run job\.shrunk\.yaml\n$/);
    assert.deepEqual(parse(readFileSync(join(dir, 'job.shrunk.yaml'), 'utf8')), { ...parse(readFileSync(join(dir, 'job.yaml'), 'utf8')), seed: 8 });
    const replay = await runCliAsync(['run', 'job.shrunk.yaml', '--quiet'], dir);
    assert.equal(replay.status, 3, replay.stderr);
  });

  it('says so when the seed does not fail (exit 1), and keeps the minimal job beside the job (exit 2)', async () => {
    const dir = fixtures();
    const [passes, elsewhere] = await Promise.all([
      runCliAsync(['shrink', 'job.yaml', '--seed', '2', '--jobs', '1'], dir),
      runCliAsync(['shrink', 'job.yaml', '--seed', '8', '--out', join(tempDir(), 'min.yaml')], dir),
    ]);
    assert.equal(passes.status, 1);
    assert.equal(passes.stderr, 'rclsim: seed 2 does not fail (the job ended with exit code 0)\n');
    assert.equal(elsewhere.status, 2);
    assert.match(elsewhere.stderr, /^rclsim: --out .*min\.yaml: the minimal job goes in the job's folder \(\.\), where its relative paths resolve\n$/);
  });

  it('refuses an --out that would overwrite the job or a file it names, also through a link (exit 2), and leaves them as they were', async () => {
    const dir = fixtures();
    symlinkSync('job.yaml', join(dir, 'link.yaml'));
    const inputs = ['job.yaml', 'flaky.cjs'].map((name) => readFileSync(join(dir, name), 'utf8'));
    const shrinkTo = (out: string): Promise<CliResult> => runCliAsync(['shrink', 'job.yaml', '--seed', '8', '--out', out], dir);
    const [job, link, program] = await Promise.all([shrinkTo('job.yaml'), shrinkTo('link.yaml'), shrinkTo('flaky.cjs')]);
    for (const result of [job, link, program]) assert.equal(result.status, 2, result.stdout + result.stderr);
    assert.equal(job.stderr, 'rclsim: --out job.yaml is the job file job.yaml: choose another file\n');
    assert.equal(link.stderr, 'rclsim: --out link.yaml is the job file job.yaml: choose another file\n');
    assert.equal(program.stderr, 'rclsim: --out flaky.cjs is the program flaky.cjs the run would load: choose another file\n');
    assert.deepEqual(
      ['job.yaml', 'flaky.cjs'].map((name) => readFileSync(join(dir, name), 'utf8')),
      inputs,
    );
  });

  it(
    'on a full disk prints the faults it found, then one line naming the file it cannot write, exit 74, and leaves no file cut short',
    needsSmallDisk(),
    () => {
      // On a disk with no room left, and with room for the minimal job but not its report.
      for (const free of [0, 8192]) {
        const result = onSmallDisk(
          [
            `cp -r ${join(repoRoot, 'test/fixtures/hunt')} ${join(repoRoot, 'test/fixtures/faults')} "$DISK"`,
            `mkdir "$DISK/node_modules" && ln -s ${repoRoot} "$DISK/node_modules/rclsim"`,
            'rm "$DISK/hunt/gaps.shrunk.yaml"',
            `fill ${free}`,
            'cd "$DISK/hunt" && $RCLSIM shrink gaps.yaml --seed 13 --swarm --jobs 2',
            'echo "exit $?"',
            // Its outputs, and any file left beside them (a temporary one), then the minimal job as written.
            "ls -A | grep -E '^(\\.|gaps\\.shrunk)' || true",
            'cat gaps.shrunk.yaml 2>/dev/null || true',
          ].join('\n'),
        );
        const [output, files] = result.stdout.split(/^exit \d+\n/m);
        assert.match(result.stdout, /^exit 74$/m, result.stdout + result.stderr);
        // What it found comes first, whatever becomes of the files.
        assert.match(
          output!,
          /\n65 faults fired; it fails with 2 of them, [^\n]*\n {2}- \{ fault: lossy, [^\n]*sequence: 20[^\n]*\n {2}- \{ fault: lossy, [^\n]*sequence: 21[^\n]*\n$/,
        );
        const shrunk = readFileSync(join(repoRoot, 'test/fixtures/hunt/gaps.shrunk.yaml'), 'utf8');
        if (free === 0) {
          assert.match(result.stderr, /^rclsim: cannot write \S+\/hunt\/gaps\.shrunk\.yaml: no space left on device \(ENOSPC\)\n$/);
          assert.equal(files, '');
        } else {
          assert.match(
            result.stderr,
            /^rclsim: wrote gaps\.shrunk\.yaml, but not its report: cannot write \S+\/gaps\.shrunk\.html: no space left on device \(ENOSPC\)\n$/,
          );
          // The minimal job whole, and no report cut short.
          assert.equal(files, `gaps.shrunk.yaml\n${shrunk}`);
        }
      }
    },
  );
});
