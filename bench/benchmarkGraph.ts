import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { Simulation } from '../src/rcl/Simulation.js';
import { LogOutput } from '../src/rcl/LogOutput.js';

type NodeClass = new (namespace?: string) => unknown;
type MonitorClass = new (onTimeout: () => void, namespace?: string) => unknown;

interface ExampleNodes {
  NodeA: NodeClass;
  NodeB: NodeClass;
  NodeC: NodeClass;
  NodeD: NodeClass;
  Monitor: MonitorClass;
}

let nodes: ExampleNodes | null = null;

/** The example's node classes, loaded as a user's TypeScript would be. */
export async function exampleNodes(): Promise<ExampleNodes> {
  if (nodes === null) {
    register();
    const file = resolve(import.meta.dirname, '../../examples/synthetic-benchmark/nodes.ts');
    nodes = (await import(pathToFileURL(file).href)) as ExampleNodes;
  }
  return nodes;
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
  options: { fingerprint?: boolean } = {},
): Promise<GraphRun> {
  const { NodeA, NodeB, NodeC, NodeD, Monitor } = await exampleNodes();
  const simulation = new Simulation({
    startTime: 10_000_000_000n,
    logOutput: new LogOutput(() => {}),
    ...(options.fingerprint === undefined ? {} : { fingerprint: options.fingerprint }),
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
    const start = performance.now();
    await engine.run({ endAt: engine.base + BigInt(simSeconds) * 1_000_000_000n });
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
