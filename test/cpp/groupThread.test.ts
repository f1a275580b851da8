import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 400_000;

describe("C++ programs: a callback group given to an executor of its own beside the node's", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it("runs on that executor's thread, and while it waits the node's other callbacks run on the main thread (nav2's lifecycle manager and its bond)", () => {
    const dir = tempDir();
    copyFileSync(join(repoRoot, 'test/fixtures/cpp/group_thread.cpp'), join(dir, 'group_thread.cpp'));
    // The group's executor made once the node spins (nav2's order), or before.
    for (const args of [[], ['first']]) {
      const run = runCli(['exec', '--until', '3s', '--process', 'separate', 'group_thread.cpp', ...args], dir, BUILD_MS);
      assert.equal(run.status, 0, run.stderr);
      // Beats at 0.1, 0.2 and 0.3 s; the Rate's next wake-up at 0.31 s sees the third.
      assert.deepEqual(run.stdout.split('\n').filter(Boolean), ["the group's callback on its executor's thread", 'heard 3 beats at 0.31 s', 'ended']);
    }
  });

  // A run of the inner wait's group went to the thread's outer wait, which held it until the
  // inner one timed out (nav2's lifecycle manager never heard the planner server's answer).
  for (const placement of ['separate', 'in-process']) {
    it(`runs a callback of a wait nested in a callback on the thread that waits in it, and ends that wait (${placement})`, () => {
      const dir = tempDir();
      copyFileSync(join(repoRoot, 'test/fixtures/cpp/nested_wait.cpp'), join(dir, 'nested_wait.cpp'));
      const args = ['exec', '--until', '3s', ...(placement === 'separate' ? ['--process', 'separate'] : []), 'nested_wait.cpp'];
      const run = runCli(args, dir, BUILD_MS);
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(run.stdout.split('\n').filter(Boolean), [
        "main's timer at 1.00 s",
        'g2 heard 7 at 1.50 s on the waiting thread',
        'spin_until_future_complete: SUCCESS (0) at 1.50 s',
        "main's timer at 2.00 s",
        "main's timer at 3.00 s",
        'ended',
      ]);
    });
  }
});
