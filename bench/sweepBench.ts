/**
 * `npm run bench sweep`: throughput of `rclsim sweep` on warm local workers (the whole sweep,
 * workers' start included), and the wall time of a cold `rclsim run`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runSweep } from '../src/sweep/runSweep.js';
import { loadSweepFile } from '../src/sweep/sweepFile.js';
import { summaryOf } from './measure.js';

const repoRoot = resolve(import.meta.dirname, '../..');

/** A sweep file of `runs` runs of the rslcpp benchmark (timeout_s 10, seeds from `firstSeed`) in a new folder. */
function benchmarkSweep(runs: number, firstSeed = 0): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'rclsim-sweep-bench-'));
  const file = join(dir, 'sweep.yaml');
  writeFileSync(
    file,
    `job: ${join(repoRoot, 'examples/synthetic-benchmark/job.yaml')}\noutput: results\nseeds: ${firstSeed}..${firstSeed + runs - 1}\nmatrix:\n  parameters./Monitor.ros__parameters.timeout_s: [10]\n`,
  );
  return { dir, file };
}

/**
 * Runs per second of `runs` runs of the rslcpp benchmark (`timeout_s: 10`, seeds 0…runs−1) on
 * `jobs` local workers, or through the Redis at `queue` (its `rclsim worker`s started before).
 */
export async function sweepRunsPerSecond(runs: number, jobs: number, queue?: string): Promise<number> {
  const { dir, file } = benchmarkSweep(runs);
  try {
    const start = performance.now();
    const outcome = await runSweep(loadSweepFile(file), {
      jobs,
      ...(queue === undefined ? {} : { queue }),
    });
    const seconds = (performance.now() - start) / 1000;
    const failed = outcome.results.filter((result) => result.status !== 'ok');
    if (failed.length > 0) throw new Error(`${failed.length} runs failed: ${failed[0]!.error}`);
    return runs / seconds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs per second of `rclsim hunt` over the same runs as sweepRunsPerSecond's (none fails, so
 * every seed runs) on `jobs` workers, from the hunt's own wall time (its workers' start included,
 * as a sweep's).
 */
export function huntRunsPerSecond(runs: number, jobs: number): number {
  const dir = mkdtempSync(join(tmpdir(), 'rclsim-hunt-bench-'));
  try {
    const example = join(repoRoot, 'examples/synthetic-benchmark');
    // The sweep's one case as a job of its own, its components named where they are.
    const job = join(dir, 'job.yaml');
    const text = readFileSync(join(example, 'job.yaml'), 'utf8').replaceAll('module: components.ts', `module: ${join(example, 'components.ts')}`);
    writeFileSync(job, `${text}parameters:\n  /Monitor:\n    ros__parameters:\n      timeout_s: 10\n`);
    const child = spawnSync(process.execPath, [join(repoRoot, 'dist/src/cli/main.js'), 'hunt', job, '--runs', String(runs), '--jobs', String(jobs), '--json'], {
      encoding: 'utf8',
    });
    if (child.status !== 0) throw new Error(`rclsim hunt exited with ${child.status}: ${child.stdout}${child.stderr}`);
    return runs / summaryOf<{ wallSeconds: number }>(child.stdout).wallSeconds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `rclsim shrink` of the corridor example's seed 31 (156 faults fired, one needed) on `jobs` warm
 * workers, in a copy of the example: its wall seconds, and the runs it made.
 */
export function shrinkCorridorSeconds(jobs: number): { seconds: number; runs: number } {
  const dir = mkdtempSync(join(tmpdir(), 'rclsim-shrink-bench-'));
  try {
    cpSync(join(repoRoot, 'examples/corridor'), dir, { recursive: true });
    const args = ['shrink', join(dir, 'job.yaml'), '--seed', '31', '--check', 'one-robot-in-the-corridor', '--jobs', String(jobs)];
    const started = performance.now();
    const child = spawnSync(process.execPath, [join(repoRoot, 'dist/src/cli/main.js'), ...args], { encoding: 'utf8' });
    const seconds = (performance.now() - started) / 1000;
    if (child.status !== 0) throw new Error(`rclsim shrink exited with ${child.status}: ${child.stdout}${child.stderr}`);
    const runs = /\((\d+) runs, /.exec(child.stdout)?.[1];
    if (runs === undefined) throw new Error(`rclsim shrink said no run count: ${child.stdout}`);
    return { seconds, runs: Number(runs) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What this machine gives two processes doing a sweep's work: `rclsim sweep --jobs 1` of `runs`
 * runs alone, then two such sweeps of half as many at once (separate processes sharing nothing);
 * the ratio of their throughputs, from each sweep's own wall time. The bound a pool of two
 * workers can reach here (two vCPUs may share one core's caches).
 */
export async function independentProcessesRatio(runs: number): Promise<number> {
  const sweepSeconds = (count: number, firstSeed: number): Promise<number> => {
    const { dir, file } = benchmarkSweep(count, firstSeed);
    const child = spawn(process.execPath, [join(repoRoot, 'dist/src/cli/main.js'), 'sweep', file, '--jobs', '1', '--json', '--quiet'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    return new Promise((resolve, reject) =>
      child.on('exit', (code) => {
        rmSync(dir, { recursive: true, force: true });
        if (code !== 0) reject(new Error(`rclsim sweep exited with ${code}`));
        else resolve(summaryOf<{ wallSeconds: number }>(out).wallSeconds);
      }),
    );
  };
  const alone = await sweepSeconds(runs, 0);
  const together = await Promise.all([sweepSeconds(runs / 2, 0), sweepSeconds(runs / 2, runs / 2)]);
  return alone / Math.max(...together);
}

/** Wall seconds of `rclsim run examples/talker-listener/job.yaml`, from process start to exit. */
export function coldRunSeconds(): number {
  const start = performance.now();
  const child = spawnSync(process.execPath, [join(repoRoot, 'dist/src/cli/main.js'), 'run', join(repoRoot, 'examples/talker-listener/job.yaml'), '--quiet'], {
    stdio: 'ignore',
  });
  if (child.status !== 0) throw new Error('rclsim run failed');
  return (performance.now() - start) / 1000;
}

/**
 * A Redis on loopback (in memory, as BullMQ needs it) and one `rclsim worker` taking `concurrency`
 * runs at a time; empty() forgets every run (the same runs again would be found finished), stop() ends both.
 */
export async function queueOnLoopback(concurrency: number): Promise<{ url: string; empty(): void; stop(): void }> {
  const port = 20_000 + (process.pid % 20_000);
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100 && spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() !== 'PONG'; i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const url = `redis://127.0.0.1:${port}`;
  const worker = spawn(process.execPath, [join(repoRoot, 'dist/src/cli/main.js'), 'worker', url, '--concurrency', String(concurrency)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise((resolve) => worker.stderr!.once('data', resolve));
  return {
    url,
    empty: () => void spawnSync('redis-cli', ['-p', String(port), 'flushall']),
    stop: () => {
      worker.kill('SIGKILL');
      redis.kill();
    },
  };
}
