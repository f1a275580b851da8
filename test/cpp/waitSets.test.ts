import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { logLines, needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// The first run builds the fixture; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 900_000;

const say = (time: string, text: string) => `[INFO] [${time}] [wait_sets]: ${text}`;

// g++ and CMake are on every machine of the project's kind; elsewhere these tests are skipped.
describe("C++ programs: rclcpp's wait sets and guard conditions, waiting in sim time", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  // One fixture, compiled once: its first argument says what it does.
  const dir = tempDir();
  copyFileSync(join(repoRoot, 'test/fixtures/cpp/wait_sets.cpp'), join(dir, 'wait_sets.cpp'));
  const exec = (what: string) => runCli(['exec', '--until', '10s', 'wait_sets.cpp', what], dir, BUILD_MS);

  it("wakes a wait set's wait when another thread triggers its guard condition, which its callback hears; a canceled spin returns", () => {
    const run = exec('guard');
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(logLines(run.stderr), [
      // Triggers before a callback is set reach it as one count.
      say('0.000000000', 'on trigger: 2'),
      say('0.000000000', 'triggered before: ready'),
      say('0.500000000', 'triggering'),
      say('0.500000000', 'on trigger: 1'),
      say('0.500000000', 'woken: ready, guard condition 1 set'),
      // The wait that saw it cleared it: the next one times out, 300 ms of sim time later.
      say('0.800000000', 'seen once: timeout'),
      say('1.200000000', 'spin canceled'),
    ]);
  });

  it('returns the ready subscriptions in the order they were added, each message taken with its MessageInfo; a timer called by hand; timeout and empty', () => {
    const run = exec('order');
    assert.equal(run.status, 0, run.stderr);
    const lines = logLines(run.stderr);
    assert.deepEqual(lines, [
      // b1 was published first, but /a was added first; /b keeps b2 for the next wait.
      say('0.000000000', 'round 1: ready'),
      say('0.000000000', '/a: a1 (publication 1, sent at 0)'),
      say('0.000000000', '/b: b1 (publication 1, sent at 0)'),
      say('0.000000000', 'round 2: ready'),
      say('0.000000000', '/b: b2 (publication 2, sent at 0)'),
      say('0.250000000', 'timer: ready, index 0'),
      say('0.250000000', 'tick'),
      say('0.750000000', 'after cancel: timeout'),
      say('0.750000000', 'no entities: empty'),
    ]);
    assert.deepEqual(logLines(exec('order').stderr), lines, 'the same on every run');
  });

  it('waits for a message with wait_for_message, in sim time, and times out when none comes', () => {
    const run = exec('message');
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(logLines(run.stderr), [say('0.700000000', 'first: hello'), say('1.200000000', 'second: nothing')]);
  });
});
