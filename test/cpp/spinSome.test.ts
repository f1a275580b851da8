import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 900_000;

describe('C++ programs: a loop of spin_some', needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  // Real ROS 2 spins such a loop in wall time until something is ready; under rclsim sim time
  // moves only while the program waits, so the loop must wait for the next callback, not spin
  // forever at 0 s (ros2/examples' action_client_member_functions hung so, its executors being
  // rclcpp::spin_some's own, a new one each pass).
  const modes: Record<string, string> = {
    temporary: 'rclcpp::spin_some(node), a new executor each pass',
    executor: "one executor's spin_some()",
    alternating: 'each pass two executors in turn, the node and a callback group of it',
    groups: "after five executors of a callback group each spun once in turn at 0 s, as nav2's behaviour tree is made, which do not wait",
  };
  for (const [mode, title] of Object.entries(modes)) {
    it(`waits in sim time for the next callback: ${title}`, () => {
      const dir = tempDir();
      for (const file of ['spin_some_loop.cpp', 'add_two_ints_server.cpp']) copyFileSync(join(repoRoot, 'test/fixtures/cpp', file), join(dir, file));
      const job = writeTemp(
        dir,
        `${mode}.yaml`,
        `end: { after: 5s }\nnodes:\n  - script: add_two_ints_server.cpp\n  - script: spin_some_loop.cpp\n    args: [${mode}]\n`,
      );
      const result = runCli(['run', job], dir, BUILD_MS);
      assert.equal(result.status, 0, result.stderr);
      const lines = logLines(result.stderr);
      // The server comes up at 1.5 s; the client's timer (0.5 s) waits for it, then asks.
      assert.deepEqual(lines.slice(0, -1), [
        ...(mode === 'groups' ? ['[INFO] [0.000000000] [spin_some_loop]: 5 groups spun once each'] : []),
        // Run inside the first pass's own question to the simulation, and asking one of its own.
        "[INFO] [0.000000000] [spin_some_loop]: heard 'before the loop'",
        '[INFO] [1.500000000] [spin_some_loop]: asking',
        '[INFO] [1.500000000] [minimal_service]: request: 20 + 22',
        '[INFO] [1.500000000] [spin_some_loop]: sum 42',
      ]);
      const passes = /^\[INFO\] \[1\.500000000\] \[spin_some_loop\]: done after (\d+) passes$/.exec(lines.at(-1) ?? '');
      assert.ok(passes, lines.join('\n'));
      // A pass that finds nothing twice at one sim time waits: a handful of passes, not a busy loop.
      assert.ok(Number(passes[1]) <= 6, `passes: ${passes[1]}`);
    });
  }
});
