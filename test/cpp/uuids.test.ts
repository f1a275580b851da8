import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { lastJsonLine, needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 400_000;

describe("C++ programs: libuuid's ids", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it("are the same on every run of one seed and another seed's otherwise (bondcpp's instance id: libuuid mixes in the pid)", needs('libuuid'), () => {
    const dir = tempDir();
    copyFileSync(join(repoRoot, 'test/fixtures/cpp/uuid_ids.cpp'), join(dir, 'uuid_ids.cpp'));
    // The ids printed, and the run's fingerprint (the random one is published).
    const ids = (seed: string) => {
      const run = runCli(['exec', '--seed', seed, '--json', 'uuid_ids.cpp'], dir, BUILD_MS, { LDLIBS: '-luuid' });
      assert.equal(run.status, 0, run.stderr);
      const lines = run.stdout.trimEnd().split('\n');
      return [...lines.slice(0, -1), String(lastJsonLine(run.stdout).fingerprint)];
    };
    const first = ids('3');
    const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
    assert.deepEqual(
      first.slice(0, -1).map((line) => line.replace(new RegExp(uuid), 'ID')),
      ['random ID type 4 variant 1', 'generate ID type 4 variant 1', 'time ID type 1 variant 1', 'time ID type 1 variant 1'],
    );
    // Two time-based ids at one sim time are told apart, as libuuid's are.
    assert.notEqual(first[2], first[3]);
    assert.deepEqual(ids('3'), first);
    assert.notDeepEqual(ids('4'), first);
  });
});
