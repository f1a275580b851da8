import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { RosArguments } from '../ros/RosArguments.js';

/** A component a job names by its plugin class (`package:` + `component:`), with its node's ROS arguments. */
export interface PackageComponent {
  className: string;
  /** The shared library the package registered the class in (the ament index's `rclcpp_components` resource). */
  library: string;
  nodeArguments: RosArguments;
  /** NodeOptions a LoadNode request's extra_arguments set (`use_intra_process_comms`, `forward_global_arguments`). */
  extraArguments: Record<string, boolean>;
  /** Loaded by a launch file: launch_ros says so once its node is made (`Loaded node '/talker' in container '/c'`). */
  launched: boolean;
}

/**
 * The library a package registered `className` in, as rclcpp_components finds it: the ament
 * index's `rclcpp_components/<pkg>` lists `Class;lib/libx.so` lines, the library relative to the
 * install prefix. One that is not there is a line saying what is (`why`).
 */
export function packageComponent(workspace: string, pkg: string, className: string): { library: string } | { why: string } {
  const prefix = resolve(workspace);
  const shown = relative(process.cwd(), prefix) || '.';
  let index: string;
  try {
    index = readFileSync(join(prefix, 'share/ament_index/resource_index/rclcpp_components', pkg), 'utf8');
  } catch {
    return {
      why: `package ${pkg} registers no components in the workspace ${shown} (rclcpp_components_register_node(s) in its CMakeLists; rclsim build builds it there)`,
    };
  }
  const entries = index
    .split('\n')
    .filter((line) => line.includes(';'))
    .map((line) => line.split(';') as [string, string]);
  const found = entries.find(([name]) => name === className);
  if (found === undefined) return { why: `package ${pkg} registers no component ${className} (it registers ${entries.map(([name]) => name).join(', ')})` };
  return { library: join(prefix, found[1]) };
}
