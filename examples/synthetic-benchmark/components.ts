// The benchmark's nodes as components for job files: each factory builds its node and
// publishes its final state as a result when the run ends; the monitor finishes the job and
// publishes the combined hash of the four states.
import type { ComponentOptions } from 'rclsim';
import { Monitor, NodeA, NodeB, NodeC, NodeD } from './nodes.ts';
import { hcBig } from './uint64Hash.ts';

type StateNode = NodeA | NodeB | NodeC | NodeD;

function withResult(node: StateNode, { job }: ComponentOptions): StateNode {
  job.onEnd(() => job.setResult(node.name(), node.state.toBigInt()));
  return node;
}

export const nodeA = (options: ComponentOptions) => withResult(new NodeA(), options);
export const nodeB = (options: ComponentOptions) => withResult(new NodeB(), options);
export const nodeC = (options: ComponentOptions) => withResult(new NodeC(), options);
export const nodeD = (options: ComponentOptions) => withResult(new NodeD(), options);

/** Registered after the four nodes, so their results are in when it combines them. */
export function monitor({ job }: ComponentOptions): Monitor {
  job.onEnd(() => {
    let combined = 505510631n;
    for (const name of ['NodeA', 'NodeB', 'NodeC', 'NodeD']) combined = hcBig(combined, job.results.get(name) as bigint);
    job.setResult('combined', combined);
  });
  return new Monitor(() => job.finish(0));
}
