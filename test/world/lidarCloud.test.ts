import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cos, sin } from '../../src/base/portableMath.js';
import { readModelText, readWorldText } from '../../src/world/description/sdfFile.js';
import type { GzLaserScan, GzPointCloudPacked } from '../../src/world/gz/messages.js';
import { SimulatedWorld } from '../../src/world/SimulatedWorld.js';
import { logLines, repoRoot, runCli } from '../support/helpers.js';

const fixtures = join(repoRoot, 'test/fixtures/world/lidars');
const noPaths = { modelFolders: [], prefixes: [], fuelCache: null };
const fingerprint = (stdout: string): string => /fingerprint +([0-9a-f]{16})/.exec(stdout)?.[1] ?? 'none';

/**
 * gz-sensors' GpuLidarSensorPrivate::FillPointCloudMsg, from its source (gz-sensors8
 * src/GpuLidarSensor.cc), over the scan's ranges: the angles in float, the azimuth stepped by a
 * float step along each ring and the inclination from ring to ring, each coordinate a product of
 * floats with the float cosines and sines of those angles; 32 bytes a point.
 */
function gzPoints(scan: GzLaserScan): Uint8Array {
  const f = Math.fround;
  const data = new Uint8Array(scan.count * scan.verticalCount * 32);
  const view = new DataView(data.buffer);
  const angleStep = f((scan.angleMax - scan.angleMin) / (scan.count - 1));
  const verticalStep = f((scan.verticalAngleMax - scan.verticalAngleMin) / (scan.verticalCount - 1));
  let inclination = f(scan.verticalAngleMin);
  for (let j = 0; j < scan.verticalCount; j++) {
    let azimuth = f(scan.angleMin);
    for (let i = 0; i < scan.count; i++) {
      const k = j * scan.count + i;
      const depth = f(scan.ranges[k]!);
      const at = k * 32;
      view.setFloat32(at, f(f(depth * f(cos(inclination))) * f(cos(azimuth))), true);
      view.setFloat32(at + 4, f(f(depth * f(cos(inclination))) * f(sin(azimuth))), true);
      view.setFloat32(at + 8, f(depth * f(sin(inclination))), true);
      view.setFloat32(at + 16, scan.intensities[k]!, true);
      view.setUint16(at + 24, j, true);
      azimuth = f(azimuth + angleStep);
    }
    inclination = f(inclination + verticalStep);
  }
  return data;
}

describe("3D lidars' point clouds as gz-sensors fills them", () => {
  for (const [file, topic] of [
    ['vlp16.sdf', '/vlp16'],
    ['os1_64.sdf', '/os1'],
  ] as const) {
    it(`${file}: every point where gz-sensors puts it, bit for bit, its ring the row it is in`, () => {
      const world = new SimulatedWorld(readWorldText(readFileSync(join(fixtures, 'world.sdf'), 'utf8'), 'world.sdf', { paths: noPaths, warn: () => {} }), {
        originNs: 0n,
        seed: 1,
        warn: () => {},
      });
      world.spawn(readModelText(readFileSync(join(fixtures, file), 'utf8'), file, { paths: noPaths, warn: () => {} }));
      let scan: GzLaserScan | null = null;
      let cloud: GzPointCloudPacked | null = null;
      world.bus.subscribe(topic, (_type, message) => {
        scan = message as GzLaserScan;
      });
      world.bus.subscribe(`${topic}/points`, (_type, message) => {
        cloud = message as GzPointCloudPacked;
      });
      world.advanceTo(world.nextOutputStep()!);
      world.output();
      const got = cloud as GzPointCloudPacked | null;
      assert.ok(scan !== null && got !== null);
      const expected = gzPoints(scan);
      const words = (bytes: Uint8Array) => new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
      const mine = words(got.data);
      const differing = words(expected).filter((word, k) => word !== mine[k]).length;
      assert.equal(differing, 0, `${differing} of ${mine.length} words differ from gz-sensors'`);
      assert.equal(got.isDense, true);
    });
  }

  it('a VLP-16 and an OS1-64 bridged: 16 and 64 rings of 1800 and 1024 points, each ring at its elevation', () => {
    const run = () => runCli(['run', 'job.yaml'], fixtures, 120_000);
    const result = run();
    assert.equal(result.status, 0, result.stderr);
    const lines = logLines(result.stderr).filter((line) => line.includes('[cloud]'));
    const ring = (degrees: number[]) => degrees.map((d) => d.toFixed(3)).join(' ');
    // A point on the wall 10 m ahead is off it by the drift of gz-sensors' float azimuth (tens of µm), as in Gazebo.
    assert.deepEqual(lines, [
      '[INFO] [0.001000000] [cloud]: vlp16/points: 1800x16 step 32 row 57600 dense true frame vlp16/base/lidar fields x@0:7 y@4:7 z@8:7 intensity@16:7 ring@24:4',
      '[INFO] [0.001000000] [cloud]: vlp16/points: rings 16, each 1800 points, ring = row true',
      `[INFO] [0.001000000] [cloud]: vlp16/points: elevations ${ring(Array.from({ length: 16 }, (_, j) => -15 + 2 * j))}`,
      '[INFO] [0.001000000] [cloud]: vlp16/points: east wall within 4.2e-5 m',
      '[INFO] [0.001000000] [cloud]: os1/points: 1024x64 step 32 row 32768 dense true frame os1/base/lidar fields x@0:7 y@4:7 z@8:7 intensity@16:7 ring@24:4',
      '[INFO] [0.001000000] [cloud]: os1/points: rings 64, each 1024 points, ring = row true',
      `[INFO] [0.001000000] [cloud]: os1/points: elevations ${ring(Array.from({ length: 64 }, (_, j) => -22.5 + (45 / 63) * j))}`,
      '[INFO] [0.001000000] [cloud]: os1/points: east wall within 7.0e-5 m',
    ]);
    assert.equal(fingerprint(run().stdout), fingerprint(result.stdout));
    assert.notEqual(fingerprint(result.stdout), 'none');
  });
});
