import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readManifest } from '../../src/build/packageManifest.js';
import { tempDir } from '../support/helpers.js';

// BehaviorTree.CPP 4.6.2's package.xml: one manifest for ROS 1 and ROS 2, told apart by conditions.
const MANIFEST = `<?xml version="1.0"?>
<package format="3">
  <name>behaviortree_cpp</name>
  <version>4.6.2</version>
  <buildtool_depend condition="$ROS_VERSION == 1">catkin</buildtool_depend>
  <depend condition="$ROS_VERSION == 1">roslib</depend>
  <buildtool_depend condition="$ROS_VERSION == 2">ament_cmake</buildtool_depend>
  <depend condition="$ROS_VERSION == 2">rclcpp</depend>
  <depend condition="$ROS_DISTRO != jazzy and $ROS_VERSION == 2">old_thing</depend>
  <depend>libsqlite3-dev</depend>
  <export>
    <build_type condition="$ROS_VERSION == 1">catkin</build_type>
    <build_type condition="$ROS_VERSION == 2">ament_cmake</build_type>
  </export>
</package>
`;

describe("package.xml's conditions (catkin_pkg's evaluate_condition, ROS 2 Jazzy's variables)", () => {
  it('a ROS 1 build type and dependencies are left out, the ROS 2 ones kept', () => {
    const folder = tempDir();
    writeFileSync(join(folder, 'package.xml'), MANIFEST);
    const manifest = readManifest(folder);
    assert.equal(manifest.buildType, 'ament_cmake');
    assert.deepEqual(manifest.buildDependencies, ['ament_cmake', 'libsqlite3-dev', 'rclcpp']);
    rmSync(folder, { recursive: true });
  });
});
