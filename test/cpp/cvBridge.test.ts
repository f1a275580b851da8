import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { builtWorkspace } from '../support/builtWorkspace.js';
import { type CliResult, logLines, needs, repoRoot, runCli } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A workspace's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 900_000;

/**
 * What the filter sends back for the camera's frame n, computed here from the frame's definition
 * (camera.cpp): rgb8 read as bgr8, mirrored, (10, 20, 30) added to (B, G, R) saturating, then
 * OpenCV's integer BGR to gray (coefficients 0.114, 0.587, 0.299 in 14-bit fixed point, rounded).
 */
function filtered(n: number): number[] {
  const bytes: number[] = [];
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 4; col++) {
      const source = 3 - col;
      const [r, g, b] = [10 * source + 60 * row + n, 200 - 30 * source + n, 40 * row + 7 * source + n];
      const [b2, g2, r2] = [Math.min(255, b + 10), Math.min(255, g + 20), Math.min(255, r + 30)];
      bytes.push((b2 * 1868 + g2 * 9617 + r2 * 4899 + (1 << 13)) >> 14);
    }
  }
  return bytes;
}

describe("C++ programs: cv_bridge over Debian's OpenCV", needs('OpenCV'), () => {
  before(() => cppClientBuilt());

  let workspace: string;
  let build: CliResult;
  before(() => ({ workspace, build } = builtWorkspace(join(repoRoot, 'test/fixtures/cv_bridge/workspace'), BUILD_MS)));

  it('finds cv_bridge by ament_target_dependencies and by its target, with OpenCV as its config exports it', () => {
    assert.equal(build.status, 0, build.stderr);
  });

  it('converts an Image by toCvCopy, runs OpenCV on it in one thread, publishes it by toImageMsg; the subscriber reads the bytes by toCvShare', () => {
    const run = runCli(['run', 'job.yaml'], workspace, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    const filter = (time: string, text: string) => `[INFO] [${time}] [filter]: ${text}`;
    const camera = (time: string, text: string) => `[INFO] [${time}] [camera]: ${text}`;
    const frame = (n: number) => {
      const time = `0.${n + 1}00000000`;
      const first = `(${Math.min(255, 21 + n + 10)}, ${110 + n + 20}, ${30 + n + 30})`;
      return [
        filter(time, `image rgb8 4x2 stamped ${time}: first pixel bgr ${first}`),
        camera(time, `filtered mono8 4x2 step 4 shared 1: ${filtered(n).join(' ')}`),
      ];
    };
    assert.deepEqual(logLines(run.stderr), [
      // rclsim sets OpenCV to one thread (clients/cpp/src/opencv_threads.cpp): else 4, the virtual CPUs.
      filter('0.000000000', 'OpenCV threads: 1'),
      // CV_8UC3 16, CV_16UC1 2, CV_32FC(10) 77, CV_8S 1.
      filter('0.000000000', 'getCvType: bgr8 16, mono16 2, 32FC10 77, 8S 1'),
      filter('0.000000000', 'Unrecognized image encoding [jpeg]'),
      filter('0.000000000', 'png round trip: format png, rgb8 5x3, same pixels'),
      // rgb_colors: aliceblue (0.941, 0.973, 1 of 255, truncated), the background, label 156 as
      // 10 (blueviolet), a negative label black, palevioletred in upstream's paleturquoise.
      filter('0.000000000', 'labels bgr: 255 248 239 | 0 0 0 | 225 43 137 | 0 0 0 | 237 237 174'),
      ...frame(0),
      ...frame(1),
      ...frame(2),
    ]);
  });
});
