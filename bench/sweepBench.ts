/**
 * `npm run bench sweep`: throughput of `rclsim sweep` on warm local workers (the whole sweep,
 * workers' start included), and the wall time of a cold `rclsim run`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runSweep } from '../src/sweep/runSweep.js';
import { loadSweepFile } from '../src/sweep/sweepFile.js';

const repoRoot = resolve(import.meta.dirname, '../..');

/** Runs per second of `runs` runs of the rslcpp benchmark (`timeout_s: 10`, seeds 0…runs−1) on `jobs` workers. */
export async function sweepRunsPerSecond(runs: number, jobs: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'rclsim-sweep-bench-'));
  try {
    const file = join(dir, 'sweep.yaml');
    writeFileSync(
      file,
      `job: ${join(repoRoot, 'examples/synthetic-benchmark/job.yaml')}\noutput: results\nseeds: 0..${runs - 1}\nmatrix:\n  parameters./Monitor.ros__parameters.timeout_s: [10]\n`,
    );
    const start = performance.now();
    const outcome = await runSweep(loadSweepFile(file), { jobs });
    const seconds = (performance.now() - start) / 1000;
    const failed = outcome.results.filter((result) => result.status !== 'ok');
    if (failed.length > 0) throw new Error(`${failed.length} runs failed: ${failed[0]!.error}`);
    return runs / seconds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Wall seconds of `rclsim run examples/talker-listener/job.yaml`, from process start to exit. */
export function coldRunSeconds(): number {
  const start = performance.now();
  const child = spawnSync(process.execPath, [join(repoRoot, 'dist/src/cli/main.js'), 'run', join(repoRoot, 'examples/talker-listener/job.yaml'), '--quiet'], { stdio: 'ignore' });
  if (child.status !== 0) throw new Error('rclsim run failed');
  return (performance.now() - start) / 1000;
}
