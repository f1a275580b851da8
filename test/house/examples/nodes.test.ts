import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { runExample } from '../../support/exampleRuns.js';
import { lastJsonLine, needs, repoRoot, runCli, tempDir } from '../../support/helpers.js';
import { RSLCPP_REFERENCE } from '../../support/rslcppReference.js';

// The examples whose nodes are JavaScript and Python: topics, services, parameters, bags, sweeps,
// executors.

describe('examples: JavaScript and Python nodes', () => {
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

  it('python: an rclpy talker heard by an rclpy and an rclnodejs listener 20 ms later', needs('python3'), () => {
    const result = runCli(['run', 'examples/python/job.yaml', '--json']);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stderr, /^\[INFO\] \[1\.520000000\] \[listener\]: I heard: "Hello World: 2" \(20 ms after it was sent\)$/m);
    assert.match(result.stdout, /^I heard: \[Hello World: 2\] at 1970-01-01T00:00:01\.520Z \(20 ms in transit\)$/m);
    assert.equal(lastJsonLine(result.stdout).messagesDelivered, 6);
    const verified = runCli(['verify', 'examples/python/job.yaml', '--runs', '2', '--perturb']);
    assert.equal(verified.status, 0, verified.stderr);
    assert.match(verified.stdout, /all 2 runs agree \(perturbed\)/);
  });

  it("python-math: a Python robot's dead reckoning on math's functions, the same bits on every run (check:arch compares other CPUs)", needs('python3'), () => {
    const result = runCli(['run', 'examples/python-math/job.yaml', '--json']);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stderr, /^\[INFO\] \[5\.000000000\] \[odometry\]: x=3\.377399 y=2\.981579 heading=1\.177390$/m);
    assert.equal(lastJsonLine(result.stdout).messagesDelivered, 50);
    // Not a fingerprint of its own: libm's last bits differ between CPUs (docs/python.md).
    const verified = runCli(['verify', 'examples/python-math/job.yaml', '--runs', '2']);
    assert.equal(verified.status, 0, verified.stderr);
  });

  it('the synthetic benchmark as rclpy nodes gives rslcpp’s reference results, callbacks and messages', needs('python3'), () => {
    const { summary } = runExample('examples/synthetic-benchmark/python.yaml');
    assert.deepEqual(summary.results, RSLCPP_REFERENCE);
    const fromFile = runExample('examples/synthetic-benchmark/job.yaml', '--no-fingerprint').summary;
    assert.equal(summary.callbacks, fromFile.callbacks);
    assert.equal(summary.messagesDelivered, fromFile.messagesDelivered);
  });

  it('the synthetic benchmark sweep: 10 seeds × 2 timeouts all ok, one outcome per timeout, and a second call resumes', () => {
    const out = tempDir();
    const sweep = (): Record<string, unknown> => {
      const result = runCli(['sweep', 'examples/synthetic-benchmark/sweep.yaml', '--jobs', '2', '--output', out, '--json', '--quiet']);
      assert.equal(result.status, 0, result.stderr);
      return lastJsonLine(result.stdout);
    };
    const first = sweep();
    assert.deepEqual([first.runs, first.ok, first.errors, first.resumed], [20, 20, 0, 0]);
    const byTimeout = new Map<number, Set<string>>();
    for (const line of readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n')) {
      const run = JSON.parse(line) as { values: Record<string, number>; status: string; fingerprint: string; summary: { endTime: string } };
      const timeout = run.values['parameters./Monitor.ros__parameters.timeout_s']!;
      assert.equal(run.status, 'ok');
      // The job starts at 10 s; the monitor finishes it timeout_s later. The benchmark draws no random numbers.
      assert.equal(run.summary.endTime, String((10 + timeout) * 1e9));
      byTimeout.set(timeout, (byTimeout.get(timeout) ?? new Set()).add(run.fingerprint));
    }
    assert.deepEqual([...byTimeout.keys()].sort(), [10, 20]);
    assert.ok([...byTimeout.values()].every((fingerprints) => fingerprints.size === 1));
    assert.notDeepEqual(byTimeout.get(10), byTimeout.get(20));
    const again = sweep();
    assert.deepEqual([again.runs, again.ok, again.resumed], [20, 20, 20]);
  });

  it('executors: the figures of its README — one thread overruns and drops IMU messages, four do not', () => {
    const { summary } = runExample('examples/executors/job.yaml', '--quiet');
    const metrics = summary.metrics as {
      entities: {
        node: string;
        kind: string;
        channel: string;
        activations: number;
        timerOverruns: number;
        overwritten: number;
        waitingTime: { p99: number };
        responseTime: { p99: number };
      }[];
      executors: { name: string; utilization: number }[];
      chains: { name: string; latency: { p50: number; p99: number; max: number } }[];
    };
    const loop = (ns: string) => metrics.entities.find((e) => e.node === `/${ns}/controller` && e.kind === 'timer')!;
    const imu = (ns: string) => metrics.entities.find((e) => e.node === `/${ns}/controller` && e.channel === `/${ns}/imu`)!;
    const utilization = (name: string): string => (100 * metrics.executors.find((e) => e.name === name)!.utilization).toFixed(1);
    const ms = (ns: number): string => (ns / 1e6).toFixed(2);
    const chain = (name: string): string[] => {
      const { p50, p99, max } = metrics.chains.find((c) => c.name === name)!.latency;
      return [p50, p99, max].map((ns) => (ns / 1e6).toFixed(1));
    };
    assert.deepEqual([utilization('container'), utilization('container_mt')], ['88.4', '22.9']);
    assert.deepEqual([loop('single').activations, loop('multi').activations], [3889, 6000]);
    assert.deepEqual([loop('single').timerOverruns, loop('multi').timerOverruns], [1496, 0]);
    assert.deepEqual([ms(loop('single').waitingTime.p99), ms(loop('single').responseTime.p99)], ['35.96', '36.82']);
    assert.deepEqual([ms(loop('multi').waitingTime.p99), ms(loop('multi').responseTime.p99)], ['0.00', '1.27']);
    assert.deepEqual([imu('single').overwritten, imu('multi').overwritten], [2049, 0]);
    assert.deepEqual(chain('single'), ['55.4', '104.8', '129.0']);
    assert.deepEqual(chain('multi'), ['44.3', '74.0', '90.8']);
  });

  it('bag-regression: the talker bag played into the shouter, both topics recorded, the same bytes on every run', () => {
    // A copy of the folder, as a user's project would run it: the job records next to itself.
    const job = 'examples/bag-regression/job.yaml';
    const runIn = (): { mcap: Buffer; info: string } => {
      const dir = tempDir();
      cpSync(dirname(join(repoRoot, job)), dir, { recursive: true, filter: (src) => !src.endsWith('/output') });
      const { summary } = runExample(join(dir, basename(job)));
      assert.equal(summary.endReason, 'idle');
      assert.equal(summary.messagesDelivered, 10);
      const info = runCli(['bag', 'info', join(dir, 'output')]);
      assert.equal(info.status, 0, info.stderr);
      return { mcap: readFileSync(join(dir, 'output/output_0.mcap')), info: info.stdout };
    };
    const first = runIn();
    assert.match(first.info, /^Messages:\s+20$/m);
    assert.match(first.info, /Topic: \/topic \| Type: std_msgs\/msg\/String \| Count: 10 \| Serialization Format: cdr/);
    assert.match(first.info, /Topic: \/shout \| Type: std_msgs\/msg\/String \| Count: 10 \| Serialization Format: cdr/);
    assert.match(first.info, /^Duration:\s+4\.530899071s$/m);
    const again = runIn();
    assert.ok(again.mcap.equals(first.mcap), 'the recorded MCAP is byte-identical');
  });
});
