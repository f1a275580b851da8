import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 900_000;

describe('C++ programs: a node’s logger services', needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it('serves ~/get_logger_levels and ~/set_logger_levels; a level set through them holds in the program from its next run', () => {
    const dir = tempDir();
    copyFileSync(join(repoRoot, 'test/fixtures/cpp/logger_service.cpp'), join(dir, 'logger_service.cpp'));
    const result = runCli(['exec', '--until', '3s', 'logger_service.cpp'], dir, BUILD_MS);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(
      result.stderr.split('\n').filter((line) => line.startsWith('[')),
      [
        '[INFO] [1.000000000] [served]: info',
        // rclcpp answers the logger's own level: unset (0), not the effective INFO.
        '[INFO] [1.500000000] [asker]: level of served: 0',
        '[INFO] [1.500000000] [asker]: level of served: 10',
        '[DEBUG] [2.000000000] [served]: debug',
        '[INFO] [2.000000000] [served]: info',
      ],
    );
  });
});
