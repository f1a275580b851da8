import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { builtWorkspace } from '../support/builtWorkspace.js';
import { type CliResult, needs, repoRoot } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

const BUILD_MS = 300_000;

// What navigation2's workspace needs of rclsim's CMake packages beyond its own
// (test/fixtures/cpp/navigation_needs; docs/navigation2.md).
describe("navigation2's needs: linters called directly, Eigen through tf2_geometry_msgs, a locked node and lifecycle node under -Wnull-dereference, targets through an exported dependency", {
  ...needs('C++ toolchain'),
  ...needs('Eigen'),
}, () => {
  let workspace: string;
  let build: CliResult;
  before(() => {
    cppClientBuilt();
    ({ workspace, build } = builtWorkspace(join(repoRoot, 'test/fixtures/cpp/navigation_needs'), BUILD_MS));
  });
  const run = (pkg: string, exe: string): string => {
    assert.equal(build.status, 0, build.stderr);
    const result = spawnSync(join(workspace, 'install/lib', pkg, exe), { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    return result.stdout;
  };

  it("a package finding ament_lint_common's linters and PythonExtra under BUILD_TESTING configures and builds (laser_geometry)", () => {
    assert.equal(run('linted', 'linted'), 'linted\n');
  });

  it("a target linking tf2_geometry_msgs includes <Eigen/Dense> without finding Eigen3 (nav2_map_server's map_io)", () => {
    // It links rclsim's client (tf2_geometry_msgs is the client's), so it runs only in a simulation: built is the check.
    assert.equal(build.status, 0, build.stderr);
    assert.ok(existsSync(join(workspace, 'install/lib/eigen_through_tf2/determinant')));
  });

  it("a lifecycle node's logger and clock read through a weak_ptr's lock() compile under -O3 -Wnull-dereference -Werror (nav2_costmap_2d's Layer)", () => {
    assert.equal(build.status, 0, build.stderr);
    assert.ok(existsSync(join(workspace, 'install/lib/liblayer.so')));
  });

  it("a node's logger and clock read through a weak_ptr's lock() compile under -O3 -Wnull-dereference -Werror (nav2_costmap_2d's CostmapSubscriber)", () => {
    assert.equal(build.status, 0, build.stderr);
    assert.ok(existsSync(join(workspace, 'install/lib/liblayer.so')));
  });

  it("an exported dependency's targets give the exporting package's _INCLUDE_DIRS and _LIBRARIES (nav2_controller gets nav2_costmap_2d through nav2_core)", () => {
    assert.equal(build.status, 0, build.stderr);
    const result = spawnSync(join(workspace, 'install/lib/through_export/grid_cells'), {
      encoding: 'utf8',
      env: { ...process.env, LD_LIBRARY_PATH: join(workspace, 'install/lib') },
    });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, '49\n');
  });
});
