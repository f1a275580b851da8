import { childrenNamed, firstChild } from '../../base/xmlReader.js';
import type { Plugin } from '../description/description.js';
import { SdfValues } from '../description/sdfValues.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import { WorldInputError } from '../WorldInputError.js';
import type { SystemContext, WorldSystem } from './WorldSystem.js';

/** The joints' state a hardware reads: one value a joint, in its claim's order. */
export interface JointStates {
  readonly position: number[];
  readonly velocity: number[];
  readonly effort: number[];
}

/**
 * gz_ros2_control's GazeboSimROS2ControlPlugin in a model: the joints a program's ros2_control
 * hardware (rclsim's gz_ros2_control/GazeboSimSystem) claims, read and commanded through the node
 * port. gz_system.cpp (gz_ros2_control, jazzy) sets each joint's JointVelocityCmd at every
 * PreUpdate from the commands its last write() computed (a position command as a velocity there);
 * so here the last velocities written are applied at every step until new ones come. The planar
 * physics has no joint forces: efforts read 0.
 */
export class GazeboRos2Control implements WorldSystem {
  readonly name: string;
  readonly #model: SimulatedModel;
  readonly #plugin: Plugin;
  /** The `<parameters>` files: the controller manager's (gz_ros2_control_plugin.cpp passes each as --params-file). */
  readonly parameters: readonly string[];
  /**
   * The arguments of gz_ros2_control_host that make it what the plugin makes of its element
   * (gz_ros2_control_plugin.cpp, jazzy, Configure): the model; `<controller_manager_name>`,
   * `<hold_joints>`, `<position_proportional_gain>` and `<ros><namespace>` (a leading '/' added)
   * when given; then `--ros-args`, `--params-file` for each `<parameters>`, and `<ros><remapping>`
   * rules each after `-r`, all of which the plugin gives rclcpp::init and the manager's options.
   */
  readonly hostArguments: readonly string[];
  #joints: number[] = [];
  #velocities = new Float64Array(0);
  #claims = 0;

  constructor(plugin: Plugin, model: SimulatedModel, _context: SystemContext) {
    this.name = `${model.name}/gz_ros2_control`;
    this.#model = model;
    this.#plugin = plugin;
    const values = new SdfValues(plugin.place.file);
    const element = plugin.element;
    this.parameters = childrenNamed(element, 'parameters').map((child) => values.text(child));
    const options = ['--model', model.name];
    const manager = values.string(element, 'controller_manager_name', null);
    if (manager !== null) options.push('--controller-manager-name', manager);
    if (firstChild(element, 'hold_joints') !== undefined) options.push('--hold-joints', String(values.boolean(element, 'hold_joints', true)));
    const gain = firstChild(element, 'position_proportional_gain');
    if (gain !== undefined) options.push('--position-proportional-gain', String(values.number(element, 'position_proportional_gain', 0.1)));
    const ros = firstChild(element, 'ros');
    const namespace = ros === undefined ? null : values.string(ros, 'namespace', null);
    if (namespace !== null) options.push('--namespace', namespace.startsWith('/') ? namespace : `/${namespace}`);
    const remaps = ros === undefined ? [] : childrenNamed(ros, 'remapping').map((child) => values.text(child));
    this.hostArguments = [...options, '--ros-args', ...this.parameters.flatMap((file) => ['--params-file', file]), ...remaps.flatMap((rule) => ['-r', rule])];
  }

  /** Where the plugin is (a line's file and line). */
  get place(): Plugin['place'] {
    return this.#plugin.place;
  }

  get model(): SimulatedModel {
    return this.#model;
  }

  /**
   * The joints a hardware takes (a later claim replaces an earlier one: a program started again),
   * none commanded yet: its id. A joint the model has not is one line.
   */
  claim(joints: readonly string[]): number {
    const model = this.#model;
    this.#joints = joints.map((joint) => {
      const index = model.kinematics.indexOf(joint);
      if (index === undefined) {
        const { file, line } = this.#plugin.place;
        throw new WorldInputError(
          `${file}:${line}: gz_ros2_control of model '${model.name}': the model has no moving joint '${joint}' (a <joint> of its <ros2_control>)`,
        );
      }
      return index;
    });
    this.#velocities = new Float64Array(joints.length).fill(Number.NaN);
    return ++this.#claims;
  }

  /** Whether claim `id` is the latest. */
  holds(id: number): boolean {
    return id === this.#claims;
  }

  /** The claimed joints' state at the world's present step. */
  read(): JointStates {
    const { positions, velocities } = this.#model.kinematics;
    return {
      position: this.#joints.map((index) => positions[index]!),
      velocity: this.#joints.map((index) => velocities[index]!),
      effort: this.#joints.map(() => 0),
    };
  }

  /** The joints' velocity commands (NaN: none), in force from the next step. */
  write(velocities: readonly number[]): void {
    this.#velocities.fill(Number.NaN);
    this.#velocities.set(velocities.slice(0, this.#velocities.length));
  }

  preUpdate(): void {
    const asked = this.#model.jointCommands;
    for (let i = 0; i < this.#joints.length; i++) {
      const velocity = this.#velocities[i]!;
      if (!Number.isNaN(velocity)) asked[this.#joints[i]!] = velocity;
    }
  }

  nextOutput(): number | null {
    return null;
  }

  output(): void {}
}
