import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { cliPath, needs, writeTemp } from '../support/helpers.js';
import { freePort, startRedis } from '../support/redisServer.js';
import { stuckJobDir } from '../support/stuckJob.js';

/** Every `sweepWorker.js` process there is: pid → parent pid. */
function sweepWorkers(): Map<number, number> {
  const workers = new Map<number, number>();
  for (const line of execFileSync('ps', ['-eo', 'pid,ppid,args'], { encoding: 'utf8' }).split('\n')) {
    const match = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (match !== null && match[3]!.includes('sweepWorker.js')) workers.set(Number(match[1]), Number(match[2]));
  }
  return workers;
}

/** Polls `probe` until it gives a value: the condition is a file written, a process gone, never a delay. */
async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`waited ${timeoutMs / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How a test stops the command: Ctrl-C at a terminal (SIGINT to its process group), or a signal to its process alone. */
type Stop = 'Ctrl-C' | 'SIGTERM' | 'SIGKILL';

/**
 * Runs `rclsim <args>` in a copy of stuck.yaml's folder, in a process group of its own as a
 * shell starts a command, waits until `stuck` of its workers are stuck in the callback that never
 * returns, stops it, and waits until none of its workers is left (ps). Returns how it ended.
 */
async function stopWhileStuck(
  args: (dir: string) => string[],
  stuck: number,
  stop: Stop,
  /** What else runs meanwhile (a sweep that feeds a queue's worker): started after the command, killed at the end. */
  beside?: (dir: string) => ChildProcess,
): Promise<{ status: number | null; stderr: string }> {
  const dir = stuckJobDir();
  const child = spawn(process.execPath, [cliPath, ...args(dir)], { cwd: dir, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  const other = beside?.(dir);
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
  const stuckPids = await waitFor(`${stuck} stuck workers`, () => {
    const pids = readdirSync(dir).flatMap((name) => /^stuck-(\d+)$/.exec(name)?.[1] ?? []);
    return pids.length >= stuck ? pids.map(Number) : undefined;
  });
  const workers = [...sweepWorkers()].filter(([, parent]) => parent === child.pid).map(([pid]) => pid);
  for (const pid of stuckPids) assert.ok(workers.includes(pid), `the stuck process ${pid} is one of the command's workers ${workers.join(', ')}`);
  if (stop === 'Ctrl-C') process.kill(-child.pid!, 'SIGINT');
  else process.kill(child.pid!, stop);
  const status = await ended;
  other?.kill('SIGKILL');
  await waitFor(`workers ${workers.join(', ')} to end`, () => (workers.some((pid) => sweepWorkers().has(pid)) ? undefined : true), 30_000);
  return { status, stderr };
}

const HUNT = (): string[] => ['hunt', 'stuck.yaml', '--runs', '4', '--jobs', '2'];
const SWEEP = (dir: string): string[] => ['sweep', writeTemp(dir, 'sweep.yaml', 'job: stuck.yaml\nseeds: 0..3\n'), '--jobs', '2'];
const SHRINK = (): string[] => ['shrink', 'stuck.yaml', '--seed', '0', '--jobs', '2'];

describe('workers end with hunt, sweep and shrink, also while a run is stuck in a callback', () => {
  it('hunt: Ctrl-C ends its workers, says how far it got, exit 130', async () => {
    const { status, stderr } = await stopWhileStuck(HUNT, 2, 'Ctrl-C');
    assert.equal(status, 130);
    assert.equal(stderr, 'rclsim hunt: interrupted by SIGINT after 0 of 4 runs: no failure so far\n');
  });

  it('hunt: SIGTERM ends its workers, exit 143', async () => {
    const { status, stderr } = await stopWhileStuck(HUNT, 2, 'SIGTERM');
    assert.equal(status, 143);
    assert.equal(stderr, 'rclsim hunt: interrupted by SIGTERM after 0 of 4 runs: no failure so far\n');
  });

  it('hunt: SIGKILL, which leaves hunt no say, ends its workers too', async () => {
    assert.equal((await stopWhileStuck(HUNT, 2, 'SIGKILL')).status, null);
  });

  it('sweep: Ctrl-C ends its workers, says how many runs ended and that the same command resumes, exit 130', async () => {
    const { status, stderr } = await stopWhileStuck(SWEEP, 2, 'Ctrl-C');
    assert.equal(status, 130);
    assert.match(stderr, /^rclsim sweep: interrupted by SIGINT after 0 runs ended \(their results are in .*results\.jsonl; the same command resumes\)\n$/);
  });

  it('sweep: SIGKILL ends its workers', async () => {
    assert.equal((await stopWhileStuck(SWEEP, 2, 'SIGKILL')).status, null);
  });

  it('shrink: SIGTERM ends its workers, says how far it got, exit 143', async () => {
    const { status, stderr } = await stopWhileStuck(SHRINK, 1, 'SIGTERM');
    assert.equal(status, 143);
    assert.equal(stderr, 'rclsim shrink: interrupted by SIGTERM after 0 runs: the run with seed 0 had not ended\n');
  });

  it('shrink: SIGKILL ends its workers', async () => {
    assert.equal((await stopWhileStuck(SHRINK, 1, 'SIGKILL')).status, null);
  });
});

describe('rclsim worker ends the runs it holds on SIGINT/SIGTERM, also one stuck in a callback', needs('redis-server'), () => {
  let redis: ChildProcess;
  let url: string;

  before(async () => {
    const port = await freePort();
    redis = await startRedis(port);
    url = `redis://127.0.0.1:${port}`;
  });
  after(() => redis?.kill());

  // The worker takes two of the sweep's four runs, which get stuck; the sweep waits for them.
  const WORKER = (): string[] => ['worker', url, '--concurrency', '2'];
  const FEEDER = (dir: string): ChildProcess =>
    spawn(process.execPath, [cliPath, 'sweep', writeTemp(dir, 'sweep.yaml', 'job: stuck.yaml\nseeds: 0..3\n'), '--queue', url], { cwd: dir, stdio: 'ignore' });
  /** The runs waiting on the queue (BullMQ's wait list). */
  const waiting = (): number => Number(spawnSync('redis-cli', ['-u', url, 'llen', 'bull:rclsim-runs:wait'], { encoding: 'utf8' }).stdout.trim());

  for (const [stop, status] of [
    ['Ctrl-C', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${stop}: ends its worker processes, says which runs it abandoned and puts them back on the queue, exit ${status}`, { timeout: 120_000 }, async () => {
      spawnSync('redis-cli', ['-u', url, 'flushall']);
      const ended = await stopWhileStuck(WORKER, 2, stop, FEEDER);
      assert.equal(ended.status, status, ended.stderr);
      const signal = stop === 'Ctrl-C' ? 'SIGINT' : 'SIGTERM';
      assert.match(
        ended.stderr,
        new RegExp(
          `^rclsim worker: taking runs .*\n^rclsim worker: interrupted by ${signal}: abandoned 2 runs under way \\(sweep: [0-9a-f]+-\\d, [0-9a-f]+-\\d\\), back on the queue for another worker\n$`,
          'm',
        ),
      );
      assert.equal(waiting(), 4);
    });
  }
});
