import type { Place } from '../description/description.js';

/**
 * What classic Gazebo's gazebo_ros plugins do on ROS, as the world asks the simulation for it:
 * the plugins publish and subscribe themselves, each on a ROS node of its own (gazebo_ros's
 * Node::Get), with no bridge. The world holds no ROS entity: it asks through this interface, which
 * the simulation implements (sim/ClassicRosNodes.ts). A message is a plain object shaped as
 * rclnodejs shapes it.
 */
export type RosMessage = Record<string, unknown>;

/** A QoS as rclcpp's presets make it: KEEP_LAST of a depth, a reliability. */
export interface RosQoS {
  readonly depth: number;
  readonly reliability: 'reliable' | 'best_effort';
}

/** rclcpp::QoS(depth): reliable, volatile. */
export function keepLast(depth: number): RosQoS {
  return { depth, reliability: 'reliable' };
}

/** rclcpp::ClockQoS() (rclcpp humble src/rclcpp/qos.cpp): depth 1, best effort, volatile. */
export const CLOCK_QOS: RosQoS = { depth: 1, reliability: 'best_effort' };

/** tf2_ros's DynamicBroadcasterQoS, a TransformBroadcaster's: depth 100, reliable, volatile. */
export const TF_QOS: RosQoS = keepLast(100);

/** A ROS parameter a plugin's `<ros><parameter>` sets (gazebo_ros's Node::sdf_to_ros_parameter). */
export interface RosParameter {
  readonly name: string;
  readonly value: bigint | number | boolean | string;
}

/** The node a plugin asks for: gazebo_ros's Node::Get(sdf) reading the plugin's `<ros>`. */
export interface NodeRequest {
  readonly name: string;
  /** Absolute. */
  readonly namespace: string;
  /** rclcpp's NodeOptions::arguments: the `<argument>`s, then `--ros-args -r from:=to` for each `<remapping>`. */
  readonly arguments: readonly string[];
  readonly parameters: readonly RosParameter[];
  /** The plugin, for a line. */
  readonly place: Place;
}

export type Severity = 'info' | 'warn' | 'error';

export interface RosPublisher {
  /** The topic as rcl resolved it (namespace, `~`, remappings). */
  readonly topic: string;
  publish(message: RosMessage): void;
}

/** A plugin's ROS node. */
export interface ClassicNode {
  log(severity: Severity, text: string): void;
  publisher(type: string, topic: string, qos: RosQoS): RosPublisher;
  /** The handler runs with the world caught up to the moment the message is taken; returns the topic as resolved. */
  subscribe(type: string, topic: string, qos: RosQoS, handler: (message: RosMessage) => void): string;
  /** rclcpp's declare_parameter of a double: the value an override gives, else `fallback`. */
  declare(name: string, fallback: number): number;
}

/** Classic Gazebo's server around the world: the ROS nodes of its gazebo_ros plugins, and its system plugins (`gzserver -s`). */
export interface ClassicServer {
  /** gazebo_ros::Node::Get(sdf): null when a node of that full name exists (gazebo_ros's error logged). */
  node(request: NodeRequest): ClassicNode | null;
  /** gazebo_ros::Node::Get(): the node `gazebo` the system plugins share, with gzserver's ROS arguments. */
  gazebo(): ClassicNode;
  readonly plugins: readonly string[];
}

/** A plugin's library name as classic Gazebo loads it: `libgazebo_ros_init.so`, `gazebo_ros_init` and `libgazebo_ros_init` are one. */
export function pluginLibrary(filename: string): string {
  const base = filename.split('/').pop() ?? filename;
  return base.replace(/^lib/, '').replace(/\.so$/, '');
}
