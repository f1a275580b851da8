import { Parameter, ParameterDescriptor, ParameterType, parameterTypeName } from './Parameter.js';

export interface SetParametersResult {
  successful: boolean;
  reason: string;
}

export type SetParametersCallback = (parameters: Parameter[]) => SetParametersResult;
/** rclnodejs 2.x (rclcpp's pre-set callback): may change the list of parameters to set. */
export type PreSetParametersCallback = (parameters: Parameter[]) => Parameter[];
/** rclnodejs 2.x (rclcpp's post-set callback): told of a change that was made. */
export type PostSetParametersCallback = (parameters: Parameter[]) => unknown;

/** rclnodejs's set-parameters callbacks in their order: the first to refuse the change refuses it. */
export function runSetParametersCallbacks(callbacks: readonly SetParametersCallback[], parameters: Parameter[]): SetParametersResult {
  for (const callback of callbacks) {
    const result = callback(parameters);
    if (!result?.successful) return { successful: false, reason: result?.reason ?? 'rejected by a set-parameters callback' };
  }
  return { successful: true, reason: '' };
}

/**
 * rclnodejs's pre-set callbacks in their order, each given what the one before returned: the
 * parameters to set, or why the change is refused (a callback returned no list, or an empty one).
 */
export function runPreSetParametersCallbacks(
  callbacks: readonly PreSetParametersCallback[],
  parameters: Parameter[],
): { parameters: Parameter[] } | { refused: 'not-a-list' | 'empty' } {
  let current = parameters;
  for (const callback of callbacks) {
    const result: unknown = callback(current);
    if (!Array.isArray(result)) return { refused: 'not-a-list' };
    current = result as Parameter[];
    if (current.length === 0) return { refused: 'empty' };
  }
  return { parameters: current };
}

const PRE_SET_REFUSALS = {
  'not-a-list': 'pre-set parameters callback must return an array of Parameters',
  empty: 'parameter list is empty after pre-set callback; set rejected',
} as const;

/** An override (from a params file or NodeOptions) does not fit the declared parameter. */
export class ParameterOverrideError extends TypeError {
  constructor(message: string) {
    super(message);
    this.name = 'ParameterOverrideError';
  }
}

/** A parameter override for a node, with where it came from (for error messages). */
export interface ParameterOverride {
  parameter: Parameter;
  source: string;
}

/**
 * A node's parameters with rclnodejs's semantics: declaration (with overrides from params
 * files and NodeOptions), descriptors with read-only and ranges, and set-callbacks that may
 * veto a change.
 */
/** What a successful change did, for /parameter_events. */
export interface ParameterChange {
  added: Parameter[];
  changed: Parameter[];
  deleted: Parameter[];
}

export class NodeParameters {
  readonly #nodeName: string;
  /** Told about every successful declaration, change and undeclaration. */
  onChange: (change: ParameterChange) => void = () => {};
  readonly #parameters = new Map<string, Parameter>();
  readonly #descriptors = new Map<string, ParameterDescriptor>();
  readonly #overrides: Map<string, Parameter>;
  readonly #overrideSources: Map<string, string>;
  #callbacks: SetParametersCallback[] = [];
  readonly #preCallbacks: PreSetParametersCallback[] = [];
  readonly #postCallbacks: PostSetParametersCallback[] = [];
  /** rclcpp's and rclpy's allow_undeclared_parameters: setting an undeclared parameter declares it. */
  allowUndeclared = false;
  /** The parameters declared so: dynamically typed (rclpy's dynamic_typing), their descriptor follows their value. */
  readonly #dynamic = new Set<string>();

  constructor(nodeName: string, overrides: ParameterOverride[]) {
    this.#nodeName = nodeName;
    this.#overrides = new Map(overrides.map((o) => [o.parameter.name, o.parameter]));
    this.#overrideSources = new Map(overrides.map((o) => [o.parameter.name, o.source]));
  }

