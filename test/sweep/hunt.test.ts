import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { RunAnswer } from '../../src/sweep/PooledRuns.js';
import { runInOrder } from '../../src/sweep/runInOrder.js';
import type { PoolTask } from '../../src/sweep/WorkerPool.js';
import { lastJsonLine, repoRoot, runCliAsync, tempDir, writeTemp } from '../support/helpers.js';
import { stuckJobDir } from '../support/stuckJob.js';

/** Fails with exit code 3 under some seeds: 8 is the first from 2 on, then 14, 15, 16, … (flaky.cjs). */
const FLAKY = join(repoRoot, 'test/fixtures/hunt/job.yaml');

/**
 * A pool of `window` runs at a time whose runs end in an order of the test's choosing: each run
 * (its seed in the key) waits `delayMs(seed)` and answers with exit code 3 when `fails(seed)`.
 */
function fakePool(window: number, fails: (seed: number) => boolean, delayMs: (seed: number) => number) {
  const started: number[] = [];
  const pool = {
    window,
    run: (pooled: PoolTask): Promise<RunAnswer> => {
      const seed = pooled.task.seed!;
      started.push(seed);
      const result = fails(seed)
        ? { key: pooled.task.key, ok: false as const, error: 'threw', exitCode: 3, wallSeconds: 0 }
        : { key: pooled.task.key, ok: true as const, summary: '{"exitCode":0}', wallSeconds: 0 };
      return new Promise((resolve) => setTimeout(() => resolve({ kind: 'answered', result, worker: 1, attempts: 1 }), delayMs(seed)));
    },
  };
  return { pool, started };
}

const task = (seed: number): PoolTask => ({ caseId: String(seed), task: { key: String(seed), jobText: '', jobPath: '', seed, reportPath: null } });

