import assert from 'node:assert/strict';
import { chmodSync, copyFileSync, cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { lastJsonLine, logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

const cppFixtures = join(repoRoot, 'test/fixtures/cpp');
// A program's build and run; rclsim's C++ client is built before the files (scripts/test.mjs).
const BUILD_MS = 240_000;

/** A folder with the fixture programs and the C++ example's talker and listener. */
function programs(): string {
  const dir = tempDir();
  for (const file of ['machine.cpp', 'failing.cpp', 'broken.cpp', 'rslcpp_job.cpp']) copyFileSync(join(cppFixtures, file), join(dir, file));
  for (const file of ['talker.cpp', 'listener.cpp']) copyFileSync(join(repoRoot, 'examples/cpp', file), join(dir, file));
  copyFileSync(join(repoRoot, 'examples/python/listener.py'), join(dir, 'listener.py'));
  return dir;
}

describe('C++ programs: unmodified rclcpp nodes in the simulation', needs('C++ toolchain'), () => {
  it('runs an rclcpp talker heard by an rclcpp and an rclpy listener, the same on every run and wherever its files lie', needs('python3'), () => {
    const dir = programs();
    const job = writeTemp(
      dir,
      'mixed.yaml',
      'end: { after: 1s }\nnodes:\n  - script: talker.cpp\n  - script: listener.cpp\n  - script: listener.py\n    name: py_listener\n',
    );
    const first = runCli(['run', job, '--json'], dir, BUILD_MS);
    assert.equal(first.status, 0, first.stderr);
    // The rclpy listener runs in the model of rclpy's executor, which takes its message first.
    assert.deepEqual(logLines(first.stderr), [
      "[INFO] [0.500000000] [talker]: Publishing: 'Hello, world! 0'",
      '[INFO] [0.500000000] [py_listener]: I heard: "Hello, world! 0" (0 ms after it was sent)',
      "[INFO] [0.500000000] [listener]: I heard: 'Hello, world! 0' (0 ms after it was sent)",
      "[INFO] [1.000000000] [talker]: Publishing: 'Hello, world! 1'",
      '[INFO] [1.000000000] [py_listener]: I heard: "Hello, world! 1" (0 ms after it was sent)',
      "[INFO] [1.000000000] [listener]: I heard: 'Hello, world! 1' (0 ms after it was sent)",
    ]);
    const again = runCli(['run', job, '--json'], dir, BUILD_MS);
    assert.equal(lastJsonLine(again.stdout).fingerprint, lastJsonLine(first.stdout).fingerprint);
    // /rosout names the source file as rclpy does, without its folder, so another checkout runs the same.
    const elsewhere = join(tempDir(), 'moved');
    cpSync(dir, elsewhere, { recursive: true });
    const moved = runCli(['run', join(elsewhere, 'mixed.yaml'), '--json'], elsewhere, BUILD_MS);
    assert.equal(lastJsonLine(moved.stdout).fingerprint, lastJsonLine(first.stdout).fingerprint);
  });

  it("reads sim time from std::chrono, time and sleeps, and draws randomness from the program's seeded stream", () => {
    const dir = programs();
    const run = (seed: string) => runCli(['exec', '--seed', seed, 'machine.cpp'], dir, BUILD_MS);
    const first = run('3');
    assert.equal(first.status, 0, first.stderr);
    const lines = first.stdout.split('\n');
    assert.deepEqual(lines.slice(0, 3), ['start steady=0 system=0 time=0', 'after sleep_for: 250000000', 'after usleep: 750000000']);
    assert.match(first.stderr, /\[INFO\] \[1\.750000000\] \[machine\]: now 1\.750/);
    assert.match(first.stderr, /sim time +0\.000000000s -> 1\.750000000s/);
    const random = lines[3] as string;
    assert.match(random, /^random_device \d+ \d+, mt19937 \d+, rand \d+$/);
    assert.equal(run('3').stdout.split('\n')[3], random, 'the same seed draws the same');
    assert.notEqual(run('4').stdout.split('\n')[3], random, 'another seed draws otherwise');
  });

  it("writes a separate program's stdout and stderr among other programs' in the order of their sim times", () => {
    const dir = programs();
    copyFileSync(join(cppFixtures, 'ticker.cpp'), join(dir, 'ticker.cpp'));
    const entry = (args: string) => `  - script: ticker.cpp\n    args: [${args}]\n    process: separate\n`;
    // fast's iostreams are not synced with stdio: their own buffer is flushed too.
    const job = writeTemp(dir, 'tickers.yaml', `end: { after: 3s }\nnodes:\n${entry("slow, '1000'")}${entry("fast, '700', unsynced")}`);
    const result = runCli(['run', job], dir, BUILD_MS);
    assert.equal(result.status, 0, result.stderr);
    // fast at 0.7, 1.4, 2.1, 2.8 s; slow at 1, 2, 3 s (at 3 s, the run's end, the timer is still due).
    const order = ['fast 1', 'slow 1', 'fast 2', 'slow 2', 'fast 3', 'fast 4', 'slow 3'];
    const how = (tick: string) => ['cout', 'printf', 'write'][Number(tick.split(' ')[1]) % 3];
    assert.deepEqual(
      result.stdout.split('\n').slice(0, order.length),
      order.map((tick) => `${tick} ${how(tick)}`),
    );
    assert.deepEqual(
      result.stderr.split('\n').filter((line) => line.endsWith(' stderr')),
      order.map((tick) => `${tick} stderr`),
    );
  });

  it('tells each way a program ends badly in one line, with its exit code', () => {
    const dir = programs();
    const end = (how: string) => runCli(['exec', '--until', '2s', 'failing.cpp', how], dir, BUILD_MS);
    const thrown = end('throw');
    assert.equal(thrown.status, 3);
    assert.match(thrown.stderr, /rclsim: timer 0 of node \/failing threw at sim time 0\.300000000s: std::runtime_error: the sensor is gone\n/);
    // Main's own code after a spin_some runs within the timer's run, but the timer did not throw.
    const mainThrew = end('main');
    assert.equal(mainThrew.status, 3);
    assert.match(
      mainThrew.stderr,
      /rclsim: the main thread of program failing\.cpp \(node \/failing\) threw at sim time 0\.300000000s: std::runtime_error: main gave up\n/,
    );
    const exited = end('exit');
    assert.equal(exited.status, 4, exited.stderr);
    assert.match(
      exited.stderr,
      /program failing\.cpp \(node \/failing\) exited with code 4 at sim time 0\.300000000s; the run ends with its code \(on_exit: fail\)/,
    );
    const aborted = end('abort');
    assert.equal(aborted.status, 7);
    assert.match(aborted.stderr, /rclsim: program failing\.cpp \(node \/failing\) aborted \(SIGABRT\) at sim time 0\.300000000s\n/);
    const crashed = end('segv');
    assert.equal(crashed.status, 7);
    assert.match(crashed.stderr, /rclsim: program failing\.cpp \(node \/failing\) was killed by SIGSEGV at sim time 0\.300000000s\n/);
  });

  it("runs an rslcpp job as rslcpp does: nodes built at 0, the run starting at the job's initial time, sleeps taking no time, the monitor's exit code", () => {
    const dir = programs();
    const result = runCli(['exec', 'rslcpp_job.cpp'], dir, BUILD_MS);
    assert.equal(result.status, 1, result.stderr);
    assert.deepEqual(result.stdout.split('\n'), [
      // Overdue at 10 s, each once, by next call (0.4, 0.5, 0.7 s), not in node order (slow was built first).
      'tick 10000000000 after a sleep 10000000000',
      'half 10000000000 after a sleep 10000000000',
      'slow 10000000000 after a sleep 10000000000',
      // Their next calls keep their phase: whole periods from when they were made.
      'tick 10400000000 after a sleep 10400000000',
      'half 10500000000 after a sleep 10500000000',
      'slow 10500000000 after a sleep 10500000000',
      'tick 10800000000 after a sleep 10800000000',
      'Simulation timeouted!',
      // rslcpp asks whether the job finished only between steps: the rest of 11 s still runs.
      'half 11000000000 after a sleep 11000000000',
      '',
    ]);
    assert.match(result.stderr, /sim time +10\.000000000s -> 11\.000000000s/);
    // A job file that starts the run there itself gives the same run.
    writeTemp(dir, 'rslcpp.yaml', 'start: 10s\nnodes:\n  - script: rslcpp_job.cpp\n');
    const job = runCli(['run', 'rslcpp.yaml'], dir, BUILD_MS);
    assert.ok(job.stdout.startsWith(result.stdout), job.stdout);
    const fingerprint = /fingerprint +([0-9a-f]{16})/;
    assert.equal(fingerprint.exec(job.stdout)?.[1], fingerprint.exec(result.stderr)?.[1]);
  });

  it("shows the compiler's diagnostics for a program that does not compile, then one line naming it (exit 2)", () => {
    const dir = programs();
    const result = runCli(['exec', 'broken.cpp'], dir, BUILD_MS);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /broken\.cpp:6:\d+: error: conversion from .int. to non-scalar type .rclcpp::Node. requested/);
    assert.match(result.stderr, /\nrclsim: broken\.cpp: does not compile \(g\+\+ exited with 1\)\n$/);
  });

  it('starts a program through RCLSIM_CPP_PREFIX, as launch does with a prefix', () => {
    const dir = programs();
    const log = join(dir, 'started.txt');
    const wrapper = writeTemp(dir, 'wrapper.sh', `#!/bin/sh\necho "$1 $2" > "${log}"\nexec "$@"\n`);
    chmodSync(wrapper, 0o755);
    const result = runCli(['exec', '--until', '1s', 'talker.cpp', 'first'], dir, BUILD_MS, { RCLSIM_CPP_PREFIX: `${wrapper} ` });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stderr, /Publishing: 'Hello, world! 0'/);
    assert.match(readFileSync(log, 'utf8'), /\/program first\n$/);
  });
});
