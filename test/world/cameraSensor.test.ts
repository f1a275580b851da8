import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gazeboActions } from '../../src/launch/gazeboActions.js';
import type { PlanNode } from '../../src/launch/launchPlan.js';
import { readModelText, readWorldText } from '../../src/world/description/sdfFile.js';
import type { GzCameraInfo, GzImage, GzPointCloudPacked } from '../../src/world/gz/messages.js';
import { SimulatedWorld } from '../../src/world/SimulatedWorld.js';
import { logLines, repoRoot, runCli } from '../support/helpers.js';

const fixtures = join(repoRoot, 'test/fixtures/world/cameras');
const noPaths = { modelFolders: [], prefixes: [], fuelCache: null };
const fingerprint = (stdout: string): string => /fingerprint +([0-9a-f]{16})/.exec(stdout)?.[1] ?? 'none';

describe('cameras and depth cameras', () => {
  it('a depth camera reads a wall square to it at its distance along the optical axis in every pixel, not along each ray', () => {
    const world = new SimulatedWorld(readWorldText(readFileSync(join(fixtures, 'world.sdf'), 'utf8'), 'world.sdf', { paths: noPaths, warn: () => {} }), {
      originNs: 0n,
      seed: 1,
      warn: () => {},
    });
    world.spawn(readModelText(readFileSync(join(fixtures, 'cameras.sdf'), 'utf8'), 'cameras.sdf', { paths: noPaths, warn: () => {} }));
    let image: GzImage | null = null;
    world.bus.subscribe('/depth/image', (_type, message) => {
      image = message as GzImage;
    });
    world.advanceTo(world.nextOutputStep()!);
    world.output();
    const got = image as GzImage | null;
    assert.ok(got !== null);
    const depth = new Float32Array(got.data.buffer, got.data.byteOffset, got.width * got.height);
    // Rows 12 to 29 see the wall (its top 1 m above the camera, 4 m ahead: 13.9 pixels up), away from the cube in the middle.
    const wall = new Set<number>();
    for (let row = 12; row < 30; row++)
      for (let column = 4; column < 60; column++) if (Math.abs(column - 31.5) > 5 || Math.abs(row - 23.5) > 5) wall.add(depth[row * 64 + column]!);
    assert.deepEqual([...wall], [4]);
    assert.equal(depth[24 * 64 + 32], -Infinity, 'the cube 0.3 m ahead is nearer than the near plane');
    assert.equal(depth[0], Infinity, 'nothing above the wall');
  });

  it("a camera sees a Collada mesh visual in its materials' colours, triangle by triangle", () => {
    const paths = { modelFolders: [], prefixes: [], fuelCache: null };
    const world = new SimulatedWorld(readWorldText(readFileSync(join(fixtures, 'world.sdf'), 'utf8'), 'world.sdf', { paths, warn: () => {} }), {
      originNs: 0n,
      seed: 1,
      warn: () => {},
    });
    // The panel is behind the rig, which turns round to face it.
    world.spawn(readModelText(readFileSync(join(fixtures, 'panel.sdf'), 'utf8'), join(fixtures, 'panel.sdf'), { paths, warn: () => {} }));
    const rig = readModelText(readFileSync(join(fixtures, 'cameras.sdf'), 'utf8'), 'cameras.sdf', { paths, warn: () => {} });
    world.spawn(rig, { position: { x: 0, y: 0, z: 0 }, rotation: { x: 0, y: 0, z: 1, w: 0 } });
    let image: GzImage | null = null;
    world.bus.subscribe('/camera/image', (_type, message) => {
      image = message as GzImage;
    });
    world.advanceTo(world.nextOutputStep()!);
    world.output();
    const got = image as GzImage | null;
    assert.ok(got !== null);
    const pixel = (row: number, column: number) => [...got.data.subarray(row * got.step + column * 3, row * got.step + column * 3 + 3)].join(',');
    // Facing the sun: 0.4 + 0.6 × 0.5 / |(0.5, 0.1, 0.9)| = 0.690 of each colour.
    assert.deepEqual([pixel(20, 10), pixel(28, 30), pixel(20, 34), pixel(28, 53)], ['18,141,18', '18,141,18', '18,18,141', '18,18,141']);
  });

  it('a camera with <noise> says in one line that its images are noiseless', () => {
    const warnings: string[] = [];
    const world = new SimulatedWorld(readWorldText(readFileSync(join(fixtures, 'world.sdf'), 'utf8'), 'world.sdf', { paths: noPaths, warn: () => {} }), {
      originNs: 0n,
      seed: 1,
      warn: (line) => warnings.push(line),
    });
    const text = readFileSync(join(fixtures, 'cameras.sdf'), 'utf8').replaceAll(
      '<horizontal_fov>',
      '<noise><type>gaussian</type><stddev>0.007</stddev></noise><horizontal_fov>',
    );
    world.spawn(readModelText(text, 'cameras.sdf', { paths: noPaths, warn: () => {} }));
    assert.deepEqual(warnings, [
      "cameras.sdf:8: camera 'camera' has <noise>, which rclsim does not model: its images are noiseless",
      "cameras.sdf:19: depth_camera 'depth' has <noise>, which rclsim does not model: its images are noiseless",
    ]);
  });

  it("a lens the SDF gives: its intrinsics aim the pixels' rays, and the camera info carries them and its projection", () => {
    const world = new SimulatedWorld(readWorldText(readFileSync(join(fixtures, 'world.sdf'), 'utf8'), 'world.sdf', { paths: noPaths, warn: () => {} }), {
      originNs: 0n,
      seed: 1,
      warn: () => {},
    });
    world.spawn(readModelText(readFileSync(join(fixtures, 'lens.sdf'), 'utf8'), 'lens.sdf', { paths: noPaths, warn: () => {} }));
    let cloud: GzPointCloudPacked | null = null;
    let info: GzCameraInfo | null = null;
    world.bus.subscribe('/lens/image/points', (_type, message) => {
      cloud = message as GzPointCloudPacked;
    });
    world.bus.subscribe('/lens/camera_info', (_type, message) => {
      info = message as GzCameraInfo;
    });
    world.advanceTo(world.nextOutputStep()!);
    world.output();
    const points = cloud as GzPointCloudPacked | null;
    const camera = info as GzCameraInfo | null;
    assert.ok(points !== null && camera !== null);
    assert.deepEqual(camera.intrinsics, [40, 0, 20, 0, 50, 30, 0, 0, 1]);
    assert.deepEqual(camera.projection, [40, 0, 20, -4, 0, 50, 30, 0, 0, 0, 1, 0]);
    // Pixel (10, 20) on the wall 4 m ahead: y = 4 (20 − 10.5) / 40, z = 4 (30 − 20.5) / 50.
    const view = new DataView(points.data.buffer, points.data.byteOffset);
    const at = 20 * points.rowStep + 10 * points.pointStep;
    assert.deepEqual([view.getFloat32(at, true), view.getFloat32(at + 4, true), view.getFloat32(at + 8, true)], [4, Math.fround(0.95), Math.fround(0.76)]);
  });

  it('a camera and a depth camera bridged: rgb8 and 32FC1 images, the depth points and the camera info as ros_gz_bridge gives them', () => {
    const run = () => runCli(['run', 'job.yaml'], fixtures, 120_000);
    const result = run();
    assert.equal(result.status, 0, result.stderr);
    const lines = logLines(result.stderr).filter((line) => line.includes('[viewer]'));
    // The wall faces away from the sun: 0.8, 0.1, 0.1 in the ambient 0.4 alone; the ground, 0.8
    // grey, takes 0.4 + 0.6 × cos(its normal, the sun) = 0.922; the sky is SDF's 0.7 grey background.
    // The cube is nearer than the near plane: the camera sees the wall through it, the depth camera −inf.
    assert.deepEqual(lines, [
      '[INFO] [0.001000000] [viewer]: camera/image: 64x48 rgb8 step 192 bigendian 0 frame camera_optical',
      '[INFO] [0.001000000] [viewer]: camera/image: wall 82,10,10 ground 188,188,188 sky 179,179,179 beside the wall 188,188,188',
      '[INFO] [0.001000000] [viewer]: camera/camera_info: 64x48 plumb_bob d 0,0,0,0,0 frame camera_optical',
      '[INFO] [0.001000000] [viewer]: camera/camera_info: k 55.4256,0,32,0,55.4256,24,0,0,1 p 55.4256,0,32,0,0,55.4256,24,0,0,0,1,0 r 1,0,0,0,1,0,0,0,1',
      '[INFO] [0.001000000] [viewer]: depth/image: 64x48 32FC1 step 256 bigendian 0 frame rig/base/depth',
      '[INFO] [0.001000000] [viewer]: depth/image: wall 4 4 cube -Infinity sky Infinity',
      '[INFO] [0.001000000] [viewer]: depth/image/points: 64x48 step 16 row 1024 dense false fields x@0:7 y@4:7 z@8:7 rgb@12:7',
      '[INFO] [0.001000000] [viewer]: depth/image/points: wall 4,1.5516,0.9743 grey 135 ground 2.3585,1.3404,-1 grey 184',
    ]);
    assert.equal(fingerprint(run().stdout), fingerprint(result.stdout));
    assert.notEqual(fingerprint(result.stdout), 'none');
  });

  it("ros_gz_image's image_bridge in a launch file bridges each gz image topic it is given to the ROS topic of the same name", () => {
    const node: PlanNode = {
      kind: 'node',
      package: 'ros_gz_image',
      executable: 'image_bridge',
      name: null,
      namespace: null,
      parameters: [],
      remappings: [],
      arguments: ['/camera/image', '/depth/image', '--ros-args', '-p', 'qos:=sensor_data'],
      ros_arguments: [],
      lifecycle: false,
      id: 'image_bridge-1',
      env: {},
      output: 'screen',
      respawn: false,
      respawn_delay: 0,
      respawn_max_retries: -1,
      on_exit: [],
      file: 'robot.launch.py',
      line: 1,
    };
    const part = gazeboActions([node], [], () => 'image_bridge');
    assert.deepEqual(part.warnings, []);
    assert.deepEqual(part.world?.bridge_nodes, [
      { name: 'ros_gz_image', bridge: ['/camera/image@sensor_msgs/msg/Image[gz.msgs.Image', '/depth/image@sensor_msgs/msg/Image[gz.msgs.Image'] },
    ]);
  });
});
