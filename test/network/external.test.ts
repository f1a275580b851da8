import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { lastJsonLine, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { ns3Programs } from '../support/sharedBuilds.js';

/** Built by adapters/ns3/build.sh (.ci/run builds it against Debian's libns3-dev). */
const NS3 = join(repoRoot, 'adapters/ns3/build/rclsim-ns3');

/** The talker and listener on two hosts 20 m apart, carried by `external` (`extra`: more of the network section). */
function pairJob(dir: string, external: string, name = 'pair.yaml', extra = ''): string {
  return writeTemp(
    dir,
    name,
    `name: ns3-pair
end: { after: 3s }
nodes:
  - script: ${join(repoRoot, 'examples/talker-listener/talker.js')}
  - script: ${join(repoRoot, 'examples/talker-listener/listener.js')}
network:
  hosts:
    - { name: a, nodes: [talker], position: [0, 0, 1] }
    - { name: b, nodes: [listener], position: [20, 0, 1] }
${extra}  external:
${external}
`,
  );
}

/** Each /chatter message's publish time and the time the listener took it, from a trace (seconds as written). */
function transits(trace: string): { published: string; taken: string }[] {
  const published = new Map<string, string>();
  const out: { published: string; taken: string }[] = [];
  for (const line of readFileSync(trace, 'utf8').split('\n')) {
    const [time, kind, owner, , channel, digest] = line.split('\t');
    if (channel !== '/chatter') continue;
    if (kind === 'publish' && owner === '/talker') published.set(digest!, time!);
    if (kind === 'subscription' && owner === '/listener') out.push({ published: published.get(digest!)!, taken: time! });
  }
  return out;
}

const ns = (seconds: string): bigint => BigInt(seconds.replace('.', ''));

describe('network.external: ns-3 in the loop', needs('ns-3'), () => {
  before(() => {
    // Built once against Debian's libns3-dev and libprotobuf-dev, which .ci/run installs.
    assert.equal(ns3Programs().adapter, NS3);
  });

  it('exact: a datagram ns-3 delivers at t reaches the subscriber at t, not at a window boundary; windowed mode delivers at its boundaries', () => {
    const dir = tempDir();
    const exact = runCli(['run', pairJob(dir, `    command: [${NS3}]`), '--quiet', '--json', '--trace', join(dir, 'exact.trace')]);
    assert.equal(exact.status, 0, exact.stderr);
    const summary = lastJsonLine(exact.stdout) as { network: { simulator: { name: string; waitedSeconds: number; busySeconds: number } } };
    assert.match(summary.network.simulator.name, /^ns-3\.37 802\.11n ad hoc/);
    assert.ok(summary.network.simulator.busySeconds > 0 && summary.network.simulator.busySeconds <= summary.network.simulator.waitedSeconds);
    const exactTransits = transits(join(dir, 'exact.trace'));
    // Every 0.5 s from 0.5 s; the one at 3 s arrives after the end.
    assert.equal(exactTransits.length, 5);
    for (const { published, taken } of exactTransits) {
      const latency = ns(taken) - ns(published);
      // One 802.11n exchange of a small datagram: tens of microseconds, at ns-3's own nanosecond.
      assert.ok(latency > 20_000n && latency < 1_000_000n, `${published} → ${taken}`);
      assert.notEqual(ns(taken) % 1_000_000n, 0n, 'not on a millisecond boundary');
    }

    const windowed = runCli([
      'run',
      pairJob(dir, `    command: [${NS3}]\n    window: 10ms`, 'windowed.yaml'),
      '--quiet',
      '--trace',
      join(dir, 'windowed.trace'),
    ]);
    assert.equal(windowed.status, 0, windowed.stderr);
    const windowedTransits = transits(join(dir, 'windowed.trace'));
    assert.equal(windowedTransits.length, 5);
    for (const { taken } of windowedTransits) assert.equal(ns(taken) % 10_000_000n, 0n, `${taken} is a window boundary`);
  });

  it('connect: reaches a simulator that listens, with the same outcome as one rclsim starts', async () => {
    const dir = tempDir();
    const socket = join(dir, 'ns3.socket');
    const simulator = spawn(NS3, ['--listen', socket], { stdio: 'ignore' });
    try {
      for (let i = 0; i < 100 && !existsSync(socket); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      const connected = runCli(['run', pairJob(dir, `    connect: unix:${socket}`), '--quiet', '--json']);
      assert.equal(connected.status, 0, connected.stderr);
      const started = runCli(['run', pairJob(dir, `    command: [${NS3}]`, 'started.yaml'), '--quiet', '--json']);
      assert.equal(lastJsonLine(connected.stdout).fingerprint, lastJsonLine(started.stdout).fingerprint);
    } finally {
      simulator.kill();
    }
  });

  it('is deterministic: the same fingerprint run after run, and verify passes', () => {
    const dir = tempDir();
    const job = pairJob(dir, `    command: [${NS3}]`);
    const first = lastJsonLine(runCli(['run', job, '--quiet', '--json']).stdout).fingerprint;
    const second = lastJsonLine(runCli(['run', job, '--quiet', '--json']).stdout).fingerprint;
    assert.equal(first, second);
    const verify = runCli(['verify', job, '--runs', '2']);
    assert.equal(verify.status, 0, verify.stdout + verify.stderr);
  });

  it('a simulator that dies, hangs or answers out of protocol fails the run with one line', () => {
    const dir = tempDir();
    const fixture = (name: string): string => join(repoRoot, 'test/fixtures/netsim', name);
    const cases: [string, string, RegExp][] = [
      ['dies.mjs', '', /network simulator '.*dies\.mjs': it exited \(code 3\): simulated crash$/],
      ['silent.mjs', '\n    timeout: 1s', /network simulator '.*silent\.mjs': it did not answer within 1000 ms$/],
      ['garbage.mjs', '', /network simulator '.*garbage\.mjs' answered out of protocol: /],
    ];
    for (const [script, extra, expected] of cases) {
      const job = pairJob(dir, `    command: [${process.execPath}, ${fixture(script)}]${extra}`, `${script}.yaml`);
      const result = runCli(['run', job, '--quiet'], repoRoot, 30_000);
      assert.notEqual(result.status, 0, script);
      const lines = result.stderr
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('rclsim:'));
      assert.equal(lines.length, 1, result.stderr);
      assert.match(lines[0]!, expected);
    }
    const missing = runCli(['run', pairJob(dir, '    command: [./no-such-simulator]', 'missing.yaml'), '--quiet']);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /network\.external\.command\[0\]/);
    const both = runCli(['run', pairJob(dir, `    command: [${NS3}]\n    connect: unix:/tmp/x`, 'both.yaml'), '--quiet']);
    assert.equal(both.status, 2);
    assert.match(both.stderr, /network\.external: needs either 'command' \(rclsim starts it\) or 'connect' \(an address\), not both/);
  });

  it('tells the simulator the path through obstacles (entry and exit points), each pair again only when it changed; connects over TCP too, answers that come in pieces and late included', async () => {
    const dir = tempDir();
    const record = join(dir, 'advances.jsonl');
    const wall = '  obstacles:\n    - { name: wall, footprint: [[9.9, -5], [10.1, -5], [10.1, 5], [9.9, 5]], height: 10, loss_db: 12 }\n';
    const recorder = join(repoRoot, 'test/fixtures/netsim/recorder.mjs');
    const started = runCli(['run', pairJob(dir, `    command: [${process.execPath}, ${recorder}]`, 'walled.yaml', wall), '--quiet'], repoRoot, 60_000, {
      RECORD_TO: record,
    });
    assert.equal(started.status, 0, started.stderr);
    const advances = readFileSync(record, 'utf8')
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            pairs: { from: number; to: number; lineOfSight: boolean; crossings: { x: number; y: number; z: number }[] }[];
            datagrams: unknown[];
          },
      );
    const [first, ...rest] = advances;
    const points = (pair: { crossings: { x: number; y: number; z: number }[] }): number[][] =>
      pair.crossings.map((p) => [p.x, p.y, p.z].map((v) => Math.round(v * 1000) / 1000));
    assert.deepEqual(
      first!.pairs.map((pair) => [pair.from, pair.to, pair.lineOfSight, points(pair)]),
      [
        [
          0,
          1,
          false,
          [
            [9.9, 0, 1],
            [10.1, 0, 1],
          ],
        ],
        [
          1,
          0,
          false,
          [
            [10.1, 0, 1],
            [9.9, 0, 1],
          ],
        ],
      ],
    );
    assert.ok(rest.length > 0 && rest.every((advance) => advance.pairs.length === 0), 'the hosts stand still: no pair is sent again');
    assert.ok(advances.some((advance) => advance.datagrams.length > 0));

    const portFile = join(dir, 'port');
    const tcpRecord = join(dir, 'tcp.jsonl');
    const listening = spawn(process.execPath, [recorder, '--tcp', portFile], { stdio: 'ignore', env: { ...process.env, RECORD_TO: tcpRecord, SPLIT_MS: '5' } });
    try {
      for (let i = 0; i < 100 && !existsSync(portFile); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      const port = readFileSync(portFile, 'utf8');
      const connected = runCli(['run', pairJob(dir, `    connect: 127.0.0.1:${port}`, 'tcp.yaml', wall), '--quiet']);
      assert.equal(connected.status, 0, connected.stderr);
      assert.equal(readFileSync(tcpRecord, 'utf8'), readFileSync(record, 'utf8'), 'the same conversation as over the Unix socket');
    } finally {
      listening.kill();
    }
  });
});
