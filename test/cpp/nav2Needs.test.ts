import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 400_000;

describe('C++ programs: what navigation2 includes beyond ros2/examples', needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it("has rcl's time types and unit macros, NodeParametersInterface's own header, filters a parameter event by names and kinds in the order of the kinds, and publishes from a class declared with the node interfaces' headers alone through the topics interface; a lifecycle node has its clock interface", () => {
    const dir = tempDir();
    copyFileSync(join(repoRoot, 'test/fixtures/cpp/nav2_needs.cpp'), join(dir, 'nav2_needs.cpp'));
    const run = runCli(['exec', '--until', '120ms', 'nav2_needs.cpp'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.stdout.split('\n').filter(Boolean), [
      'rcl time: 1500 ms on clock 1, period 2000 ms',
      'through the interface: 1 parameter(s) named inflation_radius',
      'filtered: changed inflation_radius',
      'filtered: new inflation_radius',
      'lifecycle clock type: 1',
      'heard on /diagnostics: update',
      'heard on /diagnostics: update',
    ]);
  });
});
