// The rslcpp determinism benchmark as an rclsim job module: starts at 10 s, ends when Monitor
// says so. (job.yaml is the same job as a job file.)
import { defineJob } from 'rclsim';
import { monitor, nodeA, nodeB, nodeC, nodeD } from './components.ts';

export default defineJob({
  name: 'synthetic-benchmark',
  startTime: 10_000_000_000n,
  setup(job) {
    for (const component of [nodeA, nodeB, nodeC, nodeD, monitor]) component({ job, context: job.context });
  },
});
