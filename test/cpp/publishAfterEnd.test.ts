import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { lastJsonLine, needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 400_000;

describe("C++ programs: publishing after the run's end", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it('does nothing once the context is shut down, as rclcpp returns from a publish then: what the run delivered is what was published while ok', () => {
    const dir = tempDir();
    copyFileSync(join(repoRoot, 'test/fixtures/cpp/publish_after_end.cpp'), join(dir, 'publish_after_end.cpp'));
    const run = runCli(['exec', '--until', '1s', '--process', 'separate', '--json', 'publish_after_end.cpp'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    const said = run.stdout.split('\n').find((line) => line.startsWith('published'));
    // Every 50 ms from 0 to 1 s: 21 publishes while ok, each heard but the last (its callback would come after the end).
    assert.equal(said, 'published 21 while ok, heard 20');
    // The 100 publishes after the end delivered nothing: the run's count (and its fingerprint) cannot depend on how many a loop made in wall time.
    assert.equal(lastJsonLine(run.stdout).messagesDelivered, 21);
  });
});
