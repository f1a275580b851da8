import { childrenNamed } from '../../base/xmlReader.js';
import type { Plugin } from '../description/description.js';
import { SdfValues } from '../description/sdfValues.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import { type Schedule, throttleSchedule } from './schedules.js';
import type { SystemContext, WorldSystem } from './WorldSystem.js';

/**
 * gz-sim's JointStatePublisher: the model's own joints (not its nested models'), or those
 * `<joint_name>` lists, always in the model's order (gz-sim keeps them in a set of entities,
 * created in SDF order), with positions, velocities and efforts, as a gz.msgs.Model on its topic
 * at every step, unless `<update_rate>` throttles it (gz-sim 8.14).
 */
export class JointStatePublisher implements WorldSystem {
  readonly name: string;
  readonly #context: SystemContext;
  readonly #model: SimulatedModel;
  readonly #topic: string;
  readonly #joints: { name: string; index: number | undefined }[];
  readonly #schedule: Schedule;

  constructor(plugin: Plugin, model: SimulatedModel, context: SystemContext) {
    this.#context = context;
    this.#model = model;
    this.name = `${model.name}/JointStatePublisher`;
    const values = new SdfValues(plugin.place.file);
    const element = plugin.element;
    const world = context.world.description.name;
    this.#topic = values.string(element, 'topic', `/world/${world}/model/${model.name}/joint_state`);
    const own = model.description.joints
      .map((joint) => joint.name)
      .filter((name) => name.startsWith(plugin.scope) && !name.slice(plugin.scope.length).includes('::'));
    const named = new Set<string>();
    for (const child of childrenNamed(element, 'joint_name')) {
      const joint = `${plugin.scope}${values.text(child)}`;
      // gz-sim logs an error for a joint it cannot find and leaves it out.
      if (own.includes(joint)) named.add(joint);
      else context.warn(`${plugin.place.file}:${child.line}: JointStatePublisher of model '${model.name}': no joint named '${joint}'; it is left out`);
    }
    const joints = named.size > 0 ? own.filter((name) => named.has(name)) : own;
    this.#joints = joints.map((name) => ({ name: name.slice(plugin.scope.length), index: model.kinematics.indexOf(name) }));
    this.#schedule = throttleSchedule(values.number(element, 'update_rate', 0), context.world.stepNs);
  }

  nextOutput(from: number): number | null {
    // Unheard, a message changes nothing: no step need be stopped at for it.
    return this.#context.bus.heard(this.#topic) ? this.#schedule.next(from) : null;
  }

  output(step: number): void {
    this.#schedule.done(step);
    const { positions, velocities } = this.#model.kinematics;
    this.#context.bus.publish(this.#topic, 'gz.msgs.Model', {
      header: { stampNs: this.#context.stampNs(step) },
      name: this.#model.name,
      joints: this.#joints.map(({ name, index }) => ({
        name,
        position: index === undefined ? 0 : positions[index]!,
        velocity: index === undefined ? 0 : velocities[index]!,
        effort: 0,
      })),
    });
  }
}
