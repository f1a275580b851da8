// The rslcpp determinism benchmark as an rclsim job: starts at 10 s, ends when Monitor says so.
import { defineJob } from 'rclsim';
import { hc } from './uint64Hash.ts';
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
        job.setResult(node.name(), node.state);
        combined = hc(combined, node.state);
      }
      job.setResult('combined', combined);
    });
  },
});
