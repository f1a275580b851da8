import { timeMsg } from '../../base/timeMsg.js';
import { childrenNamed } from '../../base/xmlReader.js';
import type { Plugin } from '../description/description.js';
import { SdfValues } from '../description/sdfValues.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import type { SystemContext, WorldSystem } from '../systems/WorldSystem.js';
import { type ClassicNode, keepLast, type RosMessage, type RosPublisher } from './ClassicRos.js';
import { ClassicThrottle } from './classicTime.js';

/**
 * Classic Gazebo's libgazebo_ros_joint_state_publisher.so (gazebo_ros_pkgs ros2,
 * gazebo_plugins/src/gazebo_ros_joint_state_publisher.cpp): the `<joint_name>` joints in their
 * order (one it cannot find an error line, none at all no node), name, position and velocity (no
 * effort, no frame) on `joint_states` (QoS depth 1000) at `update_rate` (100 Hz), throttled at
 * WorldUpdateBegin; taken before the step, published when the world is there.
 */
export class ClassicJointStates implements WorldSystem {
  readonly name: string;
  readonly #context: SystemContext;
  readonly #model: SimulatedModel;
  readonly #joints: { name: string; index: number }[];
  readonly #throttle: ClassicThrottle;
  readonly #publisher: RosPublisher;
  #due: { step: number; message: RosMessage } | null = null;

  constructor(plugin: Plugin, model: SimulatedModel, context: SystemContext, node: ClassicNode, joints: { name: string; index: number }[]) {
    this.#context = context;
    this.#model = model;
    this.name = `${model.name}/${plugin.name}`;
    this.#joints = joints;
    const values = new SdfValues(plugin.place.file);
    const rate = values.number(plugin.element, 'update_rate', 100);
    if (childrenNamed(plugin.element, 'update_rate').length === 0) node.log('info', `Missing <update_rate>, defaults to ${rate.toFixed(6)}`);
    this.#throttle = new ClassicThrottle(rate, context.world.stepNs, context.world.step);
    this.#publisher = node.publisher('sensor_msgs/msg/JointState', 'joint_states', keepLast(1000));
  }

  preUpdate(step: number): void {
    if (!this.#throttle.ready(step)) return;
    const { positions, velocities } = this.#model.kinematics;
    this.#due = {
      step,
      message: {
        header: { stamp: timeMsg(this.#context.stampNs(step)), frame_id: '' },
        name: this.#joints.map((joint) => joint.name),
        position: this.#joints.map((joint) => positions[joint.index]!),
        velocity: this.#joints.map((joint) => velocities[joint.index]!),
        effort: [],
      },
    };
  }

  nextOutput(from: number): number | null {
    if (this.#due !== null && this.#due.step >= from) return this.#due.step;
    return this.#throttle.next(from);
  }

  output(step: number): void {
    if (this.#due === null || this.#due.step !== step) return;
    this.#publisher.publish(this.#due.message);
    this.#due = null;
  }
}

/** Its joints as Load reads them, with its lines; null when it has none (no node, nothing published). */
export function classicJointStates(plugin: Plugin, model: SimulatedModel, context: SystemContext, node: ClassicNode): WorldSystem | null {
  const values = new SdfValues(plugin.place.file);
  const named = childrenNamed(plugin.element, 'joint_name');
  if (named.length === 0) {
    node.log('error', 'Plugin missing <joint_name>s');
    return null;
  }
  const joints: { name: string; index: number }[] = [];
  for (const child of named) {
    const name = values.text(child);
    const index = model.kinematics.indexOf(`${plugin.scope}${name}`);
    if (index === undefined) node.log('error', `Joint ${name} does not exist!`);
    else {
      joints.push({ name, index });
      node.log('info', `Going to publish joint [${name}]`);
    }
  }
  if (joints.length === 0) {
    node.log('error', 'No joints found.');
    return null;
  }
  return new ClassicJointStates(plugin, model, context, node, joints);
}
