import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { builtWorkspace } from '../support/builtWorkspace.js';
import { type CliResult, needs, repoRoot } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

const BUILD_MS = 300_000;

// ament_cmake's functions that ros2_control's packages call (test/fixtures/cpp/ament_functions).
describe("ament_cmake's version header, extension points and test dependencies, in a workspace rclsim builds", needs('C++ toolchain'), () => {
  let workspace: string;
  let build: CliResult;
  before(() => {
    cppClientBuilt();
    ({ workspace, build } = builtWorkspace(join(repoRoot, 'test/fixtures/cpp/ament_functions'), BUILD_MS));
  });
  const run = (pkg: string, exe: string): string => {
    assert.equal(build.status, 0, build.stderr);
    const result = spawnSync(join(workspace, 'install/lib', pkg, exe), { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    return result.stdout;
  };

  it('ament_generate_version_header: the version macros and _VERSION_GTE from package.xml, the header installed', () => {
    // GTE(4,27,1) GTE(3,99,99) true; GTE(4,27,2) GTE(4,28,0) false.
    assert.equal(run('versioned', 'print_version'), '4.27.1 4.27.1 1100\n');
    assert.match(readFileSync(join(workspace, 'install/include/versioned/versioned/version.h'), 'utf8'), /#define VERSIONED_VERSION_STR "4\.27\.1"/);
  });

  it('ament_execute_extensions includes what ament_register_extension registered, and nothing for a point without any', () => {
    assert.equal(run('extended', 'hooked'), 'by hook.cmake\n');
  });

  it("ament_auto_find_test_dependencies finds package.xml's test_depends that are there, in <pkg>_FOUND_TEST_DEPENDS; ament_auto_add_gtest configures", () => {
    assert.equal(run('auto_tested', 'found_tests'), 'std_msgs\n');
  });
});
