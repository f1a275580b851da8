/**
 * `npm run bench netsim`: the same scenarios with the built-in network model and with ns-3 in
 * the loop (adapters/ns3), side by side — goodput, mean and p95 latency, loss — and what each
 * costs in wall time.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Engine } from '../src/engine/Engine.js';
import { loadJobFile } from '../src/job/jobFile.js';
import { runJob } from '../src/job/runJob.js';
import { Network } from '../src/network/Network.js';
import { LogOutput } from '../src/ros/LogOutput.js';
import { nearestRank, timeStats } from '../src/sim/timeStats.js';
import { round } from './measure.js';
import { networkSection } from './networkBench.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const NS3 = join(repoRoot, 'adapters/ns3/build/rclsim-ns3');

/** What one model made of a scenario. */
export interface LinkFigures {
  goodputMbps: number;
  latencyMeanMs: number;
  latencyP95Ms: number | null;
  loss: number;
  wallSeconds: number;
  /** ns-3: the wall time it spent simulating, and the protocol's cost: rclsim's waits for it beyond that, and its encoding and decoding. */
  simulatorSeconds?: number;
  protocolSeconds?: number;
}

export function ns3Adapter(): string {
  if (!existsSync(NS3)) execFileSync(join(repoRoot, 'adapters/ns3/build.sh'), { stdio: 'inherit' });
  return NS3;
}

/**
 * Hosts (a YAML list) and flows between them: each sends a best-effort message of `bytes` every
 * `periodMs` for `simSeconds`; messages delivered, their latency (publish to arrival) and those
 * lost, with the built-in model or ns-3.
 */
export async function flows(
  hostsYaml: string,
  pairs: [string, string][],
  options: { bytes: number; periodMs: number; simSeconds: number; ns3: boolean; extra?: string },
): Promise<LinkFigures> {
  const engine = new Engine({ startTime: 0n });
  const external = options.ns3 ? `\nexternal:\n  command: [${ns3Adapter()}]` : '';
  const network = new Network(engine, networkSection(`hosts:\n${hostsYaml}${options.extra ?? ''}${external}`), 1);
  const start = performance.now();
  await network.start();
  const latencies: number[] = [];
  let delivered = 0;
  let lost = 0;
  const end = options.simSeconds * 1e9;
  pairs.forEach(([fromName, toName], k) => {
    const from = network.host(fromName)!;
    const to = network.host(toName)!;
    const writer = { entityId: k + 1, resolvedQoS: { keepAll: false, depth: 10 } };
    let sequence = 0;
    const send = (): void => {
      const sentAt = engine.now;
      network.send(writer, ++sequence, from, to, options.bytes, false, {
        arrive: () => {
          delivered++;
          latencies.push(engine.now - sentAt);
        },
        lose: () => lost++,
      });
      if (engine.now + options.periodMs * 1e6 < end) engine.scheduleAfter(options.periodMs * 1e6, send);
    };
    engine.scheduleAfter(k * 1000, send);
  });
  try {
    await engine.run({ endAt: BigInt(end) });
  } finally {
    network.close();
  }
  const wallSeconds = (performance.now() - start) / 1000;
  const stats = timeStats(latencies);
  const timing = network.simulatorTiming();
  return {
    goodputMbps: round((delivered * options.bytes * 8) / options.simSeconds / 1e6, 2),
    latencyMeanMs: round((stats?.mean ?? NaN) / 1e6, 3),
    latencyP95Ms: stats === null ? null : round(nearestRank(Float64Array.from(latencies).sort(), 0.95) / 1e6, 3),
    loss: round(lost / Math.max(1, delivered + lost), 3),
    wallSeconds: round(wallSeconds, 2),
    ...(timing === null
      ? {}
      : { simulatorSeconds: round(timing.busySeconds, 2), protocolSeconds: round(timing.waitedSeconds - timing.busySeconds + timing.codingSeconds, 2) }),
  };
}

/** The patrol example with the built-in model or ns-3 (its bag recorded as the job says). */
export async function patrol(ns3: boolean): Promise<LinkFigures> {
  const job = loadJobFile(join(repoRoot, 'examples/patrol/job.yaml'));
  if (ns3) job.network = { ...job.network!, external: { endpoint: { command: [ns3Adapter()] }, window: 0, timeoutMs: 60_000 } };
  const start = performance.now();
  const summary = await runJob(job, { logOutput: new LogOutput(() => {}) });
  const wallSeconds = (performance.now() - start) / 1000;
  const link = summary.network!.links.find((l) => l.from === 'red' && l.to === 'blue')!;
  const simulator = summary.network!.simulator;
  return {
    goodputMbps: round((link.deliveredBytes * 8) / 120 / 1e6, 2),
    latencyMeanMs: round(link.latencyMean * 1000, 3),
    latencyP95Ms: null,
    loss: round(link.messagesLost / Math.max(1, link.messagesSent), 3),
    wallSeconds: round(wallSeconds, 2),
    ...(simulator === undefined
      ? {}
      : {
          simulatorSeconds: round(simulator.busySeconds, 2),
          protocolSeconds: round(simulator.waitedSeconds - simulator.busySeconds + simulator.codingSeconds, 2),
        }),
  };
}
