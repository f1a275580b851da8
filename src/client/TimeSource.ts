import { Parameter, ParameterType } from '../ros/Parameter.js';
import { TypeValidationError } from '../ros/rclErrors.js';
import { Time } from '../ros/Time.js';
import { ROSClock } from './Clock.js';
import type { Node } from './Node.js';
import type { Subscription } from './Subscription.js';

const USE_SIM_TIME = 'use_sim_time';
const ABOUT = { entityType: 'time source' };

/**
 * rclnodejs's TimeSource: while `use_sim_time` is true on its node it subscribes to /clock and
 * sets the time of each /clock message as the override of the ROS clocks attached to it. Node
 * clocks read sim time without one (rclsim is their time source). Unlike a real ROS system, an
 * attached clock keeps reading sim time until the first /clock message arrives rather than
 * reading zero, so a program that attaches clocks runs the same with or without a /clock
 * publisher (a bag played with its clock publishes sim time).
 */
export class TimeSource {
  #node: Node | undefined;
  #active = false;
  readonly #clocks: ROSClock[] = [];
  #subscription: Subscription | undefined;
  #lastTime: Time | null = null;

  constructor(node?: Node) {
    if (node !== undefined) this.attachNode(node);
  }

  get isRosTimeActive(): boolean {
    return this.#active;
  }

  set isRosTimeActive(enabled: boolean) {
    if (enabled === this.#active) return;
    this.#active = enabled;
    for (const clock of this.#clocks) clock.isRosTimeActive = enabled;
    if (enabled) this.#subscribe();
    else this.#unsubscribe();
  }

  attachNode(node: Node): void {
    if (!node || typeof node.createSubscription !== 'function') throw new TypeValidationError('node', node, 'Node', ABOUT);
    if (this.#node !== undefined) this.detachNode();
    this.#node = node;
    if (!node.hasParameter(USE_SIM_TIME)) node.declareParameter(new Parameter(USE_SIM_TIME, ParameterType.PARAMETER_BOOL, false));
    const parameter = node.getParameter(USE_SIM_TIME);
    if (parameter.type === ParameterType.PARAMETER_BOOL) this.#active = parameter.value as boolean;
    else node.getLogger().error(`Invalid type for parameter ${USE_SIM_TIME} ${parameter.type} should be bool`);
    if (this.#active) this.#subscribe();
    node.addOnSetParametersCallback((parameters) => {
      const useSimTime = parameters.find((p) => p.name === USE_SIM_TIME);
      if (useSimTime?.type === ParameterType.PARAMETER_BOOL) this.isRosTimeActive = useSimTime.value as boolean;
      else if (useSimTime) node.getLogger().error(`${USE_SIM_TIME} parameter set to something besides a bool`);
      return { successful: true, reason: '' };
    });
  }

  detachNode(): void {
    this.#unsubscribe();
    this.#node = undefined;
  }

  attachClock(clock: ROSClock): void {
    if (!(clock instanceof ROSClock)) throw new TypeValidationError('clock', clock, 'ROSClock', ABOUT);
    if (this.#lastTime !== null) clock.rosTimeOverride = this.#lastTime;
    clock.isRosTimeActive = this.#active;
    this.#clocks.push(clock);
  }

  destroy(): void {
    this.detachNode();
    this.#clocks.length = 0;
  }

  #subscribe(): void {
    if (this.#subscription !== undefined || this.#node === undefined) return;
    this.#subscription = this.#node.createSubscription('rosgraph_msgs/msg/Clock', '/clock', (message) => {
      const time = Time.fromMsg(message.clock);
      this.#lastTime = time;
      for (const clock of this.#clocks) clock.rosTimeOverride = time;
    });
  }

  #unsubscribe(): void {
    if (this.#subscription !== undefined) this.#node?.destroySubscription(this.#subscription);
    this.#subscription = undefined;
  }
}
