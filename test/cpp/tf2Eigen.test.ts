import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { logLines, needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 900_000;

const said = (text: string) => `[INFO] [0.000000000] [lidar_frames]: ${text}`;

describe("C++ programs: tf2_eigen's and tf2_sensor_msgs' conversions and transforms", { ...needs('C++ toolchain'), ...needs('Eigen') }, () => {
  before(() => cppClientBuilt());

  it("moves a PointCloud2 and Eigen's points, poses, orientations and a wrench from the lidar to the base through a tf2_ros::Buffer", () => {
    const dir = tempDir();
    copyFileSync(join(repoRoot, 'test/fixtures/cpp/eigen_frames.cpp'), join(dir, 'eigen_frames.cpp'));
    // A single file finds Eigen as make would: by the user's CXXFLAGS (docs/tf2.md).
    const result = runCli(['exec', 'eigen_frames.cpp'], dir, BUILD_MS, { CXXFLAGS: '-I/usr/include/eigen3' });
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(logLines(result.stderr), [
      // A quarter turn about z, then 1, 2, 3 m: x, y, z as floats, intensity as it was.
      said('base point (1.0000, 3.0000, 3.0000) intensity 5.0'),
      said('base point (-1.0000, 2.0000, 3.5000) intensity 7.0'),
      said('ahead (1.000000, 3.000000, 3.000000)'),
      said('pose at (1.000000, 2.000000, 3.000000) facing z 0.707107 w 0.707107'),
      said('pose back at (1.000000, 2.000000, 3.000000)'),
      said('heading z 0.707107 w 0.707107'),
      // The force turned to y; its torque about the base, p × f = (1, 2, 3) × (0, 1, 0).
      said('force (0.000000, 1.000000, 0.000000) torque (-3.000000, 0.000000, 1.000000)'),
      said('base origin of the lidar (1.000000, 2.000000, 3.000000)'),
    ]);
  });
});