  declare(parameters: Parameter[], descriptors: ParameterDescriptor[] = [], ignoreOverrides = false): Parameter[] {
    if (descriptors.length > 0 && descriptors.length !== parameters.length) {
      throw new TypeError('declareParameters needs one descriptor per parameter');
    }
    const collisions = parameters.filter((p) => this.#parameters.has(p.name)).map((p) => p.name);
    if (collisions.length > 0) throw new Error(`Parameter(s) already declared: ${collisions.join(', ')}`);

    const declared: Parameter[] = [];
    const declaredDescriptors: ParameterDescriptor[] = [];
    parameters.forEach((given, i) => {
      const descriptor = descriptors[i] ?? ParameterDescriptor.fromParameter(given);
      descriptor.validate();
      const override = ignoreOverrides ? undefined : this.#overrides.get(given.name);
      declared.push(override === undefined ? given : this.#fitOverride(override, descriptor));
      declaredDescriptors.push(descriptor);
    });
    for (const descriptor of declaredDescriptors) this.#descriptors.set(descriptor.name, descriptor);
    const result = this.#setAtomically(declared, true);
    if (!result.successful) {
      for (const descriptor of declaredDescriptors) this.#descriptors.delete(descriptor.name);
      throw new Error(`cannot declare parameter of node ${this.#nodeName}: ${result.reason}`);
    }
    return declared.map((p) => this.get(p.name));
  }

  /**
   * An override must have the declared type and lie in the declared range (rclnodejs checks it
   * against the descriptor before declaring): else it is bad input, named by its source, which
   * the program may catch. A whole number given for a double parameter is taken as that double
   * (YAML writes `100` for 100.0), a convenience rclcpp does not offer.
   */
  #fitOverride(override: Parameter, descriptor: ParameterDescriptor): Parameter {
    const source = this.#overrideSources.get(override.name) ?? 'parameter overrides';
    const fitted = this.#retyped(override, descriptor.type);
    if (descriptor.type === ParameterType.PARAMETER_NOT_SET) return fitted;
    if (descriptor.type !== fitted.type) {
      throw new ParameterOverrideError(
        `parameter '${override.name}' of node ${this.#nodeName} is declared as ${parameterTypeName(descriptor.type)}, ` +
          `but ${source} gives ${parameterTypeName(override.type)} ${formatValue(override.value)}`,
      );
    }
    const problem = descriptor.problemWith(fitted);
    if (problem !== null) throw new ParameterOverrideError(`${source}: ${problem}, as node ${this.#nodeName} declares it`);
    return fitted;
  }

  /** An integer (array) override of a double (array) parameter, as that double (array). */
  #retyped(override: Parameter, declared: ParameterType): Parameter {
    if (declared === ParameterType.PARAMETER_DOUBLE && override.type === ParameterType.PARAMETER_INTEGER) {
      return new Parameter(override.name, ParameterType.PARAMETER_DOUBLE, Number(override.value));
    }
    if (declared === ParameterType.PARAMETER_DOUBLE_ARRAY && override.type === ParameterType.PARAMETER_INTEGER_ARRAY) {
      return new Parameter(override.name, declared, (override.value as unknown[]).map(Number));
    }
    return override;
  }

  undeclare(name: string): void {
    const descriptor = this.#descriptors.get(name);
    if (!descriptor) throw new Error(`Parameter ${name} has not been declared`);
    if (descriptor.readOnly) throw new Error(`Parameter ${name} is readonly`);
    const parameter = this.get(name);
    this.#parameters.delete(name);
    this.#descriptors.delete(name);
    this.#dynamic.delete(name);
    this.onChange({ added: [], changed: [], deleted: [parameter] });
  }

  has(name: string): boolean {
    return this.#parameters.has(name);
  }

  get(name: string): Parameter {
    return this.#parameters.get(name) ?? new Parameter(name, ParameterType.PARAMETER_NOT_SET);
  }