describe('runInOrder: the first failure by index, whatever order the runs end in', () => {
  it('waits for the runs before a failure that ended first, hands answers on in order, and starts nothing after it', async () => {
    // Seeds 3 and 5 fail; 5 ends long before 3, and the runs before 3 end last of all.
    const { pool, started } = fakePool(
      8,
      (seed) => seed === 3 || seed === 5,
      (seed) => (seed === 5 ? 1 : seed === 3 ? 20 : 40 - seed),
    );
    const order: number[] = [];
    const first = await runInOrder(pool, {
      count: 100,
      task,
      judge: (answer) => answer.kind === 'answered' && !answer.result.ok,
      stops: (failed) => failed,
      onAnswer: (index) => order.push(index),
    });
    assert.equal(first, 3);
    assert.deepEqual(order, [0, 1, 2, 3]);
    // The eight the window took at first, and none after.
    assert.deepEqual(started, [0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('runs every task when none stops it, at most `window` at a time', async () => {
    let running = 0;
    let most = 0;
    const pool = {
      window: 3,
      run: async (): Promise<RunAnswer> => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running--;
        return { kind: 'lost', why: 'gone', hung: false, wallSeconds: 0, worker: 1, attempts: 2 };
      },
    };
    let answers = 0;
    assert.equal(await runInOrder(pool, { count: 20, task, judge: () => false, stops: (failed) => failed, onAnswer: () => answers++ }), -1);
    assert.equal(answers, 20);
    assert.equal(most, 3);
    assert.equal(await runInOrder(pool, { count: 0, task, judge: () => true, stops: (failed) => failed }), -1);
  });
});

describe('rclsim hunt: seeds until a run fails, on warm workers', { concurrency: true }, () => {
  it('reports the smallest failing seed, the same on one worker and on two, with the commands that replay and shrink it', async () => {
    const [one, two, all] = await Promise.all([
      runCliAsync(['hunt', FLAKY, '--runs', '40', '--seed', '2', '--jobs', '1', '--json']),
      runCliAsync(['hunt', FLAKY, '--runs', '40', '--seed', '2', '--jobs', '2', '--json']),
      runCliAsync(['hunt', FLAKY, '--runs', '20', '--seed', '2', '--jobs', '2', '--all', '--json']),
    ]);
    for (const result of [one, two, all]) assert.equal(result.status, 8, result.stdout + result.stderr);
    const [a, b, every] = [one, two, all].map((result) => ({ ...lastJsonLine(result.stdout), wallSeconds: 0 })) as unknown as {
      runs: number;
      failures: { seed: number; exitCode: number; why: string; replay: string; shrink: string }[];
    }[];
    assert.deepEqual(a, b);
    // Every seed of 2…21 ran; the first failing one is what the hunt stopped at, after exactly the runs up to it.
    assert.equal(every!.runs, 20);
    const seeds = every!.failures.map((failure) => failure.seed);
    assert.ok(seeds.length >= 2, `failing seeds ${seeds}`);
    assert.deepEqual(a!.failures, [every!.failures[0]]);
    assert.equal(a!.runs, seeds[0]! - 2 + 1);
    const failure = a!.failures[0]!;
    assert.equal(failure.exitCode, 3);
    assert.match(failure.why, /^exit code 3: timer 0 of node \/flaky threw at sim time [\d.]+s: an unlucky draw$/);
    assert.equal(failure.replay, `rclsim run ${FLAKY} --seed ${seeds[0]}`);
    assert.equal(failure.shrink, `rclsim shrink ${FLAKY} --seed ${seeds[0]}`);
    // The replay fails as the hunt said.
    const replay = await runCliAsync(['run', FLAKY, '--seed', String(seeds[0]), '--quiet']);
    assert.equal(replay.status, 3);
  });

  it('runs with --swarm and --seeded-order, and the commands it prints carry them: the replay fails as the hunt said', async () => {
    const result = await runCliAsync(['hunt', FLAKY, '--runs', '10', '--seed', '2', '--jobs', '2', '--swarm', '--seeded-order']);
    assert.equal(result.status, 8, result.stderr);
    assert.match(result.stdout, /^seed \d+ fails \(\d+ runs, seeds 2…\d+, in /);
    assert.match(result.stdout, /\nshrink: rclsim shrink \S+ --seed \d+ --swarm --seeded-order\n/);
    const replay = /\nreplay: rclsim (run \S+ --seed \d+ --swarm --seeded-order)\n/.exec(result.stdout);
    assert.ok(replay !== null, result.stdout);
    assert.equal((await runCliAsync([...replay[1]!.split(' '), '--quiet'])).status, 3);
  });

  it('finds nothing when only checks count (exit 0), lists the sometimes assertions that never held, and refuses a job it cannot send to workers (exit 2)', async () => {
    const dir = tempDir();
    const [checksOnly, module, missing] = await Promise.all([
      runCliAsync(['hunt', FLAKY, '--runs', '12', '--seed', '2', '--jobs', '2', '--checks-only']),
      runCliAsync(['hunt', writeTemp(dir, 'job.ts', 'export default {};\n'), '--runs', '5']),
      runCliAsync(['hunt', join(dir, 'none.yaml'), '--runs', '5']),
    ]);
    assert.equal(checksOnly.status, 0, checksOnly.stderr);
    // flaky.cjs's draws above one half come in every run, above 0.9999 in none.
    assert.match(
      checksOnly.stdout,
      /^no failure in 12 runs, seeds 2…13, in [^\n]*\nnever held: sometimes "a draw above 0\.9999" \(reached in 12 of 12 runs\)\n$/,
    );
    assert.equal(module.status, 2);
    assert.match(module.stderr, /^rclsim: .*job\.ts: hunt and shrink take a YAML job file/);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /none\.yaml: cannot read job file/);
  });

  it('names each fault that fired in none of its runs (a misspelt topic), with the runs it was on in', async () => {
    const dir = tempDir();
    const job = writeTemp(
      dir,
      'misspelt.yaml',
      [
        'end: { after: 2s }',
        'nodes:',
        `  - script: ${join(repoRoot, 'test/fixtures/faults/counter.mjs')}`,
        `  - script: ${join(repoRoot, 'test/fixtures/faults/tracker.mjs')}`,
        'faults:',
        '  - { name: late, topic: /count, delay: 5ms }',
        '  - { name: lossy, topic: /cuont, drop: 0.5 }',
        '  - { name: slow, service: /nothing, delay: 5ms }',
        '',
      ].join('\n'),
    );
    const [text, json] = await Promise.all([
      runCliAsync(['hunt', job, '--runs', '3', '--jobs', '2']),
      runCliAsync(['hunt', job, '--runs', '3', '--jobs', '2', '--json']),
    ]);
    assert.equal(text.status, 0, text.stderr);
    assert.match(
      text.stdout,
      /^no failure in 3 runs, seeds 0…2, in [^\n]*\nnever fired: fault 'lossy' on topic '\/cuont' \(on in 3 of 3 runs\)\nnever fired: fault 'slow' on service '\/nothing' \(on in 3 of 3 runs\)\n$/,
    );
    assert.deepEqual(lastJsonLine(json.stdout).neverFired, [
      { name: 'lossy', target: "topic '/cuont'", on: 3 },
      { name: 'slow', target: "service '/nothing'", on: 3 },
    ]);
  });

  it('says the runs hung when they did, exit 6, not "no failure" and 0', async () => {
    const result = await runCliAsync(['hunt', 'stuck.yaml', '--runs', '2', '--jobs', '2', '--timeout', '1s'], stuckJobDir(), 120_000);
    assert.equal(result.status, 6, result.stderr);
    assert.match(
      result.stdout,
      /^no failure, but 2 of 2 runs hung \(2 runs, seeds 0…1, in [^\n]*\)\nlost: 2 runs \(seeds 0, 1\): no result within 1 s \(the run hung; its worker was killed\)\n$/,
    );
  });
});
