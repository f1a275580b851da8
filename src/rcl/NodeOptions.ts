import { Parameter } from './Parameter.js';

/** rclnodejs's NodeOptions. */
export class NodeOptions {
  startParameterServices: boolean;
  #parameterOverrides: Parameter[] = [];
  automaticallyDeclareParametersFromOverrides: boolean;
  startTypeDescriptionService: boolean;
  enableRosout: boolean;

  constructor(
    startParameterServices = true,
    parameterOverrides: Parameter[] = [],
    automaticallyDeclareParametersFromOverrides = false,
    startTypeDescriptionService = true,
    enableRosout = true,
  ) {
    this.startParameterServices = startParameterServices;
    this.parameterOverrides = parameterOverrides;
    this.automaticallyDeclareParametersFromOverrides = automaticallyDeclareParametersFromOverrides;
    this.startTypeDescriptionService = startTypeDescriptionService;
    this.enableRosout = enableRosout;
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

  static get defaultOptions(): NodeOptions {
    return new NodeOptions();
  }
}
