import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { lastJsonLine, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

const cppFixtures = join(repoRoot, 'test/fixtures/cpp');
const benchmark = join(repoRoot, 'examples/synthetic-benchmark');
// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 240_000;

function fixtures(...files: string[]): string {
  const dir = tempDir();
  for (const file of files) copyFileSync(join(cppFixtures, file), join(dir, file));
  return dir;
}

/** `rclsim exec` of a program in rclsim's process (the default) and in one of its own: each run's result and trace. */
function bothPlacements(
  dir: string,
  args: string[],
): { inProcess: ReturnType<typeof runCli> & { trace: string }; separate: ReturnType<typeof runCli> & { trace: string } } {
  const run = (process: string) => {
    const trace = join(dir, `${process}.trace`);
    const result = runCli(['exec', '--process', process, '--trace', trace, ...args], dir, BUILD_MS);
    return { ...result, trace: readFileSync(trace, 'utf8') };
  };
  return { inProcess: run('in-process'), separate: run('separate') };
}

/** The line rclsim ends a failed run with. */
function rclsimLine(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('rclsim: '))
    .join('\n');
}

describe("C++ programs in rclsim's process (docs/cpp-process.md)", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it('ends a program that throws, exits, aborts or dereferences null in a callback as a process of its own ends it: one line, its exit code, its trace to the last line', () => {
    const dir = fixtures('failing.cpp');
    for (const how of ['throw', 'exit', 'abort', 'segv']) {
      const { inProcess, separate } = bothPlacements(dir, ['--until', '2s', 'failing.cpp', how]);
      assert.equal(inProcess.status, separate.status, `${how}: ${inProcess.stderr}`);
      assert.equal(rclsimLine(inProcess.stderr), rclsimLine(separate.stderr), how);
      assert.equal(inProcess.trace, separate.trace, how);
    }
    const crashed = bothPlacements(dir, ['--until', '2s', 'failing.cpp', 'segv']).inProcess;
    assert.equal(crashed.status, 7);
    assert.match(crashed.stderr, /rclsim: program failing\.cpp \(node \/failing\) was killed by SIGSEGV at sim time 0\.300000000s\n/);
    // The trace is whole, to its end line at the crash.
    assert.match(crashed.trace, /\n# end failed at 300000000 callbacks \d+ fingerprint [0-9a-f]{16}\n$/);
  });

  it('goes on after a program that exits from main with 0, and ends with the code it exits with otherwise', () => {
    const dir = tempDir();
    writeTemp(
      dir,
      'quits.cpp',
      '#include <cstdlib>\n#include "rclcpp/rclcpp.hpp"\nint main(int argc, char * argv[]) {\n  rclcpp::init(argc, argv);\n  std::printf("quitting\\n");\n  std::exit(argc > 1 ? std::atoi(argv[1]) : 0);\n}\n',
    );
    const job = writeTemp(dir, 'job.yaml', 'end: { after: 1s }\nnodes:\n  - script: quits.cpp\n  - script: quits.cpp\n    args: ["0"]\n');
    const zero = runCli(['run', job], dir, BUILD_MS);
    assert.equal(zero.status, 0, zero.stderr);
    assert.equal(zero.stdout.split('\n').filter((line) => line === 'quitting').length, 2);
    const five = runCli(['exec', 'quits.cpp', '5'], dir, BUILD_MS);
    assert.equal(five.status, 5, five.stderr);
    assert.match(five.stderr, /program quits\.cpp exited with code 5 at sim time 0\.000000000s/);
  });

  it('runs threads, timers at mixed rates, a service and a detached worker as a process of its own runs them', () => {
    const dir = fixtures('mixed_threads.cpp');
    const { inProcess, separate } = bothPlacements(dir, ['--until', '300ms', 'mixed_threads.cpp']);
    assert.equal(inProcess.status, 0, inProcess.stderr);
    assert.equal(separate.status, 0, separate.stderr);
    assert.equal(inProcess.stdout, separate.stdout);
    assert.equal(inProcess.trace, separate.trace);
    for (const line of ['served 101', 'answer 101', 'heard from worker 4', 'worker done']) assert.ok(inProcess.stdout.split('\n').includes(line), line);
  });

  it('carries messages from 1 byte to 40 KB intact, and keeps those a transient-local publisher holds intact after 400 KB more went by', () => {
    // In rclsim's process the program's frames are copied into buffers that many receives share
    // (InProcessLink's arena), and what the simulation keeps of a message is a view of them.
    const dir = fixtures('message_sizes.cpp');
    const { inProcess, separate } = bothPlacements(dir, ['--until', '600ms', 'message_sizes.cpp']);
    assert.equal(inProcess.status, 0, inProcess.stderr);
    assert.equal(separate.status, 0, separate.stderr);
    const expected = ['heard 40, 0 corrupt', ...Array.from({ length: 8 }, (_, i) => `late ${32 + i} intact`)];
    assert.deepEqual(inProcess.stdout.trim().split('\n'), expected);
    assert.equal(separate.stdout, inProcess.stdout);
    assert.equal(inProcess.trace, separate.trace);
  });

  it('runs a main that never spins, waiting on a condition variable and a join while its thread spins, as a process of its own runs it', () => {
    const dir = fixtures('main_never_spins.cpp');
    const { inProcess, separate } = bothPlacements(dir, ['--until', '1s', 'main_never_spins.cpp']);
    assert.equal(inProcess.status, 0, inProcess.stderr);
    assert.equal(separate.status, 0, separate.stderr);
    assert.equal(inProcess.stdout, separate.stdout);
    assert.equal(inProcess.trace, separate.trace);
    for (const line of ['tick 1 on thread 2', 'main saw tick 3 on thread 1', 'tick 4 on thread 2', 'joined on thread 1']) {
      assert.ok(inProcess.stdout.split('\n').includes(line), line);
    }
  });

  it("runs rslcpp's benchmark with the results and the fingerprint of every node in a process of its own, also under --perturb", () => {
    const run = (job: string, ...args: string[]) => {
      const result = runCli(['run', join(benchmark, job), '--json', '--until', '15s', ...args], benchmark, BUILD_MS);
      assert.equal(result.status, 0, result.stderr);
      return lastJsonLine(result.stdout);
    };
    const inProcess = run('cpp.yaml');
    const separate = run('cpp-separate.yaml');
    assert.equal(inProcess.fingerprint, separate.fingerprint);
    assert.deepEqual(inProcess.results, separate.results);
    assert.equal(run('cpp.yaml', '--perturb').fingerprint, inProcess.fingerprint);
  });

  it('names a program whose library is gone when it loads, in one line (exit 2)', () => {
    const dir = tempDir();
    const library = join(dir, 'libhelper.so');
    writeTemp(dir, 'helper.cpp', 'int helper() { return 7; }\n');
    writeTemp(dir, 'uses.cpp', 'int helper();\nint main() { return helper(); }\n');
    assert.equal(spawnSync(process.env.CXX || 'g++', ['-shared', '-fPIC', '-o', library, join(dir, 'helper.cpp')]).status, 0);
    const env = { LDLIBS: `-L${dir} -lhelper`, LD_LIBRARY_PATH: dir };
    const found = runCli(['exec', 'uses.cpp'], dir, BUILD_MS, env);
    assert.match(found.stderr, /program uses\.cpp exited with code 7/);
    rmSync(library);
    const gone = runCli(['exec', 'uses.cpp'], dir, BUILD_MS, env);
    assert.equal(gone.status, 2, gone.stderr);
    assert.equal(
      rclsimLine(gone.stderr),
      "rclsim: uses.cpp: cannot load program uses.cpp into rclsim's process: libhelper.so: cannot open shared object file: No such file or directory",
    );
  });
});
