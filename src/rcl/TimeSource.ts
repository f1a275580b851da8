import type { Clock } from './Clock.js';
import type { Node } from './Node.js';
import { Parameter, ParameterType } from './Parameter.js';

const USE_SIM_TIME = 'use_sim_time';

/**
 * rclnodejs's TimeSource: decides whether ROS clocks follow /clock (`use_sim_time`). Inside a
 * simulation every clock reads sim time already, so it keeps the flag and the parameter that
 * programs inspect, and the clocks it is given, without a /clock subscription.
 */
export class TimeSource {
  #active = false;
  readonly #clocks: Clock[] = [];

  constructor(node?: Node) {
    if (node !== undefined) this.attachNode(node);
  }

  get isRosTimeActive(): boolean {
    return this.#active;
  }

  set isRosTimeActive(enabled: boolean) {
    this.#active = enabled;
  }

  attachNode(node: Node): void {
    if (!node.hasParameter(USE_SIM_TIME)) node.declareParameter(new Parameter(USE_SIM_TIME, ParameterType.PARAMETER_BOOL, false));
    const parameter = node.getParameter(USE_SIM_TIME);
    if (parameter.type === ParameterType.PARAMETER_BOOL) this.#active = parameter.value as boolean;
  }

  detachNode(): void {}

  attachClock(clock: Clock): void {
    this.#clocks.push(clock);
  }

  destroy(): void {
    this.#clocks.length = 0;
  }
}
