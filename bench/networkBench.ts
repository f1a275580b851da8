/**
 * Network benchmarks: MAC frames the model simulates per wall second on a saturated link, the
 * patrol example's real-time factor, and what a network costs a job whose hosts are co-located.
 */
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Engine } from '../src/engine/Engine.js';
import { loadJobFile, parseJobFile } from '../src/job/jobFile.js';
import { runJob } from '../src/job/runJob.js';
import type { NetworkConfig } from '../src/network/config.js';
import { Network } from '../src/network/Network.js';
import { LogOutput } from '../src/ros/LogOutput.js';
import { pubsubGraph } from './engineBench.js';
import { median } from './measure.js';

const repoRoot = resolve(import.meta.dirname, '../..');

/** A `network:` section as a job file gives it. */
export function networkSection(yaml: string): NetworkConfig {
  return parseJobFile(`nodes: []\nnetwork:\n${yaml.replace(/^/gm, '  ')}`, join(repoRoot, 'bench.yaml')).network!;
}

/**
 * Two hosts 10 m apart; host a sends a 60 kB best-effort message every 2 ms (240 Mbit/s, four
 * times what the link carries) for `simSeconds`: the medium is never idle. Returns the MPDU
 * transmissions simulated and the wall seconds of the run.
 */
export async function saturatedLink(simSeconds: number): Promise<{ frames: number; runSeconds: number }> {
  const engine = new Engine({ startTime: 0n });
  const network = new Network(
    engine,
    networkSection('hosts:\n  - { name: a, nodes: [a], position: [0, 0, 1.5] }\n  - { name: b, nodes: [b], position: [10, 0, 1.5] }'),
    1,
  );
  const [a, b] = network.hosts;
  const writer = { entityId: 1, resolvedQoS: { keepAll: false, depth: 10 } };
  const ignore = { arrive(): void {}, lose(): void {} };
  let sequence = 0;
  const end = simSeconds * 1e9;
  const send = (): void => {
    network.send(writer, ++sequence, a!, b!, 60_000, false, ignore);
    if (engine.now < end) engine.scheduleAfter(2_000_000, send);
  };
  engine.scheduleAfter(0, send);
  const start = performance.now();
  await engine.run({ endAt: BigInt(end) });
  return { frames: network.medium.framesSent, runSeconds: (performance.now() - start) / 1000 };
}

/** Wall seconds of the patrol example (120 s of sim time), its bag recorded as the job says. */
export async function patrolSeconds(): Promise<number> {
  const start = performance.now();
  await runJob(loadJobFile(join(repoRoot, 'examples/patrol/job.yaml')), { logOutput: new LogOutput(() => {}) });
  return (performance.now() - start) / 1000;
}

/**
 * The pubsub chains (node k of every chain on host h<k>, every relay a crossing of the network)
 * with all five hosts at one point, against the same graph without a network.
 */
export async function coLocated(
  chains: number,
  simSeconds: number,
  repeats: number,
): Promise<{ ratio: number; secondsWith: number; secondsWithout: number; crossingsPerSecond: number }> {
  const hosts = ['source', 'relay1', 'relay2', 'relay3', 'relay4'].map((node, k) => `  - { name: h${k}, nodes: [${node}], position: [0, 0, 1.5] }`);
  const network = networkSection(`hosts:\n${hosts.join('\n')}`);
  await pubsubGraph(chains, simSeconds, network);
  await pubsubGraph(chains, simSeconds);
  const ratios: number[] = [];
  const withTimes: number[] = [];
  const withoutTimes: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const on = (await pubsubGraph(chains, simSeconds, network)).runSeconds;
    const off = (await pubsubGraph(chains, simSeconds)).runSeconds;
    withTimes.push(on);
    withoutTimes.push(off);
    ratios.push(on / off);
  }
  const secondsWith = median(withTimes);
  return {
    ratio: median(ratios),
    secondsWith,
    secondsWithout: median(withoutTimes),
    // Four relays per chain, 100 messages a second each.
    crossingsPerSecond: (chains * 4 * 100 * simSeconds) / secondsWith,
  };
}
