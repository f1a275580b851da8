/**
 * What a program in its own process costs on this machine: a bare round trip of 4 bytes over a
 * socket pair that is not the child's stdio, and the time from spawn to the child's first
 * message; then the same with the node protocol (port/wire/: ProgramSocket here, ClientSocket in
 * the child). The parent reads the socket directly, as rclsim's run thread does while it awaits
 * an answer.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readSync, rmSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ProgramSocket } from '../src/port/wire/ProgramSocket.js';
import { cppChild } from './cppBench.js';
import { median, summaryOf } from './measure.js';

const CHILD = new URL('transportChild.js', import.meta.url).pathname;
const CLI = new URL('../src/cli/main.js', import.meta.url).pathname;
const PROGRAM_MAIN = new URL('../src/program/programMain.js', import.meta.url).pathname;
/** The separate-programs bench's programs (sources, not compiled). */
const SEPARATE = new URL('../../bench/separate', import.meta.url).pathname;
const REPO = new URL('../..', import.meta.url).pathname;
const BENCHMARK = join(REPO, 'examples/synthetic-benchmark');

/** How the child waits for the next message (bare children). */
export type ChildWait = 'blocked' | 'event-loop';

/** What the simulation gives a program in Welcome (its values do not matter here). */
const WELCOME = {
  program: 'transportChild.js',
  nowNs: 1_700_000_000_000_000_000n,
  seed: 1n,
  cpuCount: 1,
  rosDistro: 'jazzy',
  rmwImplementation: 'rmw_fastrtps_cpp',
};

interface Started {
  child: ChildProcess;
  fd: number;
  /** Wall ms from spawn to the child's hello. */
  helloMs: number;
}

const buffer = Buffer.alloc(4096);

