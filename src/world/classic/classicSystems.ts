import type { Plugin } from '../description/description.js';
import { SdfValues } from '../description/sdfValues.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import type { SystemContext, WorldSystem } from '../systems/WorldSystem.js';
import { ClassicClock } from './ClassicClock.js';
import { classicDiffDrive } from './ClassicDiffDrive.js';
import { classicJointStates } from './ClassicJointStates.js';
import { pluginLibrary } from './ClassicRos.js';
import { nodeRequestOf } from './rosElement.js';

/** The model plugins of gazebo_ros rclsim runs under classic Gazebo's server, by library. */
const MODEL_PLUGINS = new Set(['gazebo_ros_diff_drive', 'gazebo_ros_joint_state_publisher']);

/**
 * What a model plugin is under classic Gazebo's server (context.classic): a gazebo_ros plugin
 * rclsim runs (none when gazebo_ros gives it no node), or null for the registry to name as not
 * modeled. Each plugin's node comes first, as Node::Get(sdf) makes it in Load.
 */
export function classicSystemsOf(plugin: Plugin, model: SimulatedModel, context: SystemContext): WorldSystem[] | null {
  const library = pluginLibrary(plugin.filename);
  if (context.classic === undefined || !MODEL_PLUGINS.has(library)) return null;
  const node = context.classic.node(nodeRequestOf(plugin.element, plugin.place, new SdfValues(plugin.place.file), context.warn));
  if (node === null) return [];
  const system = library === 'gazebo_ros_diff_drive' ? classicDiffDrive(plugin, model, context, node) : classicJointStates(plugin, model, context, node);
  return system === null ? [] : [system];
}

/**
 * The server's system plugins (`gzserver -s`): gazebo_ros_init's /clock; gazebo_ros_factory is
 * the spawns; the rest one line each, as is each plugin of the world file (gazebo_ros_state …).
 */
export function classicServerSystems(context: SystemContext): WorldSystem[] {
  const server = context.classic;
  if (server === undefined) return [];
  const systems: WorldSystem[] = [];
  for (const plugin of server.plugins) {
    const library = pluginLibrary(plugin);
    if (library === 'gazebo_ros_init') systems.push(new ClassicClock(context, server.gazebo()));
    else if (library !== 'gazebo_ros_factory') context.warn(`gzserver -s ${plugin}: this system plugin is not modeled by rclsim; it is left out`);
  }
  for (const plugin of context.world.description.plugins) {
    context.warn(`${plugin.place.file}:${plugin.place.line}: world plugin ${plugin.filename} (${plugin.name}) is not modeled by rclsim; it is left out`);
  }
  return systems;
}
