import type { Parameter } from './Parameter.js';

/** rclnodejs's NodeOptions. */
export class NodeOptions {
  startParameterServices: boolean;
  parameterOverrides: Parameter[];
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

  static get defaultOptions(): NodeOptions {
    return new NodeOptions();
  }
}
