/**
 * One run of the rslcpp graph for `npm run costs`, in a process of its own: `node
 * --single-threaded --expose-gc --trace-gc-nvp graphWorkload.js COPIES SIM_SECONDS [NODES.mjs]`
 * (NODES.mjs: the example's nodes already compiled to JavaScript, so that no tsx, whose esbuild
 * service pings this process as wall time passes, runs beside the run). It prints
 * the callbacks run, and brackets the run with marker lines (and, given --expose-gc, full
 * collections), so that the collector's trace between them sums what the run allocated
 * (allocations.ts).
 */
import { writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type ExampleNodes, runBenchmarkGraph } from '../benchmarkGraph.js';
import { RUN_BEGINS, RUN_ENDS } from './allocations.js';

const [copies, simSeconds] = process.argv.slice(2, 4).map(Number);
const nodesModule = process.argv[4];
// With --expose-gc, full collections bracket the run (what allocations.ts reads needs them).
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
if (copies === undefined || simSeconds === undefined || Number.isNaN(copies) || Number.isNaN(simSeconds)) {
  process.stderr.write('usage: node [--expose-gc --trace-gc-nvp] graphWorkload.js COPIES SIM_SECONDS [NODES.mjs]\n');
  process.exit(2);
}
// Written straight to fd 1, where V8 prints its trace (unbuffered: the parent runs this under stdbuf -o0).
const mark = (line: string): void => void writeSync(1, `${line}\n`);
const nodes = nodesModule === undefined ? undefined : ((await import(pathToFileURL(nodesModule).href)) as ExampleNodes);
const run = await runBenchmarkGraph(copies, simSeconds, {
  ...(nodes === undefined ? {} : { nodes }),
  beforeRun: () => {
    collect();
    mark(RUN_BEGINS);
  },
});
collect();
mark(RUN_ENDS);
mark(`callbacks ${run.callbacks}`);
