/**
 * What `npm run costs` measures: each workload run at two lengths, so that start-up cancels in
 * the difference, and the difference divided by the callbacks it ran.
 */
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { rslcppProject } from '../processBench.js';
import { allocatedInRun } from './allocations.js';
import { CACHEGRIND, instructionsIn } from './cachegrind.js';
import { cppBenchmark } from './cppWorkloads.js';
import { CLI, NODE_FLAGS, REPO, run, summaryCallbacks } from './runs.js';

const GRAPH = new URL('graphWorkload.js', import.meta.url).pathname;
const BENCHMARK = join(REPO, 'examples/synthetic-benchmark');
/**
 * The bytes figure's runs are BYTES_LENGTHS times the workload's lengths, and each length's sample
 * the least of BYTES_RUNS runs: one run's trace counts about 0.2 MB more or less than another's,
 * whatever its length (rslcpp on one build: 10.07 or 10.24-10.27 MB at 100 s, 25.26-25.28 or
 * 25.45-25.51 MB at 300 s, twelve runs each; so with V8's optimizing compilers off), which moved
 * the figure at 300 s less 100 s by 1.5 % of its 3 %. Without valgrind a run of 1,500 s takes
 * half a second.
 */
export const BYTES_LENGTHS = 10;
const BYTES_RUNS = 3;

/** One length of a workload: its callbacks, and the instructions or bytes it took. */
export interface Sample {
  callbacks: number;
  value: number;
}

export interface Workload {
  description: string;
  /**
   * How far over its budget a figure may go before the check fails: what two runs of the same
   * code differ by, with room (docs/performance.md "Costs" gives the spreads measured).
   */
  tolerance: number;
  /** How to see where its instructions go, for the line that says it is over budget. */
  profile: string;
  /** The two lengths (seconds of sim time) whose difference is measured. */
  short: number;
  long: number;
  /**
   * Whether its two lengths may run at once, one on each CPU: not where the count depends on how
   * long one process waits for another (a separate program's socket is read with polls).
   */
  together: boolean;
  /** The figures it has, each measured at a length. */
  figures: Partial<Record<Figure, Measure>>;
}

/** programInstructionsPerCallback: a separate program's own process, where the workload has one. */
export type Figure = 'instructionsPerCallback' | 'bytesPerCallback' | 'programInstructionsPerCallback';

type Measure = (seconds: number, scratch: string) => Promise<Sample>;

function callbacksIn(output: string): number {
  const line = /^callbacks (\d+)$/m.exec(output);
  if (line === null) throw new Error('the workload printed no callbacks line');
  return Number(line[1]);
}

/**
 * The example's nodes (examples/synthetic-benchmark/nodes.ts) compiled to one JavaScript module
 * in `scratch`, beside an installed rclsim, once per costs run.
 */
function compiledNodes(scratch: string): Promise<string> {
  let compiled = compiling.get(scratch);
  if (compiled === undefined) {
    const file = join(scratch, 'nodes.mjs');
    mkdirSync(join(scratch, 'node_modules'), { recursive: true });
    symlinkSync(REPO, join(scratch, 'node_modules/rclsim'), 'dir');
    const options = { entryPoints: [join(BENCHMARK, 'nodes.ts')], bundle: true, external: ['rclsim', 'rclsim/*'], outfile: file };
    compiled = build({ ...options, format: 'esm', platform: 'node', logLevel: 'error' }).then(() => file);
    compiling.set(scratch, compiled);
  }
  return compiled;
}

/** The compiled nodes' module of each scratch folder (the two lengths of a workload ask at once). */
const compiling = new Map<string, Promise<string>>();

/** The rslcpp graph (`copies` copies) in this library's process, as `npm start` and the engine benchmark run it. */
function graph(copies: number): Workload['figures'] {
  return {
    async instructionsPerCallback(seconds, scratch) {
      const out = join(scratch, `graph-${copies}-${seconds}.cachegrind`);
      const workload = [GRAPH, String(copies), String(seconds), await compiledNodes(scratch)];
      const output = await run('valgrind', [...CACHEGRIND, `--cachegrind-out-file=${out}`, process.execPath, ...NODE_FLAGS, ...workload]);
      return { callbacks: callbacksIn(output), value: instructionsIn(out) };
    },
    async bytesPerCallback(seconds, scratch) {
      const workload = [GRAPH, String(copies), String(seconds * BYTES_LENGTHS), await compiledNodes(scratch)];
      let least: Sample | undefined;
      for (let i = 0; i < BYTES_RUNS; i++) {
        // stdbuf: V8 prints its trace through C's stdout, which would otherwise hold it past the markers.
        const output = await run('stdbuf', ['-o0', process.execPath, ...NODE_FLAGS, '--expose-gc', '--trace-gc-nvp', ...workload]);
        const sample = { callbacks: callbacksIn(output), value: allocatedInRun(output) };
        if (least === undefined || sample.value < least.value) least = sample;
      }
      return least!;
    },
  };
}

