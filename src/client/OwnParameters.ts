import type { NodePort, ParameterHook, ParameterHookKind } from '../port/NodePort.js';
import {
  type PostSetParametersCallback,
  type PreSetParametersCallback,
  runPreSetParametersCallbacks,
  runSetParametersCallbacks,
  type SetParametersCallback,
  type SetParametersResult,
} from '../ros/NodeParameters.js';
import { type Parameter, ParameterDescriptor, ParameterType } from '../ros/Parameter.js';
import { TypeValidationError } from '../ros/rclErrors.js';

/**
 * A node's own parameters as rclnodejs's Node has them (a ParameterClient reaches another
 * node's): the simulation holds the values, descriptors and overrides, and this object asks the
 * port for them; it holds the program's set-parameters callbacks, which the simulation runs
 * through one hook per kind. Node hands each of its parameter methods here.
 */
export class OwnParameters {
  readonly #port: NodePort;
  readonly #node: number;
  readonly #nodeName: string;
  /** The program's set-parameters callbacks as rclnodejs runs them: the last added first. */
  readonly #onSet: SetParametersCallback[] = [];
  readonly #postSet: PostSetParametersCallback[] = [];
  readonly #preSet: PreSetParametersCallback[] = [];
  /** Which kinds of them the simulation runs for this node (it is told once). */
  readonly #hooked = new Set<ParameterHookKind>();

  constructor(port: NodePort, node: number, nodeName: string) {
    this.#port = port;
    this.#node = node;
    this.#nodeName = nodeName;
  }

  declareParameters(parameters: Parameter[], descriptors: ParameterDescriptor[], ignoreOverrides: boolean): Parameter[] {
    return this.#port.declareParameters(this.#node, parameters, descriptors, ignoreOverrides);
  }

  undeclareParameter(name: string): void {
    this.#port.undeclareParameter(this.#node, name);
  }

  hasParameter(name: string): boolean {
    return this.#port.hasParameter(this.#node, name);
  }

  getParameter(name: string): Parameter {
    return this.#port.getParameter(this.#node, name);
  }

  getParameters(names: string[]): Parameter[] {
    return this.#port.getParameters(this.#node, names);
  }

  getParameterNames(): string[] {
    return this.#port.parameterNames(this.#node);
  }

  getParameterOverrides(): Parameter[] {
    return this.#port.parameterOverrides(this.#node);
  }

  hasParameterDescriptor(name: string): boolean {
    return this.#port.hasParameterDescriptor(this.#node, name);
  }

  getParameterDescriptor(name: string): ParameterDescriptor {
    return this.#port.parameterDescriptors(this.#node, [name])[0] ?? new ParameterDescriptor(name, ParameterType.PARAMETER_NOT_SET);
  }

  getParameterDescriptors(names: string[]): ParameterDescriptor[] {
    return this.#port.parameterDescriptors(this.#node, names);
  }

  /** The types of the declared parameters among `names` (undeclared ones are left out). */
  getParameterTypes(names: string[]): ParameterType[] {
    return names.filter((name) => this.hasParameterDescriptor(name)).map((name) => this.getParameterDescriptor(name).type);
  }

  /** `parameters` set one by one, or all or none (`atomically`): one result each, or one for all. */
  setParameters(parameters: Parameter[], atomically: boolean): SetParametersResult[] {
    return this.#port.setParameters(this.#node, parameters, atomically);
  }

  /** The first callback to refuse a change refuses it, as in rclnodejs; the simulation's own checks come before. */
  addOnSetParametersCallback(callback: SetParametersCallback): void {
    this.#checkCallback(callback);
    this.#hook('onSet', (parameters) => runSetParametersCallbacks([...this.#onSet], parameters));
    this.#onSet.unshift(callback);
  }

  /** Every registration of it goes, as in rclnodejs. */
  removeOnSetParametersCallback(callback: SetParametersCallback): void {
    for (let index = this.#onSet.indexOf(callback); index >= 0; index = this.#onSet.indexOf(callback)) this.#onSet.splice(index, 1);
  }

  /** rclnodejs 2.x: each may change what is set (the last added runs first); no list, or an empty one, refuses the change. */
  addPreSetParametersCallback(callback: PreSetParametersCallback): void {
    this.#checkCallback(callback);
    this.#hook('preSet', (parameters) => {
      const pre = runPreSetParametersCallbacks([...this.#preSet], parameters);
      // The simulation refuses it for the same reason when it gets no list, or an empty one.
      return 'parameters' in pre ? pre.parameters : pre.refused === 'empty' ? [] : null;
    });
    this.#preSet.unshift(callback);
  }

  removePreSetParametersCallback(callback: PreSetParametersCallback): void {
    const index = this.#preSet.indexOf(callback);
    if (index >= 0) this.#preSet.splice(index, 1);
  }

  addPostSetParametersCallback(callback: PostSetParametersCallback): void {
    this.#checkCallback(callback);
    this.#hook('postSet', (parameters) => {
      for (const each of [...this.#postSet]) each(parameters);
    });
    this.#postSet.unshift(callback);
  }

  removePostSetParametersCallback(callback: PostSetParametersCallback): void {
    const index = this.#postSet.indexOf(callback);
    if (index >= 0) this.#postSet.splice(index, 1);
  }

  /** The set-parameters callbacks in the order they run (a copy, as rclnodejs's Node lists them). */
  get setParametersCallbacks(): SetParametersCallback[] {
    return [...this.#onSet];
  }

  #checkCallback(callback: unknown): void {
    if (typeof callback !== 'function') throw new TypeValidationError('callback', callback, 'function', { nodeName: this.#nodeName });
  }

  /** The simulation runs the node's callbacks of this kind, as one, from the first one on. */
  #hook(kind: ParameterHookKind, hook: ParameterHook): void {
    if (this.#hooked.has(kind)) return;
    this.#hooked.add(kind);
    this.#port.hookParameters(this.#node, kind, hook);
  }
}
