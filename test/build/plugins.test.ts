import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { builtWorkspace } from '../support/builtWorkspace.js';
import { type CliResult, logLines, needs, repoRoot, runCli } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

const fixture = join(repoRoot, 'test/fixtures/cpp/plugins');
// A workspace's build; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 300_000;

/** What the plugin program prints at sim time 0, wherever it runs (its first line says how it was built). */
const PLUGIN_LINES = [
  "[WARN] [0.000000000] [pluginlib.ClassLoader]: given plugin name 'libhexagon' should be 'hexagon' for better portability",
  // By lookup name, not by the description file's order (Triangle first) nor the index's folder order.
  "[INFO] [0.000000000] [polygons]: hexagon: extra_shapes::Hexagon of extra_shapes in lib/libhexagon.so, 'A hexagon'",
  "[INFO] [0.000000000] [polygons]: shape_plugins/square: shape_plugins::Square of shape_plugins in lib/libshape_plugins.so, 'A square'",
  "[INFO] [0.000000000] [polygons]: shape_plugins::Triangle: shape_plugins::Triangle of shape_plugins in lib/libshape_plugins.so, 'A triangle & its area'",
  "[WARN] [0.000000000] [pluginlib.ClassLoader]: given plugin name 'libhexagon' should be 'hexagon' for better portability",
  '[INFO] [0.000000000] [polygons]: areas: square 100.00, triangle 43.30, hexagon 2.60',
  '[INFO] [0.000000000] [polygons]: available: 1 0, loaded: 2 libraries',
  '[INFO] [0.000000000] [polygons]: circle: According to the loaded plugin descriptions the class circle with base class type shape_base::RegularPolygon does not exist. Declared types are  hexagon shape_plugins/square shape_plugins::Triangle',
  '[INFO] [0.000000000] [polygons]: registered: shape_plugins::Square',
  '[INFO] [0.000000000] [polygons]: registered: shape_plugins::Triangle',
];

describe("ament_cmake as packages use it: CONFIG_EXTRAS, a Python package, rclpy's CMake package, pluginlib's plugins", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  let workspace: string;
  let build: CliResult;
  before(() => ({ workspace, build } = builtWorkspace(fixture, BUILD_MS)));

  it("builds packages that call the macro another package's config includes (CONFIG_EXTRAS, a configured .cmake.in) and find rclpy", () => {
    assert.equal(build.status, 0, build.stderr);
    const cmake = join(workspace, 'install/share/shape_common/cmake');
    assert.deepEqual(readdirSync(cmake).sort(), [
      'shape_common-extras.cmake',
      'shape_common-post-extras.cmake',
      'shape_commonConfig.cmake',
      'shape_package.cmake',
    ]);
    assert.equal(readFileSync(join(cmake, 'shape_common-post-extras.cmake'), 'utf8'), 'set(shape_common_FLAVOUR "configured")\n');
    const index = join(workspace, 'install/share/ament_index/resource_index/shape_base__pluginlib__plugin');
    assert.equal(readFileSync(join(index, 'shape_plugins'), 'utf8'), 'share/shape_plugins/plugins.xml\n');
    assert.equal(readFileSync(join(index, 'extra_shapes'), 'utf8'), 'share/extra_shapes/description/hexagon.xml\n');
    assert.ok(readFileSync(join(workspace, 'install/lib/python3/site-packages/shape_common/__init__.py'), 'utf8').includes('def describe'));
  });

  it("writes ament_index_register_resource's lines as ament_cmake_core does: a CONTENT list, a configured CONTENT_FILE, SKIP_INSTALL", () => {
    assert.equal(build.status, 0, build.stderr);
    const index = join(workspace, 'install/share/ament_index/resource_index');
    assert.equal(readFileSync(join(index, 'shape_sizes/shape_base'), 'utf8'), 'small;large');
    assert.equal(readFileSync(join(index, 'shape_units/shape_base'), 'utf8'), 'metres of polygons\n');
    assert.equal(existsSync(join(index, 'shape_hidden')), false);
    assert.equal(
      readFileSync(join(workspace, 'build/shape_base/ament_cmake_index/share/ament_index/resource_index/shape_hidden/shape_base'), 'utf8'),
      'not installed',
    );
  });

  it("lists and makes the plugins of two packages through pluginlib::ClassLoader, as a package's executable; a Python program imports the workspace's Python package and hears a geographic_msgs message", () => {
    const run = runCli(['run', 'job.yaml'], workspace, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(logLines(run.stderr), [
      // The macro of shape_common's CONFIG_EXTRAS, with the CONFIG_EXTRAS_POST's variable.
      '[INFO] [0.000000000] [polygons]: built as shape_base/configured',
      ...PLUGIN_LINES,
      '[INFO] [0.500000000] [where]: square at latitude 10.0, longitude -3.0',
    ]);
  });

  it("does the same as a job's script run with the workspace's environment", () => {
    const run = runCli(['run', 'script-job.yaml'], workspace, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(logLines(run.stderr), ['[INFO] [0.000000000] [polygons]: built as a script', ...PLUGIN_LINES]);
  });
});