const GRAPH_PROFILE =
  'profile it in-process: `node --single-threaded --cpu-prof dist/bench/costs/graphWorkload.js 25 60` and open the .cpuprofile in Chrome DevTools';

export const workloads: Record<string, Workload> = {
  rslcpp: {
    tolerance: 0.03,
    together: true,
    description: "rslcpp's benchmark graph once (5 nodes), in-process: what `npm start` runs",
    short: 100,
    long: 300,
    profile: GRAPH_PROFILE,
    figures: graph(1),
  },
  engine: {
    tolerance: 0.03,
    together: true,
    description: 'the `engine` benchmark graph at 25 copies (125 nodes), in-process',
    short: 20,
    long: 60,
    profile: GRAPH_PROFILE,
    figures: graph(25),
  },
  separate: {
    tolerance: 0.25,
    together: false,
    description: "rslcpp's job with every component a separate program: the simulation's process (the programs' are not counted)",
    short: 30,
    long: 70,
    profile:
      "profile the simulation's side: `node --cpu-prof dist/src/cli/main.js run <the rslcpp job with process: separate>` (bench/processBench.ts rslcppProject lays one out)",
    figures: {
      async instructionsPerCallback(seconds, scratch) {
        const jobs = rslcppProject(mkdtempSync(join(scratch, 'separate-')));
        const out = join(scratch, `separate-${seconds}.cachegrind`);
        // On one CPU the simulation's waits for a program sleep at once instead of spinning on
        // the socket, so the count does not depend on how soon each answer comes.
        const args = ['-c', '0', 'valgrind', ...CACHEGRIND, `--cachegrind-out-file=${out}`, process.execPath, ...NODE_FLAGS, CLI, 'run', jobs.separate];
        const output = await run('taskset', [...args, '--until', `${seconds}s`, '--json', '--quiet'], join(jobs.separate, '..'));
        return { callbacks: summaryCallbacks(output), value: instructionsIn(out) };
      },
    },
  },
  cppSeparate: cppBenchmark('separate'),
  cppInProcess: cppBenchmark('inProcess'),
  python: {
    tolerance: 0.08,
    together: false,
    description: "rslcpp's benchmark as rclpy nodes (examples/synthetic-benchmark/python.yaml): the Python client's process",
    short: 30,
    long: 70,
    profile:
      'profile the client: a job whose `python:` is a script running `python3 -m cProfile -o client.prof "$@"`, on examples/synthetic-benchmark/python.yaml',
    figures: {
      async instructionsPerCallback(seconds, scratch) {
        const dir = mkdtempSync(join(scratch, 'python-'));
        const out = join(scratch, `python-${seconds}.cachegrind`);
        // The job's interpreter is python3 under cachegrind (the binary itself: valgrind would
        // stop counting where a launcher such as pyenv's execs it); the simulation runs as usual.
        const python = (await run('python3', ['-c', 'import sys; print(sys.executable)'])).trim();
        const interpreter = join(dir, 'python-under-cachegrind');
        writeFileSync(interpreter, `#!/bin/sh\nexec valgrind ${CACHEGRIND.join(' ')} --cachegrind-out-file=${out} ${python} "$@"\n`);
        chmodSync(interpreter, 0o755);
        copyFileSync(join(BENCHMARK, 'benchmark.py'), join(dir, 'benchmark.py'));
        writeFileSync(join(dir, 'job.yaml'), `${readFileSync(join(BENCHMARK, 'python.yaml'), 'utf8')}python: ${interpreter}\n`);
        const output = await run(process.execPath, [CLI, 'run', join(dir, 'job.yaml'), '--until', `${seconds}s`, '--json', '--quiet'], dir);
        return { callbacks: summaryCallbacks(output), value: instructionsIn(out) };
      },
    },
  },
};

/** A workload's figure: what the long run took more than the short one, per callback it ran more. */
export async function perCallback(measure: Measure, workload: Workload, scratch: string): Promise<number> {
  const [long, short] = workload.together
    ? await Promise.all([measure(workload.long, scratch), measure(workload.short, scratch)])
    : [await measure(workload.long, scratch), await measure(workload.short, scratch)];
  return (long.value - short.value) / (long.callbacks - short.callbacks);
}

/** A folder for a costs run's files, removed afterwards. */
export async function withScratch<T>(work: (scratch: string) => Promise<T>): Promise<T> {
  const scratch = mkdtempSync(join(tmpdir(), 'rclsim-costs-'));
  try {
    return await work(scratch);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
