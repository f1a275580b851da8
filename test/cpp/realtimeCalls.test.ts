import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// The first run builds the fixture; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 240_000;

describe("C++ programs' real-time calls (rttest's): answered, without effect", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  const dir = tempDir();
  copyFileSync(join(repoRoot, 'test/fixtures/cpp/realtime_calls.cpp'), join(dir, 'realtime_calls.cpp'));
  copyFileSync(join(repoRoot, 'test/fixtures/cpp/message_pool.cpp'), join(dir, 'message_pool.cpp'));

  for (const placement of ['in-process', 'separate']) {
    it(`succeeds at real-time scheduling and memory locking without changing either, and counts no page fault (${placement})`, () => {
      const run = runCli(['exec', '--process', placement, 'realtime_calls.cpp'], dir, BUILD_MS);
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(run.stdout.split('\n').slice(0, 6), [
        'sched_setscheduler 0',
        'pthread_setschedparam 0',
        // SCHED_OTHER still: the simulation decides who runs.
        'policy 0',
        'mlockall 0',
        'page faults 0 minor, 0 major; context switches 0, 0; max rss 0',
        'munlockall 0',
      ]);
    });
  }

  it("takes pendulum_demo's memory strategies: a message pool for a subscription, the default strategy for an executor of its own", () => {
    const run = runCli(['exec', 'message_pool.cpp'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.stdout.trim().split('\n'), [
      'received 1',
      'received 2',
      'received 3',
      // Upstream's MessagePoolMemoryStrategy: each borrowed message made anew, Size of them at once.
      'borrowed 7 and 0',
      'third: Tried to access message that was still in use! Abort.',
      'again the second, data 0',
      'stranger: Unrecognized message ptr in return_message.',
    ]);
  });
});
