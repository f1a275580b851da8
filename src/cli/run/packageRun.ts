import { existsSync } from 'node:fs';

/** A ROS package's name (REP 144, and the upper case colcon lets through). */
const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * `rclsim exec|run pkg exe args…`, as ros2 run: the first argument is a package's name and no
 * file, and an executable follows. A module of its own: the command line asks it before the run's
 * thread loads the simulation, and the main thread should not load it too.
 */
export function namesPackage(target: string, args: readonly string[]): boolean {
  return args.length > 0 && PACKAGE_NAME.test(target) && !existsSync(target);
}
