import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 400_000;

describe("C++ programs: sleeps past the run's end", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it("move the program's clock, so a loop that sleeps until a deadline ends (bondcpp's waitUntilBroken in nav2's pre-shutdown hook)", () => {
    const dir = tempDir();
    copyFileSync(join(repoRoot, 'test/fixtures/cpp/wait_after_end.cpp'), join(dir, 'wait_after_end.cpp'));
    const run = runCli(['exec', '--until', '1s', '--process', 'separate', 'wait_after_end.cpp'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.doesNotMatch(run.stderr, /after the run's end/);
    assert.deepEqual(run.stdout.split('\n').filter(Boolean), ['waited 10 sleeps', 'ended']);
  });
});
