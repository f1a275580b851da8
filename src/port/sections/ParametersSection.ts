import type { SetParametersResult } from '../../ros/NodeParameters.js';
import type { Parameter, ParameterDescriptor } from '../../ros/Parameter.js';
import type { ParameterHook, ParameterHookKind } from '../NodePort.js';

/** The node port's parameters section: a node's parameters: declarations, values, descriptors, overrides, and the program's set-parameters callbacks (proto/node.proto: ParameterOp). */
export interface ParametersSection {
  /**
   * Declares a node's parameters as one change, with a descriptor each or none (their overrides
   * from the job or the arguments apply unless ignored); the parameters as they are then.
   */
  declareParameters(node: number, parameters: readonly Parameter[], descriptors: readonly ParameterDescriptor[], ignoreOverrides: boolean): Parameter[];

  getParameter(node: number, name: string): Parameter;

  /** The parameters of these names (every declared one if none). */
  getParameters(node: number, names: readonly string[]): Parameter[];

  /** Sets each (or, atomically, all or none); the program's set-parameters callbacks run meanwhile. */
  setParameters(node: number, parameters: readonly Parameter[], atomically: boolean): SetParametersResult[];

  undeclareParameter(node: number, name: string): void;

  hasParameter(node: number, name: string): boolean;

  parameterNames(node: number): string[];

  hasParameterDescriptor(node: number, name: string): boolean;

  /** The descriptors of these names (every declared one if none). */
  parameterDescriptors(node: number, names: readonly string[]): ParameterDescriptor[];

  parameterOverrides(node: number): Parameter[];

  /** The program's set-parameters callbacks of this kind take part in every change of the node's parameters from now on. */
  hookParameters(node: number, kind: ParameterHookKind, hook: ParameterHook): void;
}
