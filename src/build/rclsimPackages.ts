import { join } from 'node:path';
import { CPP_CLIENT } from './cppClient.js';
import { type PackageManifest, readManifest } from './packageManifest.js';

/**
 * rclsim's gz_ros2_control (the world's ros2_control hardware and gz_ros2_control_host, which the
 * world starts for a model with gz_ros2_control's plugin). On ROS it comes built against the
 * distribution's controller_manager; here controller_manager is built from source in the
 * workspace, so the package builds with it, after it: a workspace with controller_manager and no
 * gz_ros2_control of its own gets rclsim's, as one more of its packages.
 */
export function withRclsimPackages(packages: readonly PackageManifest[], log: (line: string) => void): PackageManifest[] {
  const names = new Set(packages.map((pkg) => pkg.name));
  if (!names.has('controller_manager') || names.has('gz_ros2_control')) return [...packages];
  const folder = join(CPP_CLIENT, 'packages', 'gz_ros2_control');
  log(`gz_ros2_control: rclsim's (${folder}), built with the workspace's controller_manager for the world's ros2_control hardware`);
  return [...packages, readManifest(folder)];
}
