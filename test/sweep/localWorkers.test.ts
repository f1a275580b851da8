import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { lastJsonLine, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { needsSmallDisk, onSmallDisk } from '../support/smallDisk.js';

const FIXTURE = join(repoRoot, 'test/fixtures/sweep');

interface ResultLine {
  key: string;
  case: number;
  repeat: number;
  values: Record<string, unknown>;
  seed: number | null;
  status: string;
  fingerprint: string | null;
  exitCode: number | null;
  attempts: number;
  worker: number;
  error: string | null;
}

function resultLines(dir: string): ResultLine[] {
  return readFileSync(join(dir, 'results.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ResultLine);
}

/** A sweep file over the fixture job, its results in `dir/results`. */
function sweepFile(dir: string, body: string, name = 'sweep.yaml'): string {
  return writeTemp(dir, name, `job: ${join(FIXTURE, 'job.yaml')}\noutput: results\n${body}`);
}

describe('rclsim sweep: a matrix on warm local workers', () => {
  it('runs every case once on two workers, each with the fingerprint rclsim run gives it, and a second call resumes', () => {
    const dir = tempDir();
    const file = sweepFile(dir, 'seeds: 3..5\nmatrix:\n  end.after: [1s, 2s]\n');
    const first = runCli(['sweep', file, '--jobs', '2']);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /6 runs \(6 cases × 1\), 0 done before, 6 run now/);
    const results = resultLines(join(dir, 'results'));
    assert.equal(results.length, 6);
    assert.deepEqual(results.map((r) => [r.values['end.after'], r.seed]).sort(), [
      ['1s', 3],
      ['1s', 4],
      ['1s', 5],
      ['2s', 3],
      ['2s', 4],
      ['2s', 5],
    ]);
    assert.ok(results.every((r) => r.status === 'ok' && r.exitCode === 0 && r.attempts === 1));
    assert.deepEqual(new Set(results.map((r) => r.worker)), new Set([1, 2]), 'both workers ran');
    assert.equal(new Set(results.map((r) => r.fingerprint)).size, 6, 'every seed and length runs differently');
    // The same case as a job of its own, run the usual way.
    const job = writeTemp(
      dir,
      'case.yaml',
      readFileSync(join(FIXTURE, 'job.yaml'), 'utf8')
        .replace('after: 2s', 'after: 1s')
        .replace('script: random.js', `script: ${join(FIXTURE, 'random.js')}`),
    );
    const single = runCli(['run', job, '--seed', '4', '--json', '--quiet']);
    assert.equal(results.find((r) => r.values['end.after'] === '1s' && r.seed === 4)!.fingerprint, lastJsonLine(single.stdout).fingerprint);

    const again = runCli(['sweep', file, '--jobs', '2']);
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /6 runs \(6 cases × 1\), 6 done before, 0 run now/);
    assert.equal(resultLines(join(dir, 'results')).length, 6, 'nothing ran twice');
  });

  it('retries a run whose worker died or that hung on a fresh worker, then records it as lost; the other runs go on, also one that worker held next', () => {
    const dir = tempDir();
    // In this order the first worker holds random.js behind hang.js: it goes to another worker unattempted.
    const file = sweepFile(
      dir,
      `timeout: 1500ms\nmatrix:\n  nodes[0].script: [${join(FIXTURE, 'hang.js')}, ${join(FIXTURE, 'crash.js')}, ${join(FIXTURE, 'random.js')}]\n`,
    );
    const result = runCli(['sweep', file, '--jobs', '2', '--json'], repoRoot, 60_000);
    assert.equal(result.status, 1, result.stdout + result.stderr);
    assert.deepEqual(lastJsonLine(result.stdout), { ...lastJsonLine(result.stdout), runs: 3, ok: 1, lost: 2 });
    const byScript = new Map(resultLines(join(dir, 'results')).map((r) => [String(r.values['nodes[0].script']).split('/').pop(), r]));
    assert.equal(byScript.get('random.js')!.status, 'ok');
    assert.equal(byScript.get('random.js')!.attempts, 1);
    assert.equal(byScript.get('hang.js')!.status, 'lost');
    assert.equal(byScript.get('hang.js')!.attempts, 2);
    assert.match(byScript.get('hang.js')!.error!, /no result within 1\.5 s \(the run hung; its worker was killed\)/);
    assert.equal(byScript.get('crash.js')!.status, 'lost');
    assert.equal(byScript.get('crash.js')!.attempts, 2);
    assert.match(byScript.get('crash.js')!.error!, /the worker process ended \(SIGKILL\)/);
  });

  it('--verify K runs each case K times on different workers and finds them alike', () => {
    const dir = tempDir();
    const file = sweepFile(dir, 'seeds: [1, 2]\n');
    const result = runCli(['sweep', file, '--jobs', '2', '--verify', '2']);
    assert.equal(result.status, 0, result.stderr);
    const results = resultLines(join(dir, 'results'));
    assert.equal(results.length, 4);
    for (const seed of [1, 2]) {
      const runs = results.filter((r) => r.seed === seed);
      assert.deepEqual(runs.map((r) => r.repeat).sort(), [0, 1]);
      assert.notEqual(runs[0]!.worker, runs[1]!.worker, `seed ${seed}: two workers`);
      assert.equal(runs[0]!.fingerprint, runs[1]!.fingerprint);
    }
  });

  it('names the file, line and field of a bad sweep file, and the case a job cannot take, in one line', () => {
    const dir = tempDir();
    const cases: [string, RegExp][] = [
      ['seeds: 5..1\n', /sweep\.yaml:3: seeds: '5\.\.1': the range must go up/],
      ['matrix:\n  end.after: 1s\n', /sweep\.yaml:4: matrix\.end\.after: must be array/],
      ['matrix:\n  "nodes[x]": [1]\n', /sweep\.yaml:4: matrix\.nodes\[x\]: 'nodes\[x\]' is no key path/],
      ['colour: red\n', /sweep\.yaml:1: unknown key 'colour'/],
      ['matrix:\n  end.after: [1s, soon]\n', /sweep\.yaml: the case end\.after="soon": .*job\.yaml:\d+: end\.after: invalid duration 'soon'/],
    ];
    for (const [body, expected] of cases) {
      const result = runCli(['sweep', sweepFile(dir, body)]);
      assert.equal(result.status, 2, body);
      const lines = result.stderr.trim().split('\n');
      assert.equal(lines.length, 1, result.stderr);
      assert.match(lines[0]!, expected);
    }
  });

  it('refuses more runs than it can hold with one line naming the field (exit 2), or the option (exit 64)', () => {
    const dir = tempDir();
    const range = runCli(['sweep', sweepFile(dir, 'seeds: 0..99999999999\n')]);
    assert.equal(range.status, 2);
    assert.equal(range.stderr, `rclsim: ${join(dir, 'sweep.yaml')}:3: seeds: '0..99999999999' is 100000000000 seeds: a sweep takes at most 1000000 runs\n`);
    const product = runCli(['sweep', sweepFile(dir, 'seeds: 0..999999\nmatrix:\n  end.after: [1s, 2s]\n')]);
    assert.equal(product.status, 2);
    assert.match(product.stderr, /^rclsim: \S+sweep\.yaml:3: seeds: 2000000 runs \(seeds × the matrix's cases × verify\): a sweep takes at most 1000000\n$/);
    const verify = runCli(['sweep', sweepFile(dir, 'seeds: 0..9\n'), '--verify', '999999999']);
    assert.equal(verify.status, 64);
    assert.match(verify.stderr, /^rclsim: --verify 999999999: 9999999990 runs [^\n]*\n$/);
  });

  it('names the results folder or file it cannot write in one line, exit 74: a folder under a file, a device, a full disk', needsSmallDisk(), () => {
    const dir = tempDir();
    const underFile = runCli(['sweep', sweepFile(dir, 'seeds: [1]\n'), '--output', join(dir, 'sweep.yaml', 'results')]);
    assert.equal(underFile.status, 74);
    assert.equal(underFile.stderr, `rclsim: cannot write ${join(dir, 'sweep.yaml', 'results')}: ${join(dir, 'sweep.yaml')} is not a folder (ENOTDIR)\n`);
    mkdirSync(join(dir, 'results'));
    symlinkSync('/dev/full', join(dir, 'results', 'results.jsonl'));
    const device = runCli(['sweep', sweepFile(dir, 'seeds: [1]\n')], repoRoot, 60_000);
    assert.equal(device.status, 74);
    assert.match(device.stderr, /^rclsim: cannot write \S+\/results\.jsonl: not a regular file \(a character device\)\n$/);
    // The first result does not fit: the runs under way are abandoned, and no worker is left (the pool's close).
    const full = onSmallDisk(
      [
        `printf 'job: ${join(FIXTURE, 'job.yaml')}\\nseeds: 0..3\\n' > "$DISK/sweep.yaml"`,
        'fill 0',
        '$RCLSIM sweep "$DISK/sweep.yaml" --jobs 2',
        'echo "exit $?"',
      ].join('\n'),
    );
    assert.equal(full.stdout, 'exit 74\n', full.stderr);
    assert.match(full.stderr, /^rclsim: cannot write \S+\/sweep-results\/results\.jsonl: no space left on device \(ENOSPC\)\n$/);
  });
});
