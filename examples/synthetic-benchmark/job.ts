// The rslcpp determinism benchmark as an rclsim job: starts at 10 s, ends when Monitor says so.
import { defineJob } from 'rclsim';
import { hcBig } from './uint64Hash.ts';
import { Monitor, NodeA, NodeB, NodeC, NodeD } from './nodes.ts';

export default defineJob({
  name: 'synthetic-benchmark',
  startTime: 10_000_000_000n,
  setup(job) {
    const nodes = [new NodeA(), new NodeB(), new NodeC(), new NodeD()];
    new Monitor(() => job.finish(0));
    job.onEnd(() => {
      let combined = 505510631n;
      for (const node of nodes) {
        const state = node.state.toBigInt();
        job.setResult(node.name(), state);
        combined = hcBig(combined, state);
      }
      job.setResult('combined', combined);
    });
  },
});
