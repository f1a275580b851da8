import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lastJsonLine, repoRoot, runCli, tempDir } from './helpers.js';

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

  it('patrol: the image stream follows the geometry (line of sight, the tower, far and occluded, back together), and the bag shows it', () => {
    const { summary } = runExample('examples/patrol/job.yaml');
    const links = (summary.network as { links: { from: string; to: string; messagesDelivered: number; messagesLost: number }[] }).links;
    const stream = links.find((l) => l.from === 'red' && l.to === 'blue')!;
    assert.ok(stream.messagesDelivered > 1000 && stream.messagesLost > 0, JSON.stringify(stream));
    // The analysis reads the recorded bag with Foxglove's MCAP libraries.
    const figure = join(tempDir(), 'figure.svg');
    const plot = spawnSync(process.execPath, [join(repoRoot, 'examples/patrol/plot.mjs'), join(repoRoot, 'examples/patrol/output'), figure], { encoding: 'utf8' });
    assert.equal(plot.status, 0, plot.stderr);
    assert.match(readFileSync(figure, 'utf8'), /^<svg /);
    const rows = new Map(
      plot.stdout
        .split('\n')
        .map((line) => /^\s*(\d+)\s.*\s(yes|no)\s+(-?[\d.]+)\s+(\d)\s+([\d.]+)\s+(-|\d+)/.exec(line))
        .filter((m) => m !== null)
        .map((m) => [Number(m[1]), { los: m[2] === 'yes', snr: Number(m[3]), rate: Number(m[5]), delay: m[6] === '-' ? NaN : Number(m[6]) }]),
    );
    const at = (t: number): { los: boolean; snr: number; rate: number; delay: number } => rows.get(t)!;
    for (const t of [0, 5, 10, 15]) assert.ok(at(t).los && at(t).rate > 40, `${t} s: ${JSON.stringify(at(t))}`);
    // Behind the tower: the rate falls to at most two thirds and the delay grows.
    for (const t of [20, 25, 30]) {
      assert.ok(!at(t).los && at(t).rate > 0 && at(t).rate < (2 / 3) * at(10).rate && at(t).delay > at(10).delay, `${t} s: ${JSON.stringify(at(t))}`);
    }
    // Far apart behind several buildings: nothing gets through.
    for (const t of [80, 85, 90, 95, 100]) assert.ok(!at(t).los && at(t).rate === 0 && at(t).snr < 0, `${t} s: ${JSON.stringify(at(t))}`);
    assert.ok(at(115).los && at(115).rate > 40, `115 s: ${JSON.stringify(at(115))}`);
  });

  it('patrol: verify --perturb finds every run with the network identical', () => {
    const result = runCli(['verify', 'examples/patrol/job.yaml', '--perturb', '--runs', '2']);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout + result.stderr, /all 2 runs agree \(perturbed\)/);
  });
});
