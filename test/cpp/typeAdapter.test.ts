import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { logLines, needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 240_000;

describe('C++ programs: rclcpp::TypeAdapter', needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it('publishes and takes a custom type declared with RCLCPP_USING_CUSTOM_TYPE_AS_ROS_MESSAGE_TYPE (as image_tools does), converted both ways', () => {
    const dir = tempDir();
    copyFileSync(join(repoRoot, 'test/fixtures/cpp/type_adapter.cpp'), join(dir, 'type_adapter.cpp'));
    const result = runCli(['exec', 'type_adapter.cpp', '--until', '0.25s'], dir, BUILD_MS);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(logLines(result.stderr), ["[INFO] [0.100000000] [adapted]: heard 'adapted 0'", "[INFO] [0.200000000] [adapted]: heard 'adapted 1'"]);
  });
});
