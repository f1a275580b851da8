import { classicSensorSystems } from '../classic/ClassicSensor.js';
import { classicSystemsOf } from '../classic/classicSystems.js';
import type { Link, Plugin, Sensor } from '../description/description.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import { CameraSensor } from '../sensors/CameraSensor.js';
import { ContactSensor } from '../sensors/ContactSensor.js';
import { ImuSensor } from '../sensors/ImuSensor.js';
import { LidarSensor } from '../sensors/LidarSensor.js';
import { AckermannSteering } from './AckermannSteering.js';
import { DiffDrive } from './DiffDrive.js';
import { GazeboRos2Control } from './GazeboRos2Control.js';
import { JointStatePublisher } from './JointStatePublisher.js';
import { MecanumDrive } from './MecanumDrive.js';
import { OdometryPublisher } from './OdometryPublisher.js';
import { VelocityControl } from './VelocityControl.js';
import type { SystemContext, WorldSystem } from './WorldSystem.js';

type MakeSystem = (plugin: Plugin, model: SimulatedModel, context: SystemContext) => WorldSystem;
/** gz_ros2_control's plugin: the model's joints for a program's ros2_control hardware, found by the model's name. */
const ros2Control: MakeSystem = (plugin, model, context) => {
  const system = new GazeboRos2Control(plugin, model, context);
  context.world.ros2Control.set(model.name, system);
  return system;
};

type MakeSensor = (sensor: Sensor, link: Link, model: SimulatedModel, context: SystemContext) => WorldSystem;

/** The model plugins rclsim runs, by Gazebo's class name. */
const MODEL_SYSTEMS: Readonly<Record<string, MakeSystem>> = {
  AckermannSteering: (plugin, model, context) => new AckermannSteering(plugin, model, context),
  DiffDrive: (plugin, model, context) => new DiffDrive(plugin, model, context),
  GazeboSimROS2ControlPlugin: ros2Control,
  IgnitionROS2ControlPlugin: ros2Control,
  JointStatePublisher: (plugin, model, context) => new JointStatePublisher(plugin, model, context),
  MecanumDrive: (plugin, model, context) => new MecanumDrive(plugin, model, context),
  OdometryPublisher: (plugin, model, context) => new OdometryPublisher(plugin, model, context),
  VelocityControl: (plugin, model, context) => new VelocityControl(plugin, model, context),
};

const camera: MakeSensor = (sensor, link, model, context) => new CameraSensor(sensor, link, model, context);
const lidar: MakeSensor = (sensor, link, model, context) => new LidarSensor(sensor, link, model, context);

/** Sensor types by the world system that runs them in gz-sim, and what rclsim makes of them. */
const SENSORS: Readonly<Record<string, { system: string; make: MakeSensor }>> = {
  gpu_lidar: { system: 'Sensors', make: lidar },
  gpu_ray: { system: 'Sensors', make: lidar },
  lidar: { system: 'Sensors', make: lidar },
  ray: { system: 'Sensors', make: lidar },
  imu: { system: 'Imu', make: (sensor, link, model, context) => new ImuSensor(sensor, link, model, context) },
  camera: { system: 'Sensors', make: camera },
  depth_camera: { system: 'Sensors', make: camera },
  contact: { system: 'Contact', make: (sensor, link, model, context) => new ContactSensor(sensor, link, model, context) },
};

/** A plugin's system class: `DiffDrive` of `gz::sim::systems::DiffDrive` (or its file's name when the name is empty). */
export function systemClass(name: string, filename: string): string {
  const last = name.split('::').pop() ?? '';
  return last !== '' ? last : filename;
}

/**
 * The systems a model's plugins and sensors make, in their order in the model. A plugin or a
 * sensor type rclsim does not model is one line, never a silent difference; so is a sensor whose
 * world lacks the system that runs it in gz-sim (a lidar without `Sensors` publishes nothing there).
 */
export function systemsOf(model: SimulatedModel, context: SystemContext): WorldSystem[] {
  const systems: WorldSystem[] = [];
  const warn = context.warn;
  for (const plugin of model.description.plugins) {
    const classic = classicSystemsOf(plugin, model, context);
    if (classic !== null) {
      systems.push(...classic);
      continue;
    }
    const name = systemClass(plugin.name, plugin.filename);
    const make = MODEL_SYSTEMS[name];
    if (make === undefined) {
      warn(
        `${plugin.place.file}:${plugin.place.line}: plugin ${plugin.filename} (${plugin.name}) of model '${model.name}' is not modeled by rclsim; it is left out`,
      );
      continue;
    }
    systems.push(make(plugin, model, context));
  }
  for (const link of model.description.links) {
    for (const sensor of link.sensors) {
      const classic = classicSensorSystems(sensor, link, model, context, SENSORS[sensor.type]?.make);
      if (classic !== null) {
        systems.push(...classic);
        continue;
      }
      const kind = SENSORS[sensor.type];
      if (kind === undefined) {
        warn(`${sensor.place.file}:${sensor.place.line}: sensor '${sensor.name}' of type ${sensor.type} is not modeled by rclsim; it publishes nothing`);
        continue;
      }
      if (!context.world.worldSystems.has(kind.system)) {
        warn(
          `${sensor.place.file}:${sensor.place.line}: sensor '${sensor.name}' (${sensor.type}) needs the ${kind.system} system in world '${context.world.description.name}'; as in gz-sim, it publishes nothing without it`,
        );
        continue;
      }
      if (sensor.type === 'lidar' || sensor.type === 'ray') {
        warn(
          `${sensor.place.file}:${sensor.place.line}: sensor '${sensor.name}' is of type ${sensor.type}, which gz-sim 8 does not run (it warns and publishes nothing); rclsim runs it as a gpu_lidar`,
        );
      }
      systems.push(kind.make(sensor, link, model, context));
    }
  }
  return systems;
}