/** Reads the socket until something arrives (it is non-blocking: EAGAIN while empty). */
function pollRead(fd: number): number {
  for (;;) {
    try {
      const n = readSync(fd, buffer, 0, buffer.length, null);
      if (n > 0) return n;
      throw new Error('the child closed its socket');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
  }
}

function start(wait: ChildWait): Started {
  const started = performance.now();
  const child = spawn(process.execPath, [CHILD, wait], { stdio: ['ignore', 'inherit', 'inherit', 'pipe'] });
  // Node keeps a socket's descriptor on its handle (Unix); nothing documented gives it.
  const fd = (child.stdio[3] as Socket & { _handle: { fd: number } })._handle.fd;
  pollRead(fd);
  return { child, fd, helloMs: performance.now() - started };
}

/** Median µs of a 4-byte round trip (parent writes, polls for the echo), over `batches` batches of `perBatch`. */
export function roundTripMicros(wait: ChildWait, perBatch = 20_000, batches = 5): number {
  const { child, fd } = start(wait);
  const message = Buffer.from([1, 2, 3, 4]);
  try {
    for (let i = 0; i < 2000; i++) {
      writeSync(fd, message);
      pollRead(fd);
    }
    const times: number[] = [];
    for (let b = 0; b < batches; b++) {
      const begun = performance.now();
      for (let i = 0; i < perBatch; i++) {
        writeSync(fd, message);
        pollRead(fd);
      }
      times.push(((performance.now() - begun) * 1000) / perBatch);
    }
    return median(times);
  } finally {
    child.kill('SIGKILL');
  }
}

/** The program processes a protocol round trip is measured with: the rclnodejs client's end, the rclpy client's, or the rclcpp client's. */
export type ProtocolChild = 'javascript' | 'python' | 'cpp';

const PROTOCOL_CHILDREN: Record<ProtocolChild, () => { command: string; args: string[]; env?: NodeJS.ProcessEnv }> = {
  javascript: () => ({ command: process.execPath, args: [CHILD, 'protocol'] }),
  python: () => ({
    command: 'python3',
    args: [join(REPO, 'bench/pythonChild.py')],
    env: { ...process.env, PYTHONPATH: join(REPO, 'clients/python') },
  }),
  cpp: () => ({ command: cppChild(), args: [] }),
};

/** A program process with the real client, past the handshake; wall ms from spawn to Welcome and to the first Run's Done. */
function startProgram(child: ProtocolChild = 'javascript'): { program: ProgramSocket; toWelcome: number; toFirstRun: number } {
  const started = performance.now();
  const program = ProgramSocket.spawn({ name: `${child} protocol child`, ...PROTOCOL_CHILDREN[child]() });
  program.handshake(WELCOME);
  const toWelcome = performance.now() - started;
  program.send({ run: { run: 1, nowNs: WELCOME.nowNs, input: Buffer.alloc(4) } });
  // A child whose code is run 0 (the C++ client's main) ends it before it serves run 1.
  while (program.receive().done?.run !== 1);
  return { program, toWelcome, toFirstRun: performance.now() - started };
}

/** A program that loads the client and nothing else: its top-level code is done once loaded. */
const IDLE_PROGRAM = "require('rclnodejs');\n";

/**
 * A separate JavaScript program as rclsim starts it (program/programMain.ts, the client, the
 * program): wall ms from spawn to its top-level code's Done, the handshake on the way.
 */
function startIdleProgram(file: string): number {
  const started = performance.now();
  const program = ProgramSocket.spawn({ name: 'idle program', command: process.execPath, args: [PROGRAM_MAIN, file] });
  try {
    program.handshake({ ...WELCOME, program: 'idle.cjs' });
    while (program.receive().done === undefined);
    return performance.now() - started;
  } finally {
    program.kill();
    program.close();
  }
}

/**
 * Median µs of a protocol round trip: a Run with a 100-byte CDR input encoded and sent, the
 * child decodes it and answers Publish (the input) and Done, both read and decoded here.
 */
export function protocolRoundTripMicros(perBatch = 20_000, batches = 5, child: ProtocolChild = 'javascript'): number {
  const { program } = startProgram(child);
  const input = Buffer.alloc(100, 7);
  let run = 1;
  const roundTrip = (): void => {
    run++;
    program.send({ run: { run, kind: 'MESSAGE', entity: 3, nowNs: WELCOME.nowNs + BigInt(run) * 1_000_000n, input } });
    if (program.receive().publish === undefined || program.receive().done?.run !== run) throw new Error('the child answered out of turn');
  };
  try {
    for (let i = 0; i < 2000; i++) roundTrip();
    const times: number[] = [];
    for (let b = 0; b < batches; b++) {
      const begun = performance.now();
      for (let i = 0; i < perBatch; i++) roundTrip();
      times.push(((performance.now() - begun) * 1000) / perBatch);
    }
    return median(times);
  } finally {
    program.kill();
    program.close();
  }
}

/**
 * rslcpp's benchmark as rclpy nodes (examples/synthetic-benchmark/python.yaml): in-run callbacks
 * per wall second and times real time (a full run less one ended at 10 s, median of `repeats`),
 * and its results (one set).
 */
export function pythonBenchmarkFigures(repeats = 3): { callbacksPerSecond: number; realTimeFactor: number; combined: string[] } {
  const job = join(BENCHMARK, 'python.yaml');
  const run = (...args: string[]): BenchmarkRun => {
    const result = spawnSync(process.execPath, [CLI, 'run', job, '--json', '--quiet', ...args], { cwd: BENCHMARK, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`rclsim run failed: ${result.stderr}`);
    return summaryOf<BenchmarkRun>(result.stdout);
  };
  const rates: number[] = [];
  const factors: number[] = [];
  const combined = new Set<string>();
  for (let i = 0; i < repeats; i++) {
    const full = run();
    const short = run('--until', '10s');
    combined.add(full.results.combined!);
    const seconds = full.wallSeconds - short.wallSeconds;
    rates.push((full.callbacks - short.callbacks) / seconds);
    factors.push(91 / seconds);
  }
  return { callbacksPerSecond: median(rates), realTimeFactor: median(factors), combined: [...combined] };
}

/**
 * Median wall ms, over `repeats` starts one after the other: from spawn to the hello of a child
 * that loads nothing; to Welcome (Hello read, Welcome written) and to the first Run's Done of a
 * child with the client's socket alone; to the top-level Done of a program as rclsim starts it;
 * and of `node -e 0`.
 */
export function spawnMillis(repeats = 7): { toHello: number; toWelcome: number; toFirstRun: number; toTopLevel: number; bareNode: number } {
  const hello: number[] = [];
  const welcome: number[] = [];
  const firstRun: number[] = [];
  const topLevel: number[] = [];
  const bare: number[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'rclsim-bench-spawn-'));
  const idle = join(dir, 'idle.cjs');
  writeFileSync(idle, IDLE_PROGRAM);
  for (let i = 0; i < repeats; i++) {
    const started = start('blocked');
    started.child.kill('SIGKILL');
    hello.push(started.helloMs);
    const { program, toWelcome, toFirstRun } = startProgram();
    program.kill();
    program.close();
    welcome.push(toWelcome);
    firstRun.push(toFirstRun);
    topLevel.push(startIdleProgram(idle));
    const begun = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    bare.push(performance.now() - begun);
  }
  rmSync(dir, { recursive: true, force: true });
  return { toHello: median(hello), toWelcome: median(welcome), toFirstRun: median(firstRun), toTopLevel: median(topLevel), bareNode: median(bare) };
}

/**
 * Callbacks per wall second of a ping program (a 1 kHz timer publishing) and a pong program (a
 * subscription answering), 10 s of sim time, with both in-process and both separate: median of
 * `repeats` runs of each, alternated, from `rclsim run` (process start to exit, so a separate
 * run pays for starting its two programs), and the fingerprints, which must be one.
 */
export function separateProgramsFigures(repeats = 5): { inProcess: number; separate: number; fingerprints: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'rclsim-bench-separate-'));
  try {
    for (const file of ['ping.cjs', 'pong.cjs']) copyFileSync(join(SEPARATE, file), join(dir, file));
    const job = (how: string): string => {
      const path = join(dir, `${how}.yaml`);
      writeFileSync(path, `end: { after: 10s }\nnodes:\n  - script: ping.cjs\n    process: ${how}\n  - script: pong.cjs\n    process: ${how}\n`);
      return path;
    };
    const jobs = { inProcess: job('in-process'), separate: job('separate') };
    const rates: Record<'inProcess' | 'separate', number[]> = { inProcess: [], separate: [] };
    const fingerprints = new Set<string>();
    for (let i = 0; i < repeats; i++) {
      for (const how of ['inProcess', 'separate'] as const) {
        const started = performance.now();
        const run = spawnSync(process.execPath, [CLI, 'run', jobs[how], '--json', '--quiet'], { cwd: dir, encoding: 'utf8' });
        const seconds = (performance.now() - started) / 1000;
        if (run.status !== 0) throw new Error(`rclsim run failed: ${run.stderr}`);
        const summary = summaryOf<{ callbacks: number; fingerprint: string }>(run.stdout);
        fingerprints.add(summary.fingerprint);
        rates[how].push(summary.callbacks / seconds);
      }
    }
    return { inProcess: median(rates.inProcess), separate: median(rates.separate), fingerprints: [...fingerprints] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Lays out a user's project in `dir`: the rslcpp benchmark's files (examples/synthetic-benchmark)
 * and rclsim installed; its job file with every component in-process, and with every one separate.
 */
export function rslcppProject(dir: string): { inProcess: string; separate: string } {
  for (const file of readdirSync(BENCHMARK)) if (file.endsWith('.ts') || file === 'job.yaml') copyFileSync(join(BENCHMARK, file), join(dir, file));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(REPO, join(dir, 'node_modules/rclsim'), 'dir');
  const text = readFileSync(join(dir, 'job.yaml'), 'utf8');
  writeFileSync(join(dir, 'separate.yaml'), text.replace(/^( {2}- \{ module: .*) \}$/gm, '$1, process: separate }'));
  return { inProcess: join(dir, 'job.yaml'), separate: join(dir, 'separate.yaml') };
}

/** What one rclsim run of the rslcpp benchmark reports. */
interface BenchmarkRun {
  callbacks: number;
  wallSeconds: number;
  fingerprint: string;
  results: Record<string, string>;
}

/**
 * The rslcpp benchmark's job file (examples/synthetic-benchmark/job.yaml: five components, 100 s
 * of sim time) with every component in-process and every one separate. In-run speed, without
 * starting the programs: the callbacks and wall seconds (the summary's, loop and setup) of a
 * full run less those of a run ended after 10 s of sim time, median of `repeats` pairs each,
 * alternated. Fingerprints and combined results, which must be one each.
 */
export function benchmarkSeparateFigures(repeats = 3): {
  inProcess: { callbacksPerSecond: number; realTimeFactor: number };
  separate: { callbacksPerSecond: number; realTimeFactor: number };
  fingerprints: string[];
  combined: string[];
} {
  const dir = mkdtempSync(join(tmpdir(), 'rclsim-bench-rslcpp-'));
  try {
    const jobs = rslcppProject(dir);
    const run = (job: string, ...args: string[]): BenchmarkRun => {
      const result = spawnSync(process.execPath, [CLI, 'run', job, '--json', '--quiet', ...args], { cwd: dir, encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`rclsim run failed: ${result.stderr}`);
      return summaryOf<BenchmarkRun>(result.stdout);
    };
    const rates: Record<'inProcess' | 'separate', number[]> = { inProcess: [], separate: [] };
    const factors: Record<'inProcess' | 'separate', number[]> = { inProcess: [], separate: [] };
    const fingerprints = new Set<string>();
    const combined = new Set<string>();
    for (let i = 0; i < repeats; i++) {
      for (const how of ['inProcess', 'separate'] as const) {
        const full = run(jobs[how]);
        const short = run(jobs[how], '--until', '10s');
        fingerprints.add(full.fingerprint);
        combined.add(full.results.combined!);
        const seconds = full.wallSeconds - short.wallSeconds;
        rates[how].push((full.callbacks - short.callbacks) / seconds);
        // The monitor ends the full run 100 s of sim time after its first timer (at 1 s).
        factors[how].push(91 / seconds);
      }
    }
    const figures = (how: 'inProcess' | 'separate') => ({ callbacksPerSecond: median(rates[how]), realTimeFactor: median(factors[how]) });
    return { inProcess: figures('inProcess'), separate: figures('separate'), fingerprints: [...fingerprints], combined: [...combined] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
