import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildOrder } from '../../src/build/buildOrder.js';
import { findPackages } from '../../src/build/packageManifest.js';
import { withRclsimPackages } from '../../src/build/rclsimPackages.js';
import { repoRoot, tempDir } from '../support/helpers.js';

/** A workspace's src/ with one ament_cmake package.xml for each name. */
function sources(...names: string[]): string {
  const src = join(tempDir(), 'src');
  for (const name of names) {
    mkdirSync(join(src, name), { recursive: true });
    writeFileSync(
      join(src, name, 'package.xml'),
      `<package format="3"><name>${name}</name><version>1.0.0</version><description>x</description><maintainer email="a@b.c">a</maintainer><license>MIT</license><export><build_type>ament_cmake</build_type></export></package>\n`,
    );
  }
  return src;
}

describe("rclsim build: rclsim's gz_ros2_control in a workspace with controller_manager", () => {
  it('adds it, built after controller_manager, and says so in one line', () => {
    const lines: string[] = [];
    const packages = withRclsimPackages(findPackages(sources('hardware_interface', 'controller_manager')), (line) => lines.push(line));
    const added = packages.find((pkg) => pkg.name === 'gz_ros2_control');
    assert.equal(added?.folder, join(repoRoot, 'clients/cpp/packages/gz_ros2_control'));
    const order = buildOrder(packages).map((pkg) => pkg.name);
    assert.ok(order.indexOf('gz_ros2_control') > order.indexOf('controller_manager'), order.join(' '));
    assert.deepEqual(lines, [
      `gz_ros2_control: rclsim's (${added.folder}), built with the workspace's controller_manager for the world's ros2_control hardware`,
    ]);
  });

  it('leaves a workspace with its own gz_ros2_control, or without controller_manager, as it is', () => {
    const lines: string[] = [];
    const own = withRclsimPackages(findPackages(sources('controller_manager', 'gz_ros2_control')), (line) => lines.push(line));
    assert.deepEqual(own.map((pkg) => pkg.name).sort(), ['controller_manager', 'gz_ros2_control']);
    assert.ok(own.find((pkg) => pkg.name === 'gz_ros2_control')!.folder.endsWith('/src/gz_ros2_control'));
    assert.deepEqual(
      withRclsimPackages(findPackages(sources('hardware_interface')), (line) => lines.push(line)).map((pkg) => pkg.name),
      ['hardware_interface'],
    );
    assert.deepEqual(lines, []);
  });
});
