import { Parameter } from './Parameter.js';
import type { QoS, QoSProfileName } from './QoS.js';

/** rclnodejs's NodeOptions. */
export class NodeOptions {
  startParameterServices: boolean;
  #parameterOverrides: Parameter[] = [];
  automaticallyDeclareParametersFromOverrides: boolean;
  startTypeDescriptionService: boolean;
  enableRosout: boolean;
  rosoutQos: QoS | QoSProfileName | null;
  /** Serve `~/get_logger_levels` and `~/set_logger_levels` (rclnodejs 2.x, rclcpp). */
  enableLoggerService: boolean;
  /** rclcpp's and rclpy's allow_undeclared_parameters (rclnodejs has none; rclpy programs send it). */
  allowUndeclaredParameters = false;

  constructor(
    startParameterServices = true,
    parameterOverrides: Parameter[] = [],
    automaticallyDeclareParametersFromOverrides = false,
    startTypeDescriptionService = true,
    enableRosout = true,
    rosoutQos: QoS | QoSProfileName | null = null,
    enableLoggerService = false,
  ) {
    this.startParameterServices = startParameterServices;
    this.parameterOverrides = parameterOverrides;
    this.automaticallyDeclareParametersFromOverrides = automaticallyDeclareParametersFromOverrides;
    this.startTypeDescriptionService = startTypeDescriptionService;
    this.enableRosout = enableRosout;
    this.rosoutQos = rosoutQos;
    this.enableLoggerService = enableLoggerService;
  }

  get parameterOverrides(): Parameter[] {
    return this.#parameterOverrides;
  }

  /** As rclnodejs's: a single Parameter becomes a list of one, null or undefined an empty list. */
  set parameterOverrides(parameters: Parameter[] | Parameter | null | undefined) {
    if (parameters === null || parameters === undefined) this.#parameterOverrides = [];
    else if (parameters instanceof Parameter) this.#parameterOverrides = [parameters];
    else if (Array.isArray(parameters)) this.#parameterOverrides = parameters;
    else throw new TypeError('Expected Parameter[]');
  }

  /** NodeOptions from a plain object of them, the rest at their defaults (as rclnodejs's Node takes one). */
  static from(options: Partial<NodeOptions>): NodeOptions {
    const result = new NodeOptions();
    for (const key of Object.keys(options) as (keyof NodeOptions)[]) {
      if (options[key] !== undefined) Object.assign(result, { [key]: options[key] });
    }
    return result;
  }

  static get defaultOptions(): NodeOptions {
    return new NodeOptions();
  }
}
