/**
 * The C++ workloads of `npm run costs`: rslcpp's benchmark as rclcpp nodes
 * (examples/synthetic-benchmark/cpp.yaml, the five nodes in one program), its program placed in
 * a process of its own (`process: separate`) or in the simulation's (the default placement).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHEGRIND, instructionsIn } from './cachegrind.js';
import { CLI, NODE_FLAGS, REPO, run, summaryCallbacks } from './runs.js';
import type { Workload } from './workloads.js';

const BENCHMARK = join(REPO, 'examples/synthetic-benchmark');

/** Where the job puts the benchmark's C++ program. */
export type CppPlacement = 'separate' | 'inProcess';

/** cpp.yaml in `scratch`, its program placed: the one line that differs between the placements. */
function placedJob(scratch: string, placement: CppPlacement): string {
  const dir = mkdtempSync(join(scratch, `cpp-${placement}-`));
  const node = `{ script: ${join(BENCHMARK, 'benchmark.cpp')}${placement === 'separate' ? ', process: separate' : ''} }`;
  const job = join(dir, 'job.yaml');
  writeFileSync(job, readFileSync(join(BENCHMARK, 'cpp.yaml'), 'utf8').replace(/^ {2}- script: benchmark\.cpp$/m, `  - ${node}`));
  return job;
}

/** `rclsim run` of a job to `seconds`, its summary on stdout. */
function runArgs(job: string, seconds: number): string[] {
  return [CLI, 'run', job, '--until', `${seconds}s`, '--json', '--quiet'];
}

/**
 * The simulation's process under cachegrind. Everything runs on one CPU, so that no wait spins
 * (ProgramSocket's Backoff spins only beside a CPU of the program's own) and a program blocks
 * for its next message (Run.read_polls is 0 then); and the program (RCLSIM_CPP_PREFIX) runs in
 * the real-time class, which takes the CPU from the simulation as soon as it wakes: it answers
 * while the simulation's write wakes it, so the simulation's first read finds the answer and its
 * wait loop takes no turn at all (it would count each of its tries). Needs the right to set a
 * real-time policy (root, CAP_SYS_NICE or an RLIMIT_RTPRIO: CI runs as root).
 */
async function simulationInstructions(placement: CppPlacement, seconds: number, scratch: string) {
  const job = placedJob(scratch, placement);
  const out = join(scratch, `cpp-${placement}-${seconds}.cachegrind`);
  const valgrind = ['valgrind', ...CACHEGRIND, `--cachegrind-out-file=${out}`, process.execPath, ...NODE_FLAGS, ...runArgs(job, seconds)];
  const env = { ...process.env, RCLSIM_CPP_PREFIX: 'chrt --fifo 1' };
  const output = await run('taskset', ['-c', '0', ...valgrind], join(job, '..'), env);
  return { callbacks: summaryCallbacks(output), value: instructionsIn(out) };
}

/**
 * The program's process under cachegrind (RCLSIM_CPP_PREFIX), the simulation not counted: on one
 * CPU, so that the program blocks for its next message rather than polling (Run.read_polls).
 */
async function programInstructions(seconds: number, scratch: string) {
  const job = placedJob(scratch, 'separate');
  const out = join(scratch, `cpp-program-${seconds}.cachegrind`);
  const env = { ...process.env, RCLSIM_CPP_PREFIX: ['valgrind', ...CACHEGRIND, `--cachegrind-out-file=${out}`].join(' ') };
  const output = await run('taskset', ['-c', '0', process.execPath, ...runArgs(job, seconds)], join(job, '..'), env);
  return { callbacks: summaryCallbacks(output), value: instructionsIn(out) };
}

/** The benchmark's C++ program built for each placement before anything is counted (a build is not a callback's cost). */
const built = new Map<CppPlacement, Promise<string>>();
function buildOnce(placement: CppPlacement, scratch: string): Promise<string> {
  if (!built.has(placement)) built.set(placement, run(process.execPath, runArgs(placedJob(scratch, placement), 1), BENCHMARK));
  return built.get(placement)!;
}

/** rslcpp's benchmark as C++ nodes with its program placed as `placement` says. */
export function cppBenchmark(placement: CppPlacement): Workload {
  const separate = placement === 'separate';
  return {
    // In the simulation's process three runs gave 39,241, 39,337 and 42,256 (the program's thread
    // and the run thread take turns through futexes there, and V8's code differs with it), and CI's
    // machine counts 8.5 % more than this one where the other workloads move less than 0.7 %.
    tolerance: separate ? 0.03 : 0.15,
    together: false,
    description: `rslcpp's benchmark as rclcpp nodes (examples/synthetic-benchmark/cpp.yaml), the program ${separate ? 'in a process of its own: the simulation’s process, and the program’s' : 'in the simulation’s process'}`,
    short: 30,
    long: 70,
    profile: separate
      ? "profile the simulation's side: `node --cpu-prof dist/src/cli/main.js run examples/synthetic-benchmark/cpp.yaml`; the program's: RCLSIM_CPP_PREFIX='valgrind --tool=callgrind' on the same job"
      : "profile it: `valgrind --tool=callgrind node dist/src/cli/main.js run examples/synthetic-benchmark/cpp.yaml --until 30s` (callgrind_annotate names the C++ client's functions)",
    figures: {
      async instructionsPerCallback(seconds, scratch) {
        await buildOnce(placement, scratch);
        return simulationInstructions(placement, seconds, scratch);
      },
      ...(separate
        ? {
            async programInstructionsPerCallback(seconds: number, scratch: string) {
              await buildOnce('separate', scratch);
              return programInstructions(seconds, scratch);
            },
          }
        : {}),
    },
  };
}
