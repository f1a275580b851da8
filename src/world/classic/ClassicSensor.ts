import { attribute, childrenNamed } from '../../base/xmlReader.js';
import { conversionOf } from '../bridge/conversions.js';
import type { Link, Plugin, Sensor } from '../description/description.js';
import { SdfValues } from '../description/sdfValues.js';
import type { GzMessages, GzType } from '../gz/messages.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import type { SystemContext, WorldSystem } from '../systems/WorldSystem.js';
import { type ClassicNode, keepLast, pluginLibrary, type RosMessage } from './ClassicRos.js';
import { nodeRequestOf } from './rosElement.js';

type MakeSensor = (sensor: Sensor, link: Link, model: SimulatedModel, context: SystemContext) => WorldSystem;

/** rclcpp::SensorDataQoS().reliable(), what gazebo_ros's sensor plugins publish with: depth 5, reliable. */
const SENSOR_QOS = keepLast(5);

/** What a gazebo_ros sensor plugin's `~/out` carries, by `<output_type>`: the ROS type and the gz message rclsim's sensor makes it from. */
const RAY_OUTPUTS: Readonly<Record<string, { ros: string; gz: GzType; points: boolean }>> = {
  'sensor_msgs/LaserScan': { ros: 'sensor_msgs/msg/LaserScan', gz: 'gz.msgs.LaserScan', points: false },
  'sensor_msgs/PointCloud2': { ros: 'sensor_msgs/msg/PointCloud2', gz: 'gz.msgs.PointCloudPacked', points: true },
};

/**
 * A sensor under classic Gazebo's server with its gazebo_ros plugin (gazebo_ros_pkgs ros2,
 * gazebo_plugins/src/gazebo_ros_ray_sensor.cpp, gazebo_ros_imu_sensor.cpp): rclsim's own sensor
 * (LidarSensor, ImuSensor) measures on a topic of the world's, and the plugin's node publishes
 * each reading on `~/out` (SensorDataQoS, reliable) in its frame (`<frame_name>`, else the link's
 * name unscoped, gazebo_ros's SensorFrameID). Classic sensors need no world system. A sensor
 * with no plugin publishes on no ROS topic; one with a plugin of another name is one line.
 * Returns null when the world is not classic Gazebo's.
 */
export function classicSensorSystems(
  sensor: Sensor,
  link: Link,
  model: SimulatedModel,
  context: SystemContext,
  make: MakeSensor | undefined,
): WorldSystem[] | null {
  if (context.classic === undefined) return null;
  const values = new SdfValues(sensor.place.file);
  const systems: WorldSystem[] = [];
  for (const element of childrenNamed(sensor.element, 'plugin')) {
    const filename = attribute(element, 'filename') ?? '';
    const library = pluginLibrary(filename);
    const place = values.place(element);
    const at = `${place.file}:${place.line}`;
    const kind = library === 'gazebo_ros_ray_sensor' ? ['ray', 'gpu_ray', 'lidar', 'gpu_lidar'] : library === 'gazebo_ros_imu_sensor' ? ['imu'] : null;
    if (kind === null || make === undefined) {
      context.warn(`${at}: plugin ${filename} of sensor '${sensor.name}' (model '${model.name}') is not modeled by rclsim; it is left out`);
      continue;
    }
    if (!kind.includes(sensor.type)) {
      context.warn(`${at}: ${filename} of sensor '${sensor.name}': Parent is not a ${kind[0]} sensor. Exiting. (as the plugin logs it; it publishes nothing)`);
      continue;
    }
    const plugin: Plugin = { filename, name: attribute(element, 'name') ?? '', element, place, scope: '' };
    const node = context.classic.node(nodeRequestOf(element, place, values, context.warn));
    if (node === null) continue;
    const output =
      library === 'gazebo_ros_imu_sensor'
        ? { ros: 'sensor_msgs/msg/Imu', gz: 'gz.msgs.IMU' as GzType, points: false }
        : rayOutput(plugin, values, node, at, context);
    if (output === null) continue;
    if (library === 'gazebo_ros_imu_sensor' && childrenNamed(element, 'initial_orientation_as_reference').length === 0) {
      node.log('info', '<initial_orientation_as_reference> is unset, using default value of false to comply with REP 145 (world as orientation reference)');
    }
    const frame = values.string(element, 'frame_name', link.name.split('::').pop()!);
    const topic = `/rclsim/classic/${model.name}/${link.name}/${sensor.name}/${plugin.name}`;
    // The gz sensor publishes its scan on `topic` and its points on `topic/points`.
    const inner = make({ ...sensor, topic }, link, model, context);
    const publisher = node.publisher(output.ros, '~/out', SENSOR_QOS);
    const toRos = conversionOf(output.ros, output.gz)!.toRos!;
    context.bus.subscribe(output.points ? `${topic}/points` : topic, <T extends GzType>(type: T, message: GzMessages[T]) => {
      if (type !== output.gz) return;
      const ros = toRos(message as never) as RosMessage & { header: { frame_id: string } };
      publisher.publish({ ...ros, header: { ...ros.header, frame_id: frame } });
    });
    systems.push(inner);
  }
  return systems;
}

/** gazebo_ros_ray_sensor's `<output_type>`: PointCloud2 when absent (its warning), the rest one line each. */
function rayOutput(
  plugin: Plugin,
  values: SdfValues,
  node: ClassicNode,
  at: string,
  context: SystemContext,
): { ros: string; gz: GzType; points: boolean } | null {
  const given = values.string(plugin.element, 'output_type', null);
  if (given === null) node.log('warn', 'missing <output_type>, defaults to sensor_msgs/PointCloud2');
  const type = given ?? 'sensor_msgs/PointCloud2';
  const output = RAY_OUTPUTS[type];
  if (output !== undefined) return output;
  if (type === 'sensor_msgs/PointCloud' || type === 'sensor_msgs/Range')
    context.warn(`${at}: ${plugin.filename} output_type ${type} is not modeled by rclsim; it publishes nothing`);
  else node.log('error', `Invalid <output_type> [${type}]`);
  return null;
}
