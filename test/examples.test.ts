import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lastJsonLine, runCli } from './helpers.js';

/** Runs an example job, returning its stdout lines before the JSON summary, and the summary. */
function runExample(job: string, ...args: string[]): { lines: string[]; summary: Record<string, unknown>; stderr: string } {
  const result = runCli(['run', job, '--json', ...args]);
  assert.equal(result.status, 0, result.stderr);
  const lines = result.stdout.trimEnd().split('\n');
  return { lines: lines.slice(0, -1), summary: lastJsonLine(result.stdout), stderr: result.stderr };
}

describe('examples', () => {
  it('talker/listener: every message heard 20 ms after it was sent, on the job’s calendar', () => {
    const { lines, stderr } = runExample('examples/talker-listener/job.yaml');
    assert.equal(lines.length, 6);
    assert.equal(lines[0], 'I heard: [Hello World: 0] at 2023-11-14T22:13:20.020Z (20 ms in transit)');
    assert.equal(lines[5], 'I heard: [Hello World: 5] at 2023-11-14T22:13:22.520Z (20 ms in transit)');
    assert.match(stderr, /^\[INFO\] \[1700000003\.000000000\] \[talker\]: Publishing: 'Hello World: 6'$/m);
  });

  it('services: callback and async clients get correct sums, the same on every run with the seed', () => {
    const first = runExample('examples/services/job.yaml');
    const again = runExample('examples/services/job.yaml');
    const other = runExample('examples/services/job.yaml', '--seed', '7');
    const results = first.lines.filter((l) => l.startsWith('Result of'));
    assert.equal(results.length, 4);
    for (const line of results) {
      const [, a, b, sum] = /^Result of (\d+) \+ (\d+): (\d+)$/.exec(line)!;
      assert.equal(BigInt(a!) + BigInt(b!), BigInt(sum!));
    }
    assert.deepEqual(again.lines, first.lines);
    assert.notDeepEqual(other.lines, first.lines);
    assert.equal(first.summary.endReason, 'idle');
  });

  it('parameters: values from the params file, a refused out-of-range change, a slower period', () => {
    const { lines } = runExample('examples/parameters/job.yaml');
    assert.deepEqual(lines, [
      'tick @ 400 ms',
      'tick @ 800 ms',
      'tick @ 1200 ms',
      'tick @ 1600 ms',
      "period 150 ms: refused (parameter 'period_ms' value 150 is not in range [100, 2000] step 100)",
      'parameter period_ms set to 1000',
      'tick @ 3000 ms',
      'tick @ 4000 ms',
    ]);
  });

  it('the synthetic benchmark as a job file gives the job module’s results and fingerprint', () => {
    const fromFile = runExample('examples/synthetic-benchmark/job.yaml').summary;
    const fromModule = runExample('examples/synthetic-benchmark/job.ts').summary;
    assert.equal((fromFile.results as Record<string, string>).combined, '7448837717382456148');
    assert.deepEqual(fromFile.results, fromModule.results);
    assert.equal(fromFile.fingerprint, fromModule.fingerprint);
  });
});
