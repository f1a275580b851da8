import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node } from '../../src/client/Node.js';
import { defineJob, type JobHandle } from '../../src/job/JobHandle.js';
import type { RunSummary } from '../../src/job/RunSummary.js';
import { type RunOptions, runJob } from '../../src/job/runJob.js';
import type { NetworkConfig } from '../../src/network/config.js';
import { LogOutput, type LogRecord } from '../../src/ros/LogOutput.js';
import type { ExecutionTimeRule } from '../../src/sim/ExecutionTimes.js';
import type { ChainConfig } from '../../src/sim/ExecutorMetrics.js';
import type { ExecutorConfig } from '../../src/sim/Executors.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const cliPath = join(repoRoot, 'dist/src/cli/main.js');
export const SECOND = 1_000_000_000n;
export const MS = 1_000_000n;

/** Runs `body` once, from a one-shot timer of `node` at `atMs` ms of sim time after the start. */
export function at(node: Node, atMs: number, body: () => unknown): void {
  const timer = node.createTimer(BigInt(atMs) * MS, () => {
    timer.cancel();
    return body();
  });
}

export interface Simulated {
  summary: RunSummary;
  logs: LogRecord[];
}

/** Runs a job built by `setup` and collects its log records instead of printing them. */
export async function simulate(
  setup: (job: JobHandle) => void | Promise<void>,
  options: {
    startTime?: bigint;
    endAfter?: bigint;
    zeroCopy?: boolean;
    strictMessages?: boolean;
    network?: NetworkConfig;
    executors?: readonly ExecutorConfig[];
    executionTimes?: readonly ExecutionTimeRule[];
    chains?: readonly ChainConfig[];
  } & RunOptions = {},
): Promise<Simulated> {
  const logs: LogRecord[] = [];
  const { startTime, endAfter, zeroCopy, strictMessages, network, executors, executionTimes, chains, ...runOptions } = options;
  const summary = await runJob(
    defineJob({
      name: 'test',
      ...(startTime === undefined ? {} : { startTime }),
      ...(endAfter === undefined ? {} : { endAfter }),
      ...(zeroCopy === undefined ? {} : { zeroCopy }),
      ...(strictMessages === undefined ? {} : { strictMessages }),
      ...(network === undefined ? {} : { network }),
      ...(executors === undefined ? {} : { executors }),
      ...(executionTimes === undefined ? {} : { executionTimes }),
      ...(chains === undefined ? {} : { chains }),
      setup,
    }),
    { logOutput: new LogOutput((record) => logs.push(record)), ...runOptions },
  );
  return { summary, logs };
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A child's time limit, `ms` on an idle machine, stretched by the processes waiting for each CPU
 * as it starts (the one-minute load average): a loaded machine stretches every build and run alike
 * (a new machine's npm test ran at load 12-20 on 2 vCPUs, and one over 25 beside other work killed
 * a test that compiles four programs after 240 s). The limit only catches a hang: a longer one
 * never fails a test that passes.
 */
export function loadedTimeout(ms: number): number {
  return Math.round(ms * Math.max(1, loadavg()[0]! / availableParallelism()));
}

/** Runs the real `rclsim` command in a child process (killed after `timeout` ms on an idle machine, more on a loaded one (loadedTimeout), when given: a run that must not hang). */
export function runCli(args: string[], cwd = repoRoot, timeout?: number, env?: Record<string, string>): CliResult {
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    cwd,
    encoding: 'utf8',
    ...(timeout === undefined ? {} : { timeout: loadedTimeout(timeout) }),
    ...(env === undefined ? {} : { env: { ...process.env, ...env } }),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** runCli without blocking this process: the test can act while the command runs. */
export function runCliAsync(args: string[], cwd = repoRoot, timeout = 60_000): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliPath, ...args], { cwd, timeout: loadedTimeout(timeout) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The log lines a run printed (stderr, in rcutils' format), without its summary. */
export function logLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('['));
}

export function lastJsonLine(stdout: string): Record<string, unknown> {
  const lines = stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as Record<string, unknown>;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'rclsim-test-'));
}

