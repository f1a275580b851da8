import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { logLines, needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 240_000;

describe("C++ programs: a MultiThreadedExecutor's callback groups (ROS 2's callback-group tutorial)", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  const dir = tempDir();
  copyFileSync(join(repoRoot, 'test/fixtures/cpp/callback_groups.cpp'), join(dir, 'callback_groups.cpp'));

  it("takes the service's answer on another thread while the timer's callback waits for it, when each has a group of its own", () => {
    const run = runCli(['exec', '--until', '2.5s', 'callback_groups.cpp', 'groups'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(logLines(run.stderr), [
      '[INFO] [1.000000000] [asker]: asking',
      '[INFO] [1.000000000] [responder]: answering',
      '[INFO] [1.000000000] [asker]: answered',
      '[INFO] [2.000000000] [asker]: asking',
      '[INFO] [2.000000000] [responder]: answering',
      '[INFO] [2.000000000] [asker]: answered',
    ]);
  });

  it("never takes it in the node's default group, busy with the waiting timer: the wait times out, and the overdue timer goes first", () => {
    const run = runCli(['exec', '--until', '7s', 'callback_groups.cpp'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(logLines(run.stderr), [
      '[INFO] [1.000000000] [asker]: asking',
      '[INFO] [1.000000000] [responder]: answering',
      '[WARN] [6.000000000] [asker]: no answer in 5 s',
      '[INFO] [6.000000000] [asker]: asking',
      '[INFO] [6.000000000] [responder]: answering',
      // The run's end stops the program while its second wait is under way.
      '[WARN] [7.000000000] [asker]: no answer in 5 s',
    ]);
  });
});
