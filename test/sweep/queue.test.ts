import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { differingInput, inputHashes } from '../../src/sweep/queue/inputHashes.js';
import { outputUntil } from '../support/childOutput.js';
import { cliPath as CLI, needs, repoRoot, runCliAsync, tempDir, writeTemp } from '../support/helpers.js';
import { freePort, startRedis } from '../support/redisServer.js';

const FIXTURE = join(repoRoot, 'test/fixtures/sweep');

function results(dir: string): { key: string; status: string; fingerprint: string | null; worker: number | string }[] {
  return readFileSync(join(dir, 'results.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { key: string; status: string; fingerprint: string | null; worker: number | string });
}

/** A job whose one callback takes 400 ms of real time, over `seeds`, its results in `dir/output`. */
function slowSweep(dir: string, seeds: string, output: string): string {
  const job = writeTemp(dir, 'slow.yaml', `name: slow\nend: { after: 1s }\nnodes:\n  - script: ${join(FIXTURE, 'slow.js')}\n`);
  return writeTemp(dir, `${output}.yaml`, `job: ${job}\nseeds: ${seeds}\noutput: ${output}\n`);
}

describe('rclsim sweep --queue and rclsim worker: runs across processes through BullMQ on a real Redis', needs('redis-server'), () => {
  let redis: ChildProcess;
  let port: number;
  let url: string;

  before(async () => {
    port = await freePort();
    redis = await startRedis(port);
    url = `redis://127.0.0.1:${port}`;
  });
  after(() => redis?.kill());

  it('two workers take the runs; one killed mid-run gives its run back to the other: every run has exactly one result, with the fingerprint a local sweep gives', async () => {
    const dir = tempDir();
    const sweep = slowSweep(dir, '0..7', 'queued');
    const worker = (): ChildProcess =>
      spawn(process.execPath, [CLI, 'worker', url, '--concurrency', '1', '--lock', '1s'], { stdio: ['ignore', 'ignore', 'pipe'] });
    const workers = [worker(), worker()];
    try {
      // Both take runs once they are ready; then one dies with a run in its hands.
      await Promise.all(workers.map((w) => outputUntil(w, 'stderr', (text) => text !== '')));
      const running = runCliAsync(['sweep', sweep, '--queue', url, '--json'], repoRoot, 120_000);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      workers[0]!.kill('SIGKILL');
      const queued = await running;
      assert.equal(queued.status, 0, queued.stdout + queued.stderr);
    } finally {
      for (const w of workers) w.kill('SIGKILL');
    }
    const remote = results(join(dir, 'queued'));
    assert.equal(remote.length, 8, 'one result per run');
    assert.equal(new Set(remote.map((r) => r.key)).size, 8, 'no run twice');
    assert.ok(remote.every((r) => r.status === 'ok'));
    const names = workers.map((w) => `${hostname()}:${w.pid}/1`);
    for (const r of remote) assert.ok(names.includes(String(r.worker)), `${r.key} names the rclsim worker and its process that ran it (${r.worker})`);

    const local = runCliAsync(['sweep', sweep, '--output', join(dir, 'local'), '--jobs', '2'], repoRoot, 120_000);
    assert.equal((await local).status, 0);
    const byKey = new Map(results(join(dir, 'local')).map((r) => [r.key, r.fingerprint]));
    for (const r of remote) assert.equal(r.fingerprint, byKey.get(r.key), `${r.key}: the same run as locally`);
  });

  it('Redis restarting in the middle of a sweep: the sweep and the worker wait for it and the sweep finishes, every run once', async () => {
    const dir = tempDir();
    const sweep = slowSweep(dir, '20..29', 'restarted');
    const worker = spawn(process.execPath, [CLI, 'worker', url, '--concurrency', '2', '--lock', '2s'], { stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      await outputUntil(worker, 'stderr', (text) => text !== '');
      const running = runCliAsync(['sweep', sweep, '--queue', url], repoRoot, 120_000);
      // In the middle: once a run has ended (an outage as the sweep starts is waited out without a word, up to 10 s).
      while (!existsSync(join(dir, 'restarted', 'results.jsonl')) || readFileSync(join(dir, 'restarted', 'results.jsonl'), 'utf8') === '') {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      redis.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      redis = await startRedis(port);
      const result = await running;
      assert.equal(result.status, 0, result.stdout + result.stderr);
      assert.match(result.stderr, /Redis at redis:\/\/127\.0\.0\.1:\d+ is unreachable .*; trying again\n.*Redis at .* is back/s);
      const lines = results(join(dir, 'restarted'));
      assert.equal(lines.length, 10);
      assert.equal(new Set(lines.map((r) => r.key)).size, 10);
      assert.ok(lines.every((r) => r.status === 'ok'));
    } finally {
      worker.kill('SIGKILL');
    }
  });

  it("a second call of a finished queued sweep runs nothing; a run carries its files' hashes, which tell a changed program", async () => {
    const dir = tempDir();
    const script = writeTemp(dir, 'random.js', readFileSync(join(FIXTURE, 'random.js'), 'utf8'));
    writeTemp(dir, 'package.json', '{ "type": "commonjs" }');
    const jobText = 'name: q\nend: { after: 1s }\nnodes:\n  - script: random.js\n';
    const job = writeTemp(dir, 'job.yaml', jobText);
    const sweep = writeTemp(dir, 'sweep.yaml', `job: ${job}\nseeds: [1, 2]\noutput: out\n`);
    const worker = spawn(process.execPath, [CLI, 'worker', url, '--concurrency', '1'], { stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      await outputUntil(worker, 'stderr', (text) => text !== '');
      assert.equal((await runCliAsync(['sweep', sweep, '--queue', url], repoRoot, 60_000)).status, 0);
      const again = await runCliAsync(['sweep', sweep, '--queue', url], repoRoot, 60_000);
      assert.match(again.stdout, /2 done before, 0 run now/);
    } finally {
      worker.kill('SIGKILL');
    }
    // What a worker checks before it runs: the program as the sweep hashed it, and as it is now.
    const hashes = inputHashes(jobText, job);
    assert.deepEqual(Object.keys(hashes), [script]);
    assert.equal(differingInput(hashes), null);
    writeTemp(dir, 'random.js', `${readFileSync(script, 'utf8')}// changed\n`);
    assert.match(differingInput(hashes)!, new RegExp(`^input ${script} differs on this worker \\(sha256 [0-9a-f]{12}…, the sweep's [0-9a-f]{12}…\\)$`));
  });
});

describe('rclsim hunt --queue and sweep --queue to a Redis that does not answer', () => {
  it('give up after 10 s with one line naming it, exit 69', async () => {
    const dir = tempDir();
    const url = `redis://127.0.0.1:${await freePort()}`;
    const [hunt, sweep] = await Promise.all([
      runCliAsync(['hunt', join(repoRoot, 'test/fixtures/hunt/job.yaml'), '--runs', '2', '--queue', url]),
      runCliAsync(['sweep', slowSweep(dir, '0..1', 'unanswered'), '--queue', url]),
    ]);
    for (const result of [hunt, sweep]) {
      assert.equal(result.status, 69, result.stdout + result.stderr);
      assert.equal(result.stderr, `rclsim: Redis at ${url} is unreachable (ECONNREFUSED): no answer within 10 s\n`);
      assert.equal(result.stdout, '');
    }
  });
});

describe('rclsim hunt --queue, sweep --queue and worker interrupted while they wait for Redis', () => {
  it('say so in the one line they give when interrupted elsewhere, exit 130/143', { timeout: 120_000 }, async () => {
    // A Redis that takes connections and never answers: each command waits on its first one.
    const held: Socket[] = [];
    const server = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `redis://127.0.0.1:${(server.address() as { port: number }).port}`;
    const dir = tempDir();
    const commands: [string[], NodeJS.Signals, number, RegExp][] = [
      [
        ['hunt', join(repoRoot, 'test/fixtures/hunt/job.yaml'), '--runs', '2', '--queue', url],
        'SIGINT',
        130,
        /^rclsim hunt: interrupted by SIGINT after 0 of 2 runs: no failure so far\n$/,
      ],
      [
        ['sweep', slowSweep(dir, '0..1', 'waiting'), '--queue', url],
        'SIGTERM',
        143,
        /^rclsim sweep: interrupted by SIGTERM after 0 runs ended \(their results are in \S*waiting\/results\.jsonl; the same command resumes\)\n$/,
      ],
      [['worker', url], 'SIGTERM', 143, /^rclsim worker: interrupted by SIGTERM: no run was under way\n$/],
    ];
    try {
      for (const [args, signal, status, line] of commands) {
        const connected = held.length;
        const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
        const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
        while (held.length === connected) await new Promise((resolve) => setTimeout(resolve, 20));
        child.kill(signal);
        assert.equal(await ended, status, stderr);
        assert.match(stderr, line);
      }
    } finally {
      for (const socket of held) socket.destroy();
      server.close();
    }
  });
});

describe('input hashes', () => {
  it('hash a folder holding a FIFO without opening it (opening one would wait for a writer for ever)', () => {
    const dir = tempDir();
    const folder = join(dir, 'my_msgs');
    mkdirSync(join(folder, 'msg'), { recursive: true });
    writeTemp(folder, 'msg/Ping.msg', 'int32 n\n');
    assert.equal(spawnSync('mkfifo', [join(folder, 'msg/pipe.msg')]).status, 0);
    const jobText = 'interfaces: [my_msgs]\nnodes: []\n';
    const hashes = inputHashes(jobText, writeTemp(dir, 'job.yaml', jobText));
    assert.deepEqual(Object.keys(hashes), [folder]);
    assert.equal(differingInput(hashes), null);
  });
});
