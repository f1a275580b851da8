import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 900_000;

describe("C++ programs: sensor_msgs' hand-written headers", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it('fills PointCloud2s through the modifier and iterators and an Image through fillImage; a subscriber reads them back with const iterators and the encodings', () => {
    const dir = tempDir();
    copyFileSync(join(repoRoot, 'test/fixtures/cpp/point_clouds.cpp'), join(dir, 'point_clouds.cpp'));
    const job = writeTemp(
      dir,
      'job.yaml',
      'end: { after: 1s }\nnodes:\n  - script: point_clouds.cpp\n    args: [odometry]\n  - script: point_clouds.cpp\n    args: [scanner]\n',
    );
    const result = runCli(['run', job], dir, BUILD_MS);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(logLines(result.stderr), EXPECTED_CLOUDS);
  });
});

const odometry = (time: string, text: string) => `[INFO] [${time}] [odometry]: ${text}`;
const scanner = (text: string) => `[INFO] [0.000000000] [scanner]: ${text}`;

const EXPECTED_CLOUDS = [
  odometry('0.000000000', 'bgra8: color 1 alpha 1 bayer 0, 4 channels of 8 bits'),
  odometry('0.000000000', 'bayer_grbg16: color 0 alpha 0 bayer 1, 1 channels of 16 bits'),
  odometry('0.000000000', 'yuv422: color 1 alpha 0 bayer 0, 2 channels of 8 bits'),
  // OpenCV's generic encodings, any channel count.
  odometry('0.000000000', '32FC7: color 0 alpha 0 bayer 0, 7 channels of 32 bits'),
  odometry('0.000000000', 'Unknown encoding jpeg'),
  // PCL's layout: x, y, z and a float of padding, then rgb and three floats; the packed colour
  // little-endian, so b, g, r from its first byte.
  scanner('colored 1x2, point_step 32, row_step 64, 64 bytes: x@0 y@4 z@8 rgb@16; rgb bytes 30,20,10 31,21,11'),
  scanner('Field normal does not exist'),
  scanner('camera model plumb_bob'),
  odometry('0.100000000', 'lidar 1x2, point_step 16, row_step 32, 32 bytes: x@0 y@4 z@8 intensity@12; (0, -0, 0; 0) (0.5, -1, 0; 10)'),
  odometry('0.100000000', 'as PointCloud: 2 points, channel intensity = 10'),
  odometry('0.100000000', 'image mono16 2x3 step 8, 16 bytes, last 15: color 0 mono 1, 1 channels of 16 bits'),
  odometry('0.200000000', 'lidar 1x3, point_step 16, row_step 48, 48 bytes: x@0 y@4 z@8 intensity@12; (1, -0, 0.25; 0) (1.5, -1, 0.25; 10) (2, -2, 0.25; 20)'),
  odometry('0.200000000', 'as PointCloud: 3 points, channel intensity = 20'),
  odometry('0.200000000', 'image 16UC3 2x3 step 8, 16 bytes, last 31: color 0 mono 0, 3 channels of 16 bits'),
  odometry(
    '0.300000000',
    'lidar 1x4, point_step 16, row_step 64, 64 bytes: x@0 y@4 z@8 intensity@12; (2, -0, 0.5; 0) (2.5, -1, 0.5; 10) (3, -2, 0.5; 20) (3.5, -3, 0.5; 30)',
  ),
  odometry('0.300000000', 'as PointCloud: 4 points, channel intensity = 30'),
  odometry('0.300000000', 'image mono16 2x3 step 8, 16 bytes, last 47: color 0 mono 1, 1 channels of 16 bits'),
];
