import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// The first run builds the fixture; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 240_000;
const RUN_MS = 60_000;

/** A folder with the one fixture program every test runs (compiled once: its first argument says what it does). */
function program(): string {
  const dir = tempDir();
  copyFileSync(join(repoRoot, 'test/fixtures/cpp/threads.cpp'), join(dir, 'threads.cpp'));
  return dir;
}

// g++ and CMake are on every machine of the project's kind; elsewhere these tests are skipped.
describe("C++ programs' threads: one at a time, scheduled by the simulation", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  const dir = program();

  it("runs an action server's detached worker, which publishes feedback in a loop with a Rate, while the main thread spins", () => {
    const run = runCli(['exec', '--until', '3s', 'threads.cpp', 'action'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(logLines(run.stderr), [
      '[INFO] [0.300000000] [server]: goal accepted',
      '[INFO] [0.300000000] [server]: feedback: step 1',
      '[INFO] [0.300000000] [server]: heard step 1',
      '[INFO] [0.800000000] [server]: feedback: step 2',
      '[INFO] [0.800000000] [server]: heard step 2',
      '[INFO] [1.000000000] [server]: tick',
      '[INFO] [1.300000000] [server]: feedback: step 3',
      '[INFO] [1.300000000] [server]: heard step 3',
      '[INFO] [1.800000000] [server]: goal succeeded',
      '[INFO] [2.000000000] [server]: tick',
      '[INFO] [3.000000000] [server]: tick',
    ]);
  });

  it('runs threads in the order they were started, and wakes them in the order they began waiting (docs/cpp-process.md)', () => {
    const run = runCli(['exec', 'threads.cpp', 'order'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(logLines(run.stderr), [
      '[INFO] [0.000000000] [threads]: main started them',
      '[INFO] [0.000000000] [threads]: first runs',
      '[INFO] [0.000000000] [threads]: second runs',
      '[INFO] [0.000000000] [threads]: third runs',
      '[INFO] [0.010000000] [threads]: first woke',
      '[INFO] [0.010000000] [threads]: second woke',
      '[INFO] [0.010000000] [threads]: third woke',
    ]);
  });

  it('takes turns on a mutex and a condition variable with sleeps, a contended lock, a future and joins: the same order on every run and under --perturb', () => {
    const expected = [
      '0.000 main waits for the future',
      '0.000 ping plays round 0',
      '0.100 pong plays round 0',
      '0.200 ping plays round 1',
      '0.300 pong plays round 1',
      '0.400 ping plays round 2',
      '0.500 pong plays round 2',
      '0.600 contender took the mutex',
      '0.600 the future says 42',
      '0.630 wait_for timed out: yes',
      '0.630 main joined them all',
    ];
    for (let i = 0; i < 2; i++) {
      const run = runCli(['exec', 'threads.cpp', 'turns'], dir, BUILD_MS);
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(run.stdout.split('\n').slice(0, expected.length), expected);
    }
    const job = writeTemp(dir, 'turns.yaml', 'nodes:\n  - script: threads.cpp\n    args: [turns]\n');
    const verify = runCli(['verify', job, '--runs', '3', '--perturb'], dir, BUILD_MS);
    assert.equal(verify.status, 0, verify.stdout + verify.stderr);
    assert.match(verify.stdout + verify.stderr, /all 3 runs agree \(perturbed\)/);
  });

  it("takes sim time for a sleep by default, and none with the job's `sleeps: none` (per program or job-wide)", () => {
    const job = writeTemp(
      dir,
      'sleeps.yaml',
      'nodes:\n  - script: threads.cpp\n    args: [sleep]\n    sleeps: none\n  - script: threads.cpp\n    name: timed\n    args: [sleep]\n',
    );
    const run = runCli(['run', job], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.stdout.split('\n').slice(0, 10), [
      '0.000 main slept 1 s',
      '0.000 main goes on',
      '0.000 worker slept 0.5 s',
      '0.000 worker slept 0.5 s',
      '0.000 main joined the worker',
      '1.000 main slept 1 s',
      '1.000 main goes on',
      '1.500 worker slept 0.5 s',
      '2.000 worker slept 0.5 s',
      '2.000 main joined the worker',
    ]);
    const wide = writeTemp(dir, 'wide.yaml', 'sleeps: none\nnodes:\n  - script: threads.cpp\n    args: [sleep]\n');
    const none = runCli(['run', wide], dir, BUILD_MS);
    assert.equal(none.status, 0, none.stderr);
    assert.match(none.stdout, /^0\.000 main joined the worker$/m);
    const python = writeTemp(dir, 'python.yaml', 'nodes:\n  - script: talker.py\n    sleeps: none\n');
    writeTemp(dir, 'talker.py', '');
    const refused = runCli(['run', python], dir, RUN_MS);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /python\.yaml:3: nodes\[0\]\.sleeps: 'sleeps' says how a C\+\+ program's sleeps take sim time/);
  });

  it("prints the same thread ids and addresses on every run in a process of its own: the address space's randomization is off, and a thread that ended is gone before the next goes on", () => {
    // In rclsim's process the addresses are rclsim's, laid out anew on every run (docs/cpp-process.md).
    const runs = [0, 1].map(() => runCli(['exec', '--process', 'separate', 'threads.cpp', 'addresses'], dir, BUILD_MS));
    for (const run of runs) assert.equal(run.status, 0, run.stderr);
    const [first, second] = runs.map((run) => run.stdout);
    const printed =
      /^0\.000 main thread \d+\n0\.000 worker thread \d+\n0\.000 detached thread (\d+)\n0\.000 thread after it (\d+)\n0\.000 a new'd int at 0x[0-9a-f]+\n0\.000 a 4 MiB block at 0x[0-9a-f]+\n$/.exec(
        first!,
      );
    assert.ok(printed, first);
    // The detached thread was gone, its stack given back, before the next one started (whatever its exit took): it has its id.
    assert.equal(printed[2], printed[1]);
    assert.equal(second, first);
  });

  it("runs a MultiThreadedExecutor's callbacks on its own threads, the calling one among them, each on the thread that has been free the longest (docs/executors.md)", () => {
    const run = runCli(['exec', '--until', '0.45s', 'threads.cpp', 'pool'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    const lines = run.stdout.split('\n').filter((line) => / on /.test(line));
    // Threads 0 and 1 are the pool's (pool-1, pool-2 as they first ran one), thread 2 the calling one (main).
    assert.deepEqual(lines, [
      '0.100 timer publishes on pool-1',
      '0.100 first heard on pool-2',
      '0.100 second heard on main',
      '0.200 timer publishes on pool-1',
      '0.200 first heard on pool-2',
      '0.200 second heard on main',
      '0.250 slow timer sleeps on pool-1',
      // The sleeping callback holds its thread: the others take turns meanwhile.
      '0.300 timer publishes on pool-2',
      '0.300 first heard on main',
      '0.300 second heard on pool-2',
      '0.350 slow timer woke on pool-1',
      '0.400 timer publishes on pool-2',
      '0.400 first heard on main',
      '0.400 second heard on pool-1',
    ]);
    assert.equal(new Set(lines.map((line) => line.split(' on ')[1])).size, 3);
  });

  it('ends a thread that busy-waits on the clock with one line naming the program and the thread, as a death (docs/cpp-process.md)', () => {
    const run = runCli(['exec', 'threads.cpp', 'busy'], dir, BUILD_MS);
    assert.equal(run.status, 3);
    assert.equal(
      run.stderr,
      "rclsim: program threads.cpp read the clock 2,000,000 times in thread 'spinner' without waiting (sim time moves only while the program waits: a sleep, a Rate, rclcpp::spin; docs/cpp-process.md) at sim time 0.000000000s\n",
    );
    // A death its on_exit decides: with continue, the run goes on without it.
    writeTemp(dir, 'busy.yaml', 'nodes:\n  - script: threads.cpp\n    args: [busy]\n    on_exit: continue\n');
    const goesOn = runCli(['run', 'busy.yaml'], dir, RUN_MS);
    assert.equal(goesOn.status, 0, goesOn.stderr);
    assert.match(
      goesOn.stderr,
      /^\[WARN\] \[0\.000000000\] \[rclsim\]: program threads\.cpp read the clock 2,000,000 times in thread 'spinner' without waiting \(.*\) at sim time 0\.000000000s; its nodes left the graph \(on_exit: continue\)$/m,
    );
  });

  it('lets a busy-wait with std::this_thread::yield go on while the awaited thread sleeps: a yield with no other thread to go on takes 1 µs of sim time (docs/cpp-process.md)', () => {
    const run = runCli(['exec', 'threads.cpp', 'yield'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.stdout.split('\n').slice(0, 2), [
      // The first yield hands the turn to the updater, just started; the others take 1 µs each.
      'main saw the flag: set after 5000 us, 5001 yields',
      'main waited on the clock: 2000 us, 2000 yields',
    ]);
  });

  it('names the program and the thread when a thread waits outside the simulation past --callback-timeout', () => {
    const run = runCli(['exec', '--callback-timeout', '2s', 'threads.cpp', 'hang'], dir, BUILD_MS);
    assert.equal(run.status, 6, run.stderr);
    assert.match(
      run.stderr,
      /^rclsim: a program's top-level code in thread 'waiter' of program threads\.cpp at sim time 0\.000000000s ran for more than 2000 ms of wall time \(--callback-timeout\)/m,
    );
    // A program whose end the run survives is killed alone, and its line names the thread.
    const job = writeTemp(dir, 'hang.yaml', 'nodes:\n  - script: threads.cpp\n    args: [hang]\n    on_exit: continue\n');
    const alone = runCli(['run', job, '--callback-timeout', '2s'], dir, BUILD_MS);
    assert.equal(alone.status, 0, alone.stderr);
    assert.match(
      alone.stderr,
      /program threads\.cpp ran a callback in thread 'waiter' for more than 2000 ms of wall time \(--callback-timeout\) and was killed at sim time 0\.000000000s; its nodes left the graph \(on_exit: continue\)/,
    );
  });
});
