/**
 * Engine benchmarks: callbacks per wall second of a run, against the bare heap loop with the
 * same timers, the same number of callbacks and the same work per callback, in this process.
 * `engine` is the rslcpp graph copied many times; `engine.timers` has timers only and
 * `engine.pubsub` mostly subscriptions, to show where the time goes.
 */
import { performance } from 'node:perf_hooks';
import { Node } from '../src/client/Node.js';
import type { NetworkConfig } from '../src/network/config.js';
import { LogOutput } from '../src/ros/LogOutput.js';
import { QoS } from '../src/ros/QoS.js';
import { Simulation } from '../src/sim/Simulation.js';
import { bareHeapLoop } from './bareHeapLoop.js';
import { exampleHash } from './benchmarkGraph.js';
import { median } from './measure.js';

const MS = 1_000_000;
const UINT64 = 'std_msgs/msg/UInt64';

export interface EngineRun {
  callbacks: number;
  runSeconds: number;
  nodes: number;
  /** The periods (ns) of the run's timers, for the bare loop. */
  timerPeriodsNs: number[];
}

/** What every benchmark callback computes: rslcpp's timer update, s = hc(hc(s, id), now). */
export async function hashWork(timers: number): Promise<(timer: number, nowNs: number) => void> {
  const { U64 } = await exampleHash();
  const state = U64.from(55272744n);
  const input = U64.from(0n);
  const ids = Array.from({ length: timers }, (_, i) => U64.from(BigInt(11162456753 + i)));
  return (timer, nowNs) => void state.combine(ids[timer]!).combine(input.set(BigInt(nowNs)));
}

/** `nodes` nodes, each with one timer (periods 40, 50, 100 and 1000 ms in turn) doing the hash work. */
export async function timersGraph(nodes: number, simSeconds: number): Promise<EngineRun> {
  const { U64 } = await exampleHash();
  const periods = Array.from({ length: nodes }, (_, i) => [40, 50, 100, 1000][i % 4]! * MS);
  return runGraph(simSeconds, periods, undefined, () => {
    for (let i = 0; i < nodes; i++) {
      const node = new Node(`timer${i}`);
      const state = U64.from(BigInt(i));
      const id = U64.from(BigInt(11162456753 + i));
      const input = U64.from(0n);
      node.createTimer(BigInt(periods[i]!), () => void state.combine(id).combine(input.set(node.now().nanoseconds)));
    }
  });
}

/**
 * `chains` chains of five nodes: the first publishes every 10 ms, each of the others hashes
 * what it receives and publishes it on to the next (the last only hashes). Four callbacks
 * in five are subscriptions. With a network, its hosts place the nodes (by name: `source`,
 * `relay1` … `relay4`).
 */
export async function pubsubGraph(chains: number, simSeconds: number, network?: NetworkConfig): Promise<EngineRun> {
  const { U64 } = await exampleHash();
  const qos = { qos: new QoS(QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST, 1) };
  return runGraph(
    simSeconds,
    Array.from({ length: chains }, () => 10 * MS),
    network,
    () => {
      for (let c = 0; c < chains; c++) {
        const source = new Node('source', `/chain${c}`);
        const out = source.createPublisher(UINT64, 'link0', qos);
        let n = 0n;
        source.createTimer(10_000_000n, () => out.publish({ data: n++ }));
        for (let k = 1; k < 5; k++) {
          const node = new Node(`relay${k}`, `/chain${c}`);
          const state = U64.from(BigInt(k));
          const input = U64.from(0n);
          const next = k < 4 ? node.createPublisher(UINT64, `link${k}`, qos) : null;
          node.createSubscription(UINT64, `link${k - 1}`, qos, (message: { data: bigint }) => {
            state.combine(input.set(message.data)).combine(input.set(node.now().nanoseconds));
            next?.publish({ data: message.data });
          });
        }
      }
    },
  );
}

async function runGraph(simSeconds: number, timerPeriodsNs: number[], network: NetworkConfig | undefined, build: () => void): Promise<EngineRun> {
  const simulation = new Simulation({ startTime: 10_000_000_000n, logOutput: new LogOutput(() => {}), ...(network === undefined ? {} : { network }) });
  simulation.enter();
  try {
    build();
    const engine = simulation.engine;
    const start = performance.now();
    await engine.run({ endAt: engine.base + BigInt(simSeconds) * 1_000_000_000n });
    return { callbacks: engine.callbacks, runSeconds: (performance.now() - start) / 1000, nodes: simulation.nodes.length, timerPeriodsNs };
  } finally {
    simulation.exit();
  }
}

/** Callbacks per second of one run of the bare loop. */
function bareLoopRate(timerPeriodsNs: number[], callbacks: number, work?: (timer: number, nowNs: number) => void): number {
  const start = performance.now();
  bareHeapLoop(timerPeriodsNs, callbacks, work);
  return callbacks / ((performance.now() - start) / 1000);
}

/** Callbacks per second of the bare loop with these timers and the hash work (median of three, after a warm-up). */
export async function bareRate(timerPeriodsNs: number[], callbacks: number): Promise<number> {
  const work = await hashWork(timerPeriodsNs.length);
  bareLoopRate(timerPeriodsNs, callbacks, work);
  return median([0, 1, 2].map(() => bareLoopRate(timerPeriodsNs, callbacks, work)));
}

/**
 * Median callbacks per second of `graph` over `repeats` runs, and of the bare loop (with the
 * hash work, and with a trivial callback) measured after each run, after one warm-up of each.
 */
export async function compareWithBareLoop(graph: () => Promise<EngineRun>, repeats: number): Promise<Record<string, number>> {
  const engineRates: number[] = [];
  const bareRates: number[] = [];
  const trivialRates: number[] = [];
  let run = await graph();
  const work = await hashWork(run.timerPeriodsNs.length);
  const bare = (withWork: boolean): number => bareLoopRate(run.timerPeriodsNs, run.callbacks, withWork ? work : undefined);
  bare(true);
  bare(false);
  for (let i = 0; i < repeats; i++) {
    run = await graph();
    engineRates.push(run.callbacks / run.runSeconds);
    bareRates.push(bare(true));
    trivialRates.push(bare(false));
  }
  const callbacksPerSecond = median(engineRates);
  const bareLoopPerSecond = median(bareRates);
  return {
    callbacksPerSecond: Math.round(callbacksPerSecond),
    bareLoopPerSecond: Math.round(bareLoopPerSecond),
    ratio: Math.round((callbacksPerSecond / bareLoopPerSecond) * 1000) / 1000,
    bareTrivialLoopPerSecond: Math.round(median(trivialRates)),
    nodes: run.nodes,
    timers: run.timerPeriodsNs.length,
    callbacks: run.callbacks,
  };
}
