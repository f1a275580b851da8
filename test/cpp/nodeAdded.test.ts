import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { logLines, needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// The first run builds the fixture; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 240_000;

describe('C++ programs: a node added to an executor while it spins', needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  const dir = tempDir();
  copyFileSync(join(repoRoot, 'test/fixtures/cpp/node_added.cpp'), join(dir, 'node_added.cpp'));

  for (const executor of ['single', 'multi']) {
    it(`gets its callbacks, as rclcpp's add_node notifies the spin (${executor}-threaded executor; controller_manager adds its controllers so)`, () => {
      const run = runCli(['exec', '--until', '60ms', 'node_added.cpp', executor], dir, BUILD_MS);
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(logLines(run.stderr), [
        '[INFO] [0.030000000] [b]: heard 3',
        '[INFO] [0.040000000] [b]: heard 4',
        '[INFO] [0.050000000] [b]: heard 5',
        '[INFO] [0.060000000] [b]: heard 6',
      ]);
    });
  }
});
