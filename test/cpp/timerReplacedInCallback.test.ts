import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 400_000;

describe('C++ programs: a timer replaced in its own callback', needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it("finishes the callback with what it captured, as rclcpp's executor holds the timer it runs (nav2_lifecycle_manager's init_timer_)", () => {
    const dir = tempDir();
    copyFileSync(join(repoRoot, 'test/fixtures/cpp/timer_replaced.cpp'), join(dir, 'timer_replaced.cpp'));
    const run = runCli(['exec', '--until', '50ms', 'timer_replaced.cpp'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.stdout.split('\n').filter(Boolean), ["captured by the first timer's callback", 'second timer']);
  });
});
