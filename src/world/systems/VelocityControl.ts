import type { Plugin } from '../description/description.js';
import { SdfValues } from '../description/sdfValues.js';
import type { GzTwist } from '../gz/messages.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import type { SystemContext, WorldSystem } from './WorldSystem.js';

/**
 * gz-sim's VelocityControl: the last Twist on `<topic>` (`/model/<m>/cmd_vel`; `initial_linear`
 * and `initial_angular` before one comes) given to the model outright at every step — a holonomic
 * base: x and y of its linear velocity in its own frame and the z of its angular one move it in the
 * plane; whatever it meets still stops it.
 */
export class VelocityControl implements WorldSystem {
  readonly name: string;
  readonly #model: SimulatedModel;
  #twist: GzTwist;

  constructor(plugin: Plugin, model: SimulatedModel, context: SystemContext) {
    this.name = `${model.name}/VelocityControl`;
    this.#model = model;
    const values = new SdfValues(plugin.place.file);
    const element = plugin.element;
    if (model.body === null) throw values.error(element, `VelocityControl of model '${model.name}': the model is static`);
    this.#twist = {
      linear: values.vector(element, 'initial_linear', { x: 0, y: 0, z: 0 }),
      angular: values.vector(element, 'initial_angular', { x: 0, y: 0, z: 0 }),
    };
    context.bus.subscribe(values.string(element, 'topic', `/model/${model.name}/cmd_vel`), (type, message) => {
      if (type === 'gz.msgs.Twist') this.#twist = message as GzTwist;
    });
  }

  preUpdate(): void {
    const command = this.#model.body!.velocityCommand;
    command[0] = this.#twist.linear.x;
    command[1] = this.#twist.linear.y;
    command[2] = this.#twist.angular.z;
  }

  nextOutput(): number | null {
    return null;
  }

  output(): void {}
}