  getMany(names: string[] = []): Parameter[] {
    return names.length === 0 ? [...this.#parameters.values()] : names.map((name) => this.get(name));
  }

  names(): string[] {
    return [...this.#parameters.keys()];
  }

  overrides(): Parameter[] {
    return [...this.#overrides.values()];
  }

  /** Where each of overrides() came from, in its order: a program that keeps its parameters names them in its errors. */
  overrideSources(): string[] {
    return [...this.#overrides.keys()].map((name) => this.#overrideSources.get(name)!);
  }

  hasDescriptor(name: string): boolean {
    return this.#descriptors.has(name);
  }

  descriptor(name: string): ParameterDescriptor {
    return this.#descriptors.get(name) ?? new ParameterDescriptor(name, ParameterType.PARAMETER_NOT_SET);
  }

  descriptors(names: string[] = []): ParameterDescriptor[] {
    return names.length === 0 ? [...this.#descriptors.values()] : names.map((name) => this.descriptor(name));
  }

  set(parameters: Parameter[]): SetParametersResult[] {
    return parameters.map((p) => this.#setAtomically([p], false));
  }

  setAtomically(parameters: Parameter[]): SetParametersResult {
    return this.#setAtomically(parameters, false);
  }

  addCallback(callback: SetParametersCallback): void {
    this.#callbacks.unshift(callback);
  }

  /** The callbacks in the order they run: the last added first. */
  callbacks(): SetParametersCallback[] {
    return [...this.#callbacks];
  }

  removeCallback(callback: SetParametersCallback): void {
    this.#callbacks = this.#callbacks.filter((c) => c !== callback);
  }

  /** Pre- and post-set callbacks, as rclnodejs keeps them: the last added runs first. */
  addPreCallback(callback: PreSetParametersCallback): void {
    this.#preCallbacks.unshift(callback);
  }

  removePreCallback(callback: PreSetParametersCallback): void {
    const index = this.#preCallbacks.indexOf(callback);
    if (index >= 0) this.#preCallbacks.splice(index, 1);
  }

  addPostCallback(callback: PostSetParametersCallback): void {
    this.#postCallbacks.unshift(callback);
  }

  removePostCallback(callback: PostSetParametersCallback): void {
    const index = this.#postCallbacks.indexOf(callback);
    if (index >= 0) this.#postCallbacks.splice(index, 1);
  }

  /**
   * rclnodejs's order: the pre-set callbacks pass the list along (each gets what the previous
   * returned), then the checks and the on-set callbacks, the change, its event, the post-set ones.
   */
  #setAtomically(requested: Parameter[], declaring: boolean): SetParametersResult {
    const pre = runPreSetParametersCallbacks(this.#preCallbacks, requested);
    if ('refused' in pre) return { successful: false, reason: PRE_SET_REFUSALS[pre.refused] };
    const { parameters } = pre;
    for (const parameter of parameters) {
      const result = this.#check(parameter, declaring);
      if (!result.successful) return result;
    }
    const verdict = runSetParametersCallbacks(this.#callbacks, parameters);
    if (!verdict.successful) return verdict;
    const change: ParameterChange = { added: [], changed: [], deleted: [] };
    for (const parameter of parameters) {
      if (parameter.type === ParameterType.PARAMETER_NOT_SET) {
        if (this.#parameters.has(parameter.name)) change.deleted.push(this.get(parameter.name));
        this.#parameters.delete(parameter.name);
        this.#descriptors.delete(parameter.name);
        this.#dynamic.delete(parameter.name);
      } else {
        if (!this.#descriptors.has(parameter.name) || this.#dynamic.has(parameter.name)) {
          this.#descriptors.set(parameter.name, new ParameterDescriptor(parameter.name, parameter.type));
          this.#dynamic.add(parameter.name);
        }
        (this.#parameters.has(parameter.name) ? change.changed : change.added).push(parameter);
        this.#parameters.set(parameter.name, parameter);
      }
    }
    this.onChange(change);
    for (const callback of this.#postCallbacks) callback(parameters);
    return { successful: true, reason: '' };
  }

  #check(parameter: Parameter, declaring: boolean): SetParametersResult {
    try {
      parameter.validate();
    } catch (error) {
      return { successful: false, reason: (error as Error).message };
    }
    const descriptor = this.#descriptors.get(parameter.name);
    if (!descriptor) {
      if (this.allowUndeclared) return { successful: true, reason: '' };
      return { successful: false, reason: `Parameter ${parameter.name} has not been declared` };
    }
    if (descriptor.readOnly && !declaring) return { successful: false, reason: `Parameter ${parameter.name} is readonly` };
    if (this.#dynamic.has(parameter.name)) return { successful: true, reason: '' };
    if (parameter.type === ParameterType.PARAMETER_NOT_SET) return { successful: true, reason: '' };
    const problem = descriptor.problemWith(parameter);
    return problem === null ? { successful: true, reason: '' } : { successful: false, reason: problem };
  }
}

function formatValue(value: unknown): string {
  return Array.isArray(value) ? `[${value.map(String).join(', ')}]` : String(value);
}