export function writeTemp(dir: string, name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** Whether `command` starts (answers `--version`). */
function runs(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Whether `python3` is Python major.minor or newer. */
function pythonAtLeast(major: number, minor: number): boolean {
  try {
    execFileSync('python3', ['-c', `import sys; sys.exit(0 if sys.version_info >= (${major}, ${minor}) else 1)`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Whether `python3` can import `module`. */
function pythonImports(module: string): boolean {
  try {
    execFileSync('python3', ['-c', `import ${module}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The optional Debian packages some tests need, and how a machine shows it has them. A new machine
 * has none of them; `.ci/run` installs them all.
 */
const OPTIONAL = {
  'g++': { packages: ['g++'], present: () => runs('g++') },
  // The C++ client (clients/cpp) is built with CMake; a C++ program with g++.
  'C++ toolchain': { packages: ['g++', 'cmake'], present: () => runs('g++') && runs('cmake') },
  chromium: { packages: ['chromium'], present: () => existsSync('/usr/bin/chromium') },
  'redis-server': { packages: ['redis-server'], present: () => runs('redis-server') },
  // adapters/ns3/build.sh compiles the adapter against ns-3.37 and protobuf; once built, it needs none of them.
  'ns-3': {
    packages: ['libns3-dev', 'protobuf-compiler', 'libprotobuf-dev', 'g++'],
    present: () =>
      existsSync(join(repoRoot, 'adapters/ns3/build/rclsim-ns3')) ||
      (existsSync('/usr/include/ns3/wifi-module.h') && existsSync('/usr/include/google/protobuf/message.h') && runs('protoc') && runs('g++')),
  },
  'test interfaces': { packages: ['ros2-test-interface-files'], present: () => existsSync('/usr/share/test_interface_files') },
  script: { packages: ['bsdutils'], present: () => runs('script') },
  // The rclpy client (clients/python) needs Python 3.10 or newer; numpy only for fixed-size arrays.
  python3: { packages: ['python3'], present: () => pythonAtLeast(3, 10) },
  numpy: { packages: ['python3-numpy'], present: () => pythonAtLeast(3, 10) && pythonImports('numpy') },
  // rclpy.parameter.parameter_dict_from_yaml_file (and AsyncParameterClient.load_parameter_file) read YAML with PyYAML.
  yaml: { packages: ['python3-yaml'], present: () => pythonAtLeast(3, 10) && pythonImports('yaml') },
  // The client computes math's functions and float ** with it, the same bits on every CPU.
  mpmath: { packages: ['python3-mpmath'], present: () => pythonAtLeast(3, 10) && pythonImports('mpmath') },
  // The C++ client's portable math (clients/cpp/src/portable_math.cpp) is built with mpfr.h; libmpfr6 comes with g++.
  MPFR: { packages: ['libmpfr-dev', 'g++'], present: () => existsSync('/usr/include/mpfr.h') && runs('g++') },
  // C++ programs that reduce in parallel link Debian's oneTBB (test/cpp/cpuCount.test.ts: the CPU count it sees).
  oneTBB: { packages: ['libtbb-dev', 'g++'], present: () => existsSync('/usr/include/oneapi/tbb.h') && runs('g++') },
  // libuuid's ids drawn from a program's stream (test/cpp/uuids.test.ts), as bondcpp makes them.
  libuuid: { packages: ['uuid-dev', 'g++'], present: () => existsSync('/usr/include/uuid/uuid.h') && runs('g++') },
  // cv_bridge (rclsim's, header-only) and the packages that use OpenCV: Debian's OpenCV and its CMake config.
  OpenCV: {
    packages: ['libopencv-dev', 'g++', 'cmake'],
    present: () =>
      runs('g++') && runs('cmake') && ['x86_64', 'aarch64'].some((cpu) => existsSync(`/usr/lib/${cpu}-linux-gnu/cmake/opencv4/OpenCVConfig.cmake`)),
  },
  // Header-only; examples/cpp-icp's matrices.
  Eigen: { packages: ['libeigen3-dev'], present: () => existsSync('/usr/include/eigen3/Eigen/Core') },
  // What rclsim build compiles for arm64, read with its objdump (test/build/numericFlags.test.ts).
  'arm64 cross compiler': { packages: ['g++-aarch64-linux-gnu'], present: () => runs('aarch64-linux-gnu-g++') && runs('aarch64-linux-gnu-objdump') },
  // scripts/checkArch.mjs runs Node's s390x build under it (and fetches that build from the npm registry).
  's390x emulation': {
    packages: ['qemu-user-static', 'libc6-s390x-cross', 'libstdc++6-s390x-cross'],
    present: () => existsSync('/usr/bin/qemu-s390x-static') && existsSync('/usr/s390x-linux-gnu/lib/libstdc++.so.6'),
  },
  // adapters/mujoco: MuJoCo's Python package, from pip (Debian has none); .ci/run installs it from the machine's wheel index.
  'pip mujoco': { packages: [], pip: 'mujoco', present: () => pythonAtLeast(3, 10) && pythonImports('mujoco') },
} satisfies Record<string, { packages: string[]; pip?: string; present: () => boolean }>;

export type OptionalTool = keyof typeof OPTIONAL;

/** Whether this machine has `tool`. */
export function has(tool: OptionalTool): boolean {
  return OPTIONAL[tool].present();
}

/**
 * The test options of a test (or suite) that needs `tool`: nothing when it is here, else a skip whose
 * reason names the Debian packages (test/support/skipSummary.ts lists them at the end of the run). With
 * RCLSIM_TEST_ALL=1 (.ci/run) a missing tool is an error instead, so CI never skips.
 */
export function needs(tool: OptionalTool): { skip?: string } {
  const entry: { packages: string[]; pip?: string; present: () => boolean } = OPTIONAL[tool];
  if (has(tool)) return {};
  const install = entry.pip !== undefined ? `python3 -m pip install ${entry.pip}` : `apt-get install ${entry.packages.join(' ')}`;
  if (process.env.RCLSIM_TEST_ALL === '1') throw new Error(`RCLSIM_TEST_ALL=1 but ${tool} is missing (${install})`);
  return { skip: `needs ${tool} (${install})` };
}
