/**
 * What a C++ program costs (`npm run bench cpp`): rslcpp's benchmark as rclcpp nodes
 * (examples/synthetic-benchmark/benchmark.cpp) with every node in a process of its own, all in
 * one process of their own, and all in rclsim's process, against the JavaScript components all
 * separate and all in-process, alternated in one sitting; a C++ program's peak memory; and the
 * C++ child of the protocol round trip.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cachedFolder, contentKey } from '../src/build/buildCache.js';
import { compilerCommand, runTool } from '../src/build/compiler.js';
import { CPP_CLIENT, cppClient } from '../src/build/cppClient.js';
import { shippedCppMessages } from '../src/build/cppMessages.js';
import { CPP_FLAGS } from '../src/build/cppProgram.js';
import { median, summaryOf } from './measure.js';
import { rslcppProject } from './processBench.js';

const CLI = new URL('../src/cli/main.js', import.meta.url).pathname;
const REPO = new URL('../..', import.meta.url).pathname;
const BENCHMARK = join(REPO, 'examples/synthetic-benchmark');
const CHILD_SOURCE = join(REPO, 'bench/cppChild.cpp');

/** The protocol child (bench/cppChild.cpp) built against the client's own port, once per content. */
export function cppChild(): string {
  const messages = shippedCppMessages();
  const client = cppClient(messages);
  const key = contentKey([client.key, ...CPP_FLAGS, readFileSync(CHILD_SOURCE)]);
  const folder = cachedFolder('bench-cpp-child', key, (into) => {
    runTool(
      compilerCommand(),
      [
        ...CPP_FLAGS,
        `-I${client.include}`,
        `-I${join(CPP_CLIENT, 'src')}`,
        `-I${messages.folder}`,
        '-o',
        join(into, 'child'),
        CHILD_SOURCE,
        '-Wl,--whole-archive',
        client.library,
        '-Wl,--no-whole-archive',
      ],
      'bench/cppChild.cpp does not compile',
    );
  });
  return join(folder, 'child');
}

interface Run {
  callbacks: number;
  wallSeconds: number;
  fingerprint: string;
  results: Record<string, string>;
}

/** An rclsim run of a job file, and the peak resident memory (KiB) of the largest C++ program process seen while it ran. */
async function runJob(job: string, cwd: string, args: string[] = []): Promise<{ run: Run; peakKiB: number }> {
  const child = spawn(process.execPath, [CLI, 'run', job, '--json', '--quiet', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let peakKiB = 0;
  // VmHWM is a process's high-water mark: a sample while it lives sees its peak so far.
  const sample = setInterval(() => (peakKiB = Math.max(peakKiB, ...cppProgramPeaks())), 50);
  const code = await new Promise<number | null>((done) => child.on('close', done));
  clearInterval(sample);
  if (code !== 0) throw new Error(`rclsim run ${job} failed: ${stderr}`);
  return { run: summaryOf<Run>(stdout), peakKiB };
}

/** The peak resident memory of each process running a program rclsim built (its cache's cpp-programs). */
function cppProgramPeaks(): number[] {
  const peaks: number[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readlinkSync(`/proc/${pid}/exe`).includes('/cpp-programs/')) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (hwm) peaks.push(Number(hwm[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  return peaks;
}

type Variant = 'cppSeparate' | 'cppOneProcess' | 'cppInProcess' | 'javascriptSeparate' | 'javascriptInProcess';

/**
 * In-run speed of each variant, as `processes.benchmark` measures it: callbacks and wall seconds
 * of a full run (100 s after the monitor's first tick) less those of one ended at 10 s, median of
 * `repeats` rounds of the three, alternated; their fingerprints and combined results.
 */
export async function cppBenchmarkFigures(repeats = 3): Promise<{
  callbacksPerSecond: Record<Variant, number>;
  timesRealTime: Record<Variant, number>;
  peakKiB: number;
  fingerprints: Record<Variant, string[]>;
  combined: string[];
}> {
  const dir = mkdtempSync(join(tmpdir(), 'rclsim-bench-cpp-'));
  try {
    const javascript = rslcppProject(dir);
    // cpp.yaml's one program in a process of its own.
    const oneProcess = join(dir, 'cpp-one-process.yaml');
    const cppJob = readFileSync(join(BENCHMARK, 'cpp.yaml'), 'utf8');
    writeFileSync(oneProcess, cppJob.replace(/^ {2}- script: benchmark\.cpp$/m, `  - script: ${join(BENCHMARK, 'benchmark.cpp')}\n    process: separate`));
    const jobs: Record<Variant, { job: string; cwd: string }> = {
      cppSeparate: { job: join(BENCHMARK, 'cpp-separate.yaml'), cwd: BENCHMARK },
      cppOneProcess: { job: oneProcess, cwd: BENCHMARK },
      cppInProcess: { job: join(BENCHMARK, 'cpp.yaml'), cwd: BENCHMARK },
      javascriptSeparate: { job: javascript.separate, cwd: dir },
      javascriptInProcess: { job: javascript.inProcess, cwd: dir },
    };
    // Built before anything is timed: the shared object and the executable.
    for (const variant of ['cppOneProcess', 'cppInProcess'] as const)
      spawnSync(process.execPath, [CLI, 'run', jobs[variant].job, '--until', '10s', '--quiet'], { cwd: BENCHMARK });
    const variants = Object.keys(jobs) as Variant[];
    const rates = Object.fromEntries(variants.map((v) => [v, [] as number[]])) as Record<Variant, number[]>;
    const factors = Object.fromEntries(variants.map((v) => [v, [] as number[]])) as Record<Variant, number[]>;
    const fingerprints = Object.fromEntries(variants.map((v) => [v, new Set<string>()])) as Record<Variant, Set<string>>;
    const combined = new Set<string>();
    let peakKiB = 0;
    for (let i = 0; i < repeats; i++) {
      for (const variant of variants) {
        const { job, cwd } = jobs[variant];
        const full = await runJob(job, cwd);
        const short = await runJob(job, cwd, ['--until', '10s']);
        if (variant === 'cppSeparate') peakKiB = Math.max(peakKiB, full.peakKiB);
        fingerprints[variant].add(full.run.fingerprint);
        combined.add(full.run.results.combined as string);
        const seconds = full.run.wallSeconds - short.run.wallSeconds;
        rates[variant].push((full.run.callbacks - short.run.callbacks) / seconds);
        factors[variant].push(91 / seconds);
      }
    }
    const each = <T>(f: (v: Variant) => T) => Object.fromEntries(variants.map((v) => [v, f(v)])) as Record<Variant, T>;
    return {
      callbacksPerSecond: each((v) => median(rates[v])),
      timesRealTime: each((v) => median(factors[v])),
      peakKiB,
      fingerprints: each((v) => [...fingerprints[v]]),
      combined: [...combined],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
