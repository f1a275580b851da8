import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse, stringify } from 'yaml';
import { parseJobFile } from '../../src/job/jobFile.js';
import type { RunSummary } from '../../src/job/RunSummary.js';
import { runJob } from '../../src/job/runJob.js';
import { LogOutput } from '../../src/ros/LogOutput.js';
import { explicitFaultsJobText } from '../../src/sweep/explicitFaults.js';
import { type CliResult, lastJsonLine, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

// Programs publishing /count (1, 2, … every 100 ms), republishing what arrives as /seen, and a
// client calling add_two_ints every 200 ms with each sum on /sums.
const FIXTURES = join(repoRoot, 'test/fixtures/faults');
const PROGRAMS = `nodes:
  - script: counter.mjs
  - script: tracker.mjs
  - script: caller.mjs
  - script: adder.mjs
`;
const FAULTS = `faults:
  - { name: lossy, topic: /count, drop: 0.2 }
  - { name: late, topic: /count, delay: { distribution: uniform, min: 10ms, max: 300ms }, probability: 0.3 }
  - { name: twice, topic: /count, duplicate: 5ms, probability: 0.1 }
  - { name: lost-requests, service: /add_two_ints, lose: requests, probability: 0.2 }
  - { name: slow-service, service: /add_two_ints, delay: 50ms, probability: 0.5 }
`;

async function run(yaml: string, seed = 1, swarm?: boolean): Promise<RunSummary> {
  return runJob(parseJobFile(yaml, join(FIXTURES, 'job.yaml')), { seed, logOutput: new LogOutput(() => {}), ...(swarm === undefined ? {} : { swarm }) });
}

const job = (...sections: string[]): string => `end: { after: 5s }\n${sections.join('')}${PROGRAMS}`;

describe('faults', () => {
  it('fire from the seed: the same seed, the same faults and fingerprint; the explicit form replays a run to the fingerprint', async () => {
    const a = await run(job(FAULTS), 7);
    const b = await run(job(FAULTS), 7);
    const other = await run(job(FAULTS), 8);
    const clean = await run(job(), 7);
    assert.ok(a.faults!.fired > 20, `faults fired: ${a.faults!.fired}`);
    assert.equal(a.fingerprint, b.fingerprint);
    assert.deepEqual(a.faults, b.faults);
    assert.notEqual(a.fingerprint, other.fingerprint);
    assert.notEqual(a.fingerprint, clean.fingerprint);
    assert.deepEqual(Object.keys(a.faults!.byName).sort(), ['late', 'lossy', 'lost-requests', 'slow-service', 'twice']);
    // Each occurrence names its message by publisher, sequence number and receiver.
    assert.deepEqual(
      a.faults!.occurrences.find((o) => o.fault === 'lossy'),
      {
        fault: 'lossy',
        topic: '/count',
        publisher: '/counter',
        sequence: (a.faults!.occurrences.find((o) => o.fault === 'lossy') as { sequence: number }).sequence,
        receiver: '/tracker',
        drop: true,
      },
    );
    const explicit = await run(job(stringify({ faults: [{ name: 'shrunk', occurrences: a.faults!.occurrences }] })), 7);
    assert.equal(explicit.fingerprint, a.fingerprint);
    assert.deepEqual(explicit.faults!.occurrences, a.faults!.occurrences);
  });

  it('name a subscription by its node, and by its place among the node’s on the topic when it has more than one', async () => {
    const twins = `end: { after: 5s }\nfaults:\n  - { name: lossy, topic: /count, drop: 0.4 }\nnodes:\n  - script: counter.mjs\n  - script: twin-listener.mjs\n`;
    const summary = await run(twins, 2);
    const receivers = new Set(summary.faults!.occurrences.map((o) => (o as { receiver: string }).receiver));
    assert.deepEqual([...receivers].sort(), ['/twins', '/twins#2']);
    const explicit = await run(twins.replace(/faults:\n.*\n/, `${stringify({ faults: [{ name: 'shrunk', occurrences: summary.faults!.occurrences }] })}`), 2);
    assert.equal(explicit.fingerprint, summary.fingerprint);
  });

  it("each draws from its own stream (seed and name): another fault, or the list's order, leaves its occurrences as they were", async () => {
    const alone = await run(job('faults:\n  - { name: lossy, topic: /count, drop: 0.3 }\n'), 3);
    const reordered = await run(job('faults:\n  - { name: slow, service: /add_two_ints, delay: 50ms }\n  - { name: lossy, topic: /count, drop: 0.3 }\n'), 3);
    const renamed = await run(job('faults:\n  - { name: lossy2, topic: /count, drop: 0.3 }\n'), 3);
    const lossy = (summary: RunSummary, name = 'lossy'): unknown[] =>
      summary.faults!.occurrences.filter((o) => o.fault === name).map((o) => ({ ...o, fault: '' }));
    assert.ok(lossy(alone).length > 5);
    assert.deepEqual(lossy(reordered), lossy(alone));
    assert.notDeepEqual(lossy(renamed, 'lossy2'), lossy(alone));
  });

  it('change what arrives: a delay, then a copy after it; a freeze drops everything in its interval', async () => {
    // /count's message n is published at n × 100 ms; it reaches /tracker 50 ms later, its copy 10 ms after that.
    const arrival = (offsetMs: number): string => `abs(now() - data * 0.1 - ${offsetMs / 1000}) < 0.000001`;
    const timed = await run(
      job(
        'faults:\n  - { name: late, topic: /count, delay: 50ms }\n  - { name: twice, topic: /count, duplicate: 10ms }\n',
        `checks:\n  - { name: when, topic: /count, node: /tracker, always: "${arrival(50)} OR ${arrival(60)}" }\n  - { name: first, topic: /count, node: /tracker, never: "${arrival(0)}" }\n`,
      ),
    );
    const [when, first] = timed.checks!;
    assert.equal(when!.held, true, JSON.stringify(when));
    assert.equal(first!.held, true);
    // 49 messages published before the end reach it (the 50th at 5 s would arrive after it), twice each.
    assert.equal(when!.evaluations, 2 * 49);
    const frozen = await run(
      job(
        'faults:\n  - { name: off, topic: /count, freeze: true, from: 1s, until: 2s }\n',
        'checks:\n  - { name: gap, topic: /seen, never: "now() >= 1 AND now() < 2" }\n',
      ),
    );
    assert.equal(frozen.faults!.byName.off, 10);
    assert.equal(frozen.checks![0]!.held, true);
    assert.equal(frozen.checks![0]!.evaluations, 50 - 10);
  });

  it('on services: lost requests never reach the server, lost responses never reach the client', async () => {
    const sums = 'checks:\n  - { name: answered, topic: /sums, eventually: "data > 100", within: 4s }\n';
    for (const lose of ['requests', 'responses']) {
      const summary = await run(job(`faults:\n  - { name: lost, service: /add_two_ints, lose: ${lose} }\n`, sums));
      assert.equal(summary.exitCode, 8, lose);
      assert.equal(summary.faults!.byName.lost, 25, lose);
      assert.match(summary.checks![0]!.failure!.what, /nothing matched within 4 s of the start/);
    }
    const clean = await run(job(sums));
    assert.equal(clean.exitCode, 0);
  });

  it('partition hosts of a network: stopped, nothing crosses; slowed, every crossing is late', async () => {
    const network = `network:
  hosts:
    - { name: a, nodes: [counter, caller], position: [0, 0] }
    - { name: b, nodes: [tracker, adder], position: [10, 0] }
`;
    const summary = await run(
      job(
        network,
        'faults:\n  - { name: split, partition: { groups: [[a], [b]], mode: stopped }, from: 1s, until: 2s }\n  - { name: slow, partition: { groups: [[a], [b]], mode: slowed, delay: 40ms }, from: 2s }\n',
        'checks:\n  - { name: gap, topic: /count, node: /tracker, never: "now() >= 1 AND now() < 2" }\n  - { name: late, topic: /count, node: /tracker, always: "now() < 2 OR now() - data * 0.1 > 0.04" }\n',
      ),
    );
    assert.deepEqual(
      summary.checks!.map((c) => [c.name, c.held]),
      [
        ['gap', true],
        ['late', true],
      ],
    );
    // /count's 10 messages of the interval and the calls and answers that tried to cross it.
    assert.ok(summary.faults!.byName.split! >= 10);
  });

  it('crash a separate program at a time or a rate: its on_exit applies (respawn goes on, fail ends the run with exit 7)', async () => {
    const respawned = await run(`end: { after: 2s }
faults:
  - { name: boom, program: counter, crash: { at: 1s } }
  - { name: flaky, program: tracker.mjs, crash: { rate: 1 } }
nodes:
  - { script: counter.mjs, on_exit: respawn, respawn_delay: 100ms }
  - { script: tracker.mjs, on_exit: respawn }
`);
    assert.equal(respawned.faults!.byName.boom, 1);
    assert.ok(respawned.faults!.byName.flaky! >= 1);
    assert.deepEqual(
      respawned.faults!.occurrences.find((o) => o.fault === 'boom'),
      { fault: 'boom', program: 'counter', at: 1_000_000_000 },
    );
    assert.ok(
      respawned.warnings.some((w) =>
        /program .*counter\.mjs \(node \/counter\) was crashed by fault 'boom' at sim time 1\.000000000s; it starts again at sim time 1\.100000000s/.test(w),
      ),
    );
    await assert.rejects(
      run('end: { after: 2s }\nfaults:\n  - { name: boom, program: counter, crash: { at: 1s } }\nnodes:\n  - { script: counter.mjs, process: separate }\n'),
      /counter\.mjs \(node \/counter\) was crashed by fault 'boom' at sim time 1\.000000000s/,
    );
  });

  it('a crash at a rate strikes a respawned life only once it ran a callback: a huge rate ends the run; past 1000 per second it is refused', () => {
    const dir = tempDir();
    for (const file of ['counter.mjs', 'tracker.mjs']) copyFileSync(join(FIXTURES, file), join(dir, file));
    const job = (rate: string): string =>
      writeTemp(
        dir,
        `storm-${rate}.yaml`,
        `end: { after: 1s }\nfaults:\n  - { name: storm, program: counter, crash: { rate: ${rate} } }\nnodes:\n  - { script: counter.mjs, on_exit: respawn }\n  - { script: tracker.mjs }\n`,
      );
    const storm = runCli(['run', job('1000'), '--json'], dir, 300_000);
    assert.equal(storm.status, 0, storm.stderr);
    const crashes = (lastJsonLine(storm.stdout) as unknown as RunSummary).faults!.occurrences.map((o) => (o as { at: number }).at);
    // Each life publishes once (its timer at 100 ms) before the next crash strikes it.
    assert.ok(crashes.length >= 5 && crashes.length <= 10, `crashes at ${crashes.join(', ')}`);
    for (let i = 1; i < crashes.length; i++) assert.ok(crashes[i]! - crashes[i - 1]! > 100_000_000, `crashes at ${crashes.join(', ')}`);
    const refused = runCli(['run', job('1e9')], dir, 60_000);
    assert.equal(refused.status, 2, refused.stderr);
    assert.match(refused.stderr, /^rclsim: .*storm-1e9\.yaml:3: faults\[0\]\.crash\.rate: must be at most 1000 \(crashes per second of sim time\)/);
    assert.equal(refused.stderr.trim().split('\n').length, 1, refused.stderr);
  });

  it("name a respawned program's messages and calls by its life: every fault a run fired, written out, replays it to the fingerprint", () => {
    const dir = tempDir();
    for (const file of ['counter.mjs', 'tracker.mjs', 'caller.mjs', 'adder.mjs']) copyFileSync(join(FIXTURES, file), join(dir, file));
    // Both the counter and the caller start again after a crash, their numbers from 1.
    const text = `end: { after: 3s }
faults:
  - { name: crash-counter, program: counter, crash: { at: 1.05s } }
  - { name: crash-caller, program: caller, crash: { at: 1.3s } }
  - { name: lossy, topic: /count, drop: 0.3 }
  - { name: lost-requests, service: /add_two_ints, lose: requests, probability: 0.3 }
nodes:
  - { script: counter.mjs, on_exit: respawn, respawn_delay: 100ms }
  - { script: tracker.mjs }
  - { script: caller.mjs, on_exit: respawn }
  - { script: adder.mjs }
`;
    const summaryOf = (name: string, content: string): RunSummary => {
      const result = runCli(['run', writeTemp(dir, name, content), '--json', '--seed', '6'], dir, 120_000);
      assert.equal(result.status, 0, result.stderr);
      return lastJsonLine(result.stdout) as unknown as RunSummary;
    };
    const swarm = summaryOf('respawning.yaml', text);
    const occurrences = swarm.faults!.occurrences;
    const lives = (key: 'topic' | 'service'): (number | undefined)[] =>
      occurrences.flatMap((o) => (key in o && 'life' in o ? [(o as { life?: number }).life] : key in o ? [undefined] : []));
    assert.ok(lives('topic').includes(undefined) && lives('topic').includes(2), JSON.stringify(occurrences));
    assert.ok(lives('service').includes(undefined) && lives('service').includes(2), JSON.stringify(occurrences));
    const explicit = summaryOf('explicit.yaml', explicitFaultsJobText(text, occurrences, 6));
    assert.deepEqual(explicit.faults!.occurrences, occurrences);
    assert.equal(explicit.fingerprint, swarm.fingerprint);
  });

  it('swarm: the seed decides which faults are on and scales them; the same seed, the same mix; --swarm overrides the job', async () => {
    const mixes = new Map<string, number>();
    for (let seed = 1; seed <= 6; seed++) mixes.set((await run(`swarm: true\n${job(FAULTS)}`, seed)).faults!.on.join(','), seed);
    assert.ok(mixes.size >= 4, [...mixes.keys()].join(' | '));
    const swarmed = await run(`swarm: true\n${job(FAULTS)}`, 1);
    assert.deepEqual(swarmed.faults, (await run(`swarm: true\n${job(FAULTS)}`, 1)).faults);
    assert.deepEqual((await run(job(FAULTS), 1, true)).faults, swarmed.faults);
    assert.equal((await run(job(FAULTS), 1)).faults!.on.length, 5);
  });

  it('bad faults are refused with the file, line and field', () => {
    const refused = (faults: string, pattern: RegExp): void =>
      assert.throws(() => parseJobFile(`faults:\n${faults}${PROGRAMS}`, join(FIXTURES, 'job.yaml')), pattern);
    refused('  - { name: a, topic: /count, drop: 1.5 }\n', /job\.yaml:2: faults\[0\]\.drop: must be <= 1/);
    refused(
      '  - { name: a, topic: /count, drop: 0.1, delay: 1ms }\n',
      /job\.yaml:2: faults\[0\]: a topic fault has one of drop, delay, duplicate, reorder, freeze \(given: drop, delay\)/,
    );
    refused(
      '  - { name: a, topic: /count, drop: 0.1 }\n  - { name: a, topic: /seen, drop: 0.1 }\n',
      /job\.yaml:3: faults\[1\]\.name: a second fault named 'a'/,
    );
    refused('  - { name: a, topic: count, drop: 0.1 }\n', /faults\[0\]\.topic: 'count' must be a fully qualified name or pattern/);
    refused('  - { name: a, topic: /count, freeze: true }\n', /faults\[0\]: a freeze needs from and until/);
    refused(
      '  - { name: a, program: counter, crash: { at: 1s } }\n',
      /faults\[0\]\.program: program 'counter' runs in-process: a crash needs a process of its own/,
    );
    refused('  - { name: a, program: nobody, crash: { at: 1s } }\n', /faults\[0\]\.program: no nodes entry runs a program named 'nobody'/);
    // A component is named by its export: in a process of its own it can crash, in-process not.
    const component = (process: string): string =>
      `faults:\n  - { name: a, program: nodeB, crash: { at: 1s } }\nnodes:\n  - { module: ../../../examples/synthetic-benchmark/components.ts, export: nodeB, process: ${process} }\n`;
    assert.equal(parseJobFile(component('separate'), join(FIXTURES, 'job.yaml')).faults![0]!.kind, 'crash');
    assert.throws(
      () => parseJobFile(component('in-process'), join(FIXTURES, 'job.yaml')),
      /program 'nodeB' runs in-process: a crash needs a process of its own/,
    );
    refused(
      '  - { name: a, partition: { groups: [[x], [y]], mode: stopped } }\n',
      /faults\[0\]\.partition: a partition is between hosts, but the job has no 'network'/,
    );
    refused(
      '  - { name: a, occurrences: [{ fault: a, topic: /count, sequence: 3 }] }\n',
      /faults\[0\]\.occurrences\[0\]: a message occurrence names topic, publisher, sequence and receiver/,
    );
  });

  it('a respawned rclpy program under swarm: every fault the run fired, written out, replays it to the fingerprint', needs('python3'), () => {
    const dir = tempDir();
    for (const file of ['sequencer.py', 'tracker.mjs']) copyFileSync(join(FIXTURES, file), join(dir, file));
    const text = `end: { after: 4s }
faults:
  - { name: crash, program: sequencer, crash: { rate: 1 } }
  - { name: lossy, topic: /count, drop: 0.3 }
nodes:
  - { script: sequencer.py, on_exit: respawn }
  - { script: tracker.mjs }
`;
    const summaryOf = (name: string, content: string, swarm: string[]): RunSummary => {
      const result = runCli(['run', writeTemp(dir, name, content), '--json', '--seed', '2', ...swarm], dir, 180_000);
      assert.equal(result.status, 0, result.stderr);
      return lastJsonLine(result.stdout) as unknown as RunSummary;
    };
    const swarm = summaryOf('sequencer.yaml', text, ['--swarm']);
    const occurrences = swarm.faults!.occurrences;
    assert.ok(
      occurrences.some((o) => 'life' in o),
      JSON.stringify(occurrences),
    );
    const explicit = summaryOf('explicit.yaml', explicitFaultsJobText(text, occurrences, 2), []);
    assert.equal(explicit.faults!.fired, swarm.faults!.fired);
    assert.equal(explicit.fingerprint, swarm.fingerprint);
  });

  it('a delay drawn past the time a run can reach is held there; a fault no delivery matched is a warning; a bad distribution says what is wrong', () => {
    const dir = tempDir();
    for (const file of ['counter.mjs', 'tracker.mjs']) copyFileSync(join(FIXTURES, file), join(dir, file));
    const run = (name: string, faults: string): CliResult =>
      runCli(
        ['run', writeTemp(dir, name, `end: { after: 1s }\nfaults:\n${faults}nodes:\n  - script: counter.mjs\n  - script: tracker.mjs\n`), '--json'],
        dir,
        60_000,
      );
    // A lognormal without max: its tail reaches far past 2^53 ns; such a message arrives never.
    const tail = run(
      'tail.yaml',
      '  - { name: late, topic: /count, delay: { distribution: lognormal, median: 10ms, sigma: 40 } }\n  - { name: typo, topic: /cuont, drop: 0.5 }\n  - { name: nobody, service: /nothing, lose: requests }\n',
    );
    assert.equal(tail.status, 0, tail.stderr);
    const summary = lastJsonLine(tail.stdout) as unknown as RunSummary;
    assert.equal(summary.faults!.byName.late, 10);
    assert.deepEqual(summary.warnings, [
      "fault 'typo' never matched: no message reached a subscription on a topic matching '/cuont'",
      "fault 'nobody' never matched: no call reached a service matching '/nothing'",
    ]);
    const refused = (faults: string, line: RegExp): void => {
      const result = run('bad.yaml', faults);
      assert.equal(result.status, 2, result.stderr);
      assert.match(result.stderr, line);
      assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    };
    refused(
      '  - { name: late, topic: /count, delay: { distribution: gamma, mean: 10ms } }\n',
      /^rclsim: .*bad\.yaml:3: faults\[0\]\.delay\.distribution: must be one of: uniform, normal, lognormal$/m,
    );
    refused(
      '  - { name: late, topic: /count, delay: { distribution: normal, mean: 10ms, sdd: 1ms } }\n',
      /^rclsim: .*bad\.yaml:3: faults\[0\]\.delay\.sdd: unknown key \(expected one of: distribution, min, max, mean, sd, median, sigma\)$/m,
    );
  });

  it('times: fixed, { min, max } (uniform, as delays: writes a range) or a distribution', () => {
    const effect = (delay: string): unknown =>
      (parseJobFile(`faults:\n  - { name: a, topic: /count, delay: ${delay} }\n${PROGRAMS}`, join(FIXTURES, 'job.yaml')).faults![0] as { effect: unknown })
        .effect;
    assert.deepEqual(effect('30ms'), { kind: 'delay', time: { kind: 'fixed', ns: 30e6 }, probability: 1 });
    assert.deepEqual(effect('{ min: 1ms, max: 2ms }'), { kind: 'delay', time: { kind: 'uniform', min: 1e6, max: 2e6 }, probability: 1 });
    assert.deepEqual(effect('{ distribution: lognormal, median: 25ms, sigma: 1.2, max: 1s }'), {
      kind: 'delay',
      time: { kind: 'lognormal', median: 25e6, sigma: 1.2, min: 0, max: 1e9 },
      probability: 1,
    });
  });

  it('an explicit job written as YAML by a tool reads back the same', () => {
    const text = stringify({
      faults: [{ name: 'shrunk', occurrences: [{ fault: 'f', topic: '/count', publisher: '/counter', sequence: 3, receiver: '/tracker', delay: 1500 }] }],
    });
    const parsed = parseJobFile(`${text}${PROGRAMS}`, join(FIXTURES, 'job.yaml'));
    assert.deepEqual(parsed.faults, [
      {
        name: 'shrunk',
        from: 0,
        until: Number.POSITIVE_INFINITY,
        kind: 'explicit',
        occurrences: [(parse(text) as { faults: [{ occurrences: unknown[] }] }).faults[0].occurrences[0]],
      },
    ]);
  });
});
