import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 400_000;

describe('rclcpp::copy_all_parameter_values (nav2_behavior_tree, bt_navigator)', needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it("declares the source's missing parameters with their descriptors, keeps existing ones unless told to override, and warns for a read-only one", () => {
    const dir = tempDir();
    copyFileSync(join(repoRoot, 'test/fixtures/cpp/copy_parameters.cpp'), join(dir, 'copy_parameters.cpp'));
    const run = runCli(['exec', '--until', '10ms', 'copy_parameters.cpp'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(
      run.stdout.split('\n').filter((line) => /^(kept|overridden):/.test(line)),
      [
        'kept: frame = odom',
        'kept: locked = 1.000000 (read-only)',
        'kept: width = 7 - cells per side',
        'overridden: frame = map',
        'overridden: locked = 1.000000 (read-only)',
        'overridden: width = 7 - cells per side',
      ],
    );
    assert.match(run.stdout + run.stderr, /Unable to set parameter \(locked\): .+!/);
  });
});
