import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { TraceWriter } from '../src/job/TraceWriter.js';
import { LiveReport } from '../src/report/LiveReport.js';
import { writeReport } from '../src/report/reportHtml.js';
import { LogOutput } from '../src/ros/LogOutput.js';
import { Simulation, type SimulationOptions } from '../src/sim/Simulation.js';

type NodeClass = new (namespace?: string) => unknown;
type MonitorClass = new (onTimeout: () => void, namespace?: string) => unknown;

export interface ExampleNodes {
  NodeA: NodeClass;
  NodeB: NodeClass;
  NodeC: NodeClass;
  NodeD: NodeClass;
  Monitor: MonitorClass;
}

/** The 64-bit state the example's nodes hash into (examples/synthetic-benchmark/uint64Hash.ts). */
export interface U64 {
  combine(other: U64): U64;
  set(value: bigint): U64;
}

export interface ExampleHash {
  U64: { from(value: bigint): U64 };
}

let registered = false;

/** A module of the example, loaded as a user's TypeScript would be. */
async function exampleModule<T>(name: string): Promise<T> {
  if (!registered) {
    register();
    registered = true;
  }
  const file = resolve(import.meta.dirname, `../../examples/synthetic-benchmark/${name}`);
  return (await import(pathToFileURL(file).href)) as T;
}

/** The example's node classes. */
export function exampleNodes(): Promise<ExampleNodes> {
  return exampleModule<ExampleNodes>('nodes.ts');
}

/** The example's hash, for workloads that do what its callbacks do. */
export function exampleHash(): Promise<ExampleHash> {
  return exampleModule<ExampleHash>('uint64Hash.ts');
}

export interface GraphRun {
  nodes: number;
  callbacks: number;
  runSeconds: number;
  timerPeriodsNs: number[];
  simulation: Simulation;
}

/**
 * Builds `copies` copies of the rslcpp benchmark graph (NodeA–D and Monitor, each copy in its
 * own namespace), then runs it for `simSeconds` of sim time. Only the run is timed.
 */
export async function runBenchmarkGraph(
  copies: number,
  simSeconds: number,
  options: {
    fingerprint?: boolean;
    tracePath?: string;
    reportPath?: string;
    /** Called just before the run starts, after the graph is built. */
    beforeRun?: () => void;
    /** The example's node classes, loaded some other way than through tsx. */
    nodes?: ExampleNodes;
  } & Pick<SimulationOptions, 'executors' | 'executionTimes'> = {},
): Promise<GraphRun> {
  const { NodeA, NodeB, NodeC, NodeD, Monitor } = options.nodes ?? (await exampleNodes());
  const simulation = new Simulation({
    startTime: 10_000_000_000n,
    logOutput: new LogOutput(() => {}),
    ...(options.fingerprint === undefined ? {} : { fingerprint: options.fingerprint }),
    ...(options.executors === undefined ? {} : { executors: options.executors }),
    ...(options.executionTimes === undefined ? {} : { executionTimes: options.executionTimes }),
  });
  simulation.enter();
  try {
    for (let i = 0; i < copies; i++) {
      const ns = copies === 1 ? '' : `/copy${i}`;
      new NodeA(ns);
      new NodeB(ns);
      new NodeC(ns);
      new NodeD(ns);
      new Monitor(() => {}, ns);
    }
    const engine = simulation.engine;
    const trace = options.tracePath === undefined ? undefined : new TraceWriter(options.tracePath, engine, { job: 'bench', seed: 0 });
    if (trace !== undefined) engine.observers.push(trace);
    const report = options.reportPath === undefined ? undefined : new LiveReport(simulation, { plannedEnd: simSeconds * 1e9 });
    options.beforeRun?.();
    const start = performance.now();
    await engine.run({ endAt: engine.base + BigInt(simSeconds) * 1_000_000_000n });
    trace?.close({ reason: 'end', callbacks: engine.callbacks, fingerprint: '' });
    if (report !== undefined) {
      const meta = {
        title: 'bench',
        source: 'run' as const,
        summary: {},
        results: {},
        warnings: [],
        failure: null,
        executors: null,
        divergence: null,
        checks: [],
        faults: null,
      };
      writeReport(options.reportPath!, report.finish({ ...meta, end: engine.now }));
    }
    const runSeconds = (performance.now() - start) / 1000;
    const periods = [100, 50, 40, 1000].map((ms) => ms * 1e6);
    return {
      nodes: simulation.nodes.length,
      callbacks: engine.callbacks,
      runSeconds,
      timerPeriodsNs: Array.from({ length: copies }, () => periods).flat(),
      simulation,
    };
  } finally {
    simulation.exit();
  }
}
