import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 900_000;

describe("C++ programs: rclcpp's free spin functions", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it('takes a node as a unique_ptr, a derived class, a shared_ptr or its base, and spins until a future in an executor of its own or one given', () => {
    const dir = tempDir();
    copyFileSync(join(repoRoot, 'test/fixtures/cpp/spin_forms.cpp'), join(dir, 'spin_forms.cpp'));
    const job = writeTemp(dir, 'job.yaml', 'end: { after: 2s }\nnodes:\n  - script: spin_forms.cpp\n');
    const result = runCli(['run', job], dir, BUILD_MS);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(logLines(result.stderr), EXPECTED_SPIN);
  });
});

const forms = (time: string, text: string) => `[INFO] [${time}] [spin_forms]: ${text}`;

const EXPECTED_SPIN = [
  forms('0.000000000', 'spin_some(unique_ptr<Node>) returned at 0.000'),
  // spin_all returns once a pass finds nothing, as rclcpp's: the pass of another node just before
  // it is not a loop of spin_some (docs/cpp.md), so it does not wait for all_unique's tick.
  forms('0.000000000', 'spin_all(unique_ptr<Ticker>, 50 ms) returned at 0.000'),
  forms('0.200000000', 'spin_until_future_complete(Node::SharedPtr): SUCCESS (0) at 0.200'),
  forms('0.300000000', 'spin_until_future_complete(base, 100 ms): TIMEOUT (2) at 0.300'),
  forms('0.400000000', 'executors::spin_node_until_future_complete(executor, node): SUCCESS (0) at 0.400'),
  // Two passes of one node at one sim time are a loop: the second waits for derived's tick.
  '[INFO] [0.500000000] [derived]: tick 1',
  forms('0.500000000', 'spin_some and spin_all(shared_ptr<Ticker>, base) returned at 0.500'),
  '[INFO] [0.600000000] [spin_unique]: tick 1',
  '[INFO] [0.700000000] [spin_unique]: tick 2',
  '[INFO] [0.800000000] [spin_unique]: tick 3',
  forms('0.800000000', 'spin(unique_ptr<Ticker>) returned at 0.800'),
];
