import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 400_000;

describe('C++ programs: what ros2/examples and ros2/demos use under rclcpp', needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it("sets levels, reads options and logs once as rcutils does, lends no message (as rclcpp says), has no network flows, publishes service events when asked, loads a linked component's factory", () => {
    const dir = tempDir();
    copyFileSync(join(repoRoot, 'test/fixtures/cpp/lower_layers.cpp'), join(dir, 'lower_layers.cpp'));
    const run = runCli(['exec', '--until', '250ms', 'lower_layers.cpp', '--level', 'debug'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.stdout.split('\n').filter(Boolean), [
      'option --level: debug, -x there: 0',
      "severity of 'debug': 10, of 'loud': 41",
      "network flow endpoints: error obtaining network flows of publisher: the simulation's middleware has no network flow endpoints",
      'introspection: 1 publisher of /nothing/_service_event',
      'pre-shutdown callback removed: 1',
      'linked classes: rclcpp_components::NodeFactoryTemplate<parts::Linked>',
      "its node: /linked, logger from the node's parts: parts",
    ]);
    assert.deepEqual(
      run.stderr.split('\n').filter((line) => line.startsWith('[')),
      [
        '[DEBUG] [0.000000000] [parts]: shown: the level is DEBUG',
        '[INFO] [0.000000000] [linked]: made by its factory',
        "[INFO] [0.100000000] [rclcpp]: Currently used middleware can't loan messages. Local allocator will be used.",
        '[WARN] [0.100000000] [parts]: lent at 100 ms (once)',
        "[INFO] [0.100000000] [parts]: heard 'lent at 100000000'",
        "[INFO] [0.200000000] [parts]: heard 'lent at 200000000'",
      ],
    );
  });
});
