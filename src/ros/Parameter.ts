/**
 * rclnodejs's parameter types: Parameter, ParameterDescriptor and numeric ranges. Integer
 * parameter values are bigint, as in rclnodejs.
 */
import { ParameterError, ParameterTypeError, RangeValidationError, TypeValidationError } from './rclErrors.js';

export const ParameterType = {
  PARAMETER_NOT_SET: 0,
  PARAMETER_BOOL: 1,
  PARAMETER_INTEGER: 2,
  PARAMETER_DOUBLE: 3,
  PARAMETER_STRING: 4,
  PARAMETER_BYTE_ARRAY: 5,
  PARAMETER_BOOL_ARRAY: 6,
  PARAMETER_INTEGER_ARRAY: 7,
  PARAMETER_DOUBLE_ARRAY: 8,
  PARAMETER_STRING_ARRAY: 9,
} as const;
export type ParameterType = (typeof ParameterType)[keyof typeof ParameterType];

export const DEFAULT_NUMERIC_RANGE_TOLERANCE = 1e-6;

/** The field of rcl_interfaces/msg/ParameterValue that holds a value of each parameter type. */
export const PARAMETER_VALUE_FIELDS: Readonly<Partial<Record<ParameterType, string>>> = {
  [ParameterType.PARAMETER_BOOL]: 'bool_value',
  [ParameterType.PARAMETER_INTEGER]: 'integer_value',
  [ParameterType.PARAMETER_DOUBLE]: 'double_value',
  [ParameterType.PARAMETER_STRING]: 'string_value',
  [ParameterType.PARAMETER_BYTE_ARRAY]: 'byte_array_value',
  [ParameterType.PARAMETER_BOOL_ARRAY]: 'bool_array_value',
  [ParameterType.PARAMETER_INTEGER_ARRAY]: 'integer_array_value',
  [ParameterType.PARAMETER_DOUBLE_ARRAY]: 'double_array_value',
  [ParameterType.PARAMETER_STRING_ARRAY]: 'string_array_value',
};

const TYPE_NAMES: Record<number, string> = {
  0: 'not set',
  1: 'bool',
  2: 'integer',
  3: 'double',
  4: 'string',
  5: 'byte array',
  6: 'bool array',
  7: 'integer array',
  8: 'double array',
  9: 'string array',
};

export function parameterTypeName(type: number): string {
  return TYPE_NAMES[type] ?? `unknown type ${type}`;
}

const isInteger = (v: unknown): boolean => typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v));

function validValue(value: unknown, type: ParameterType): boolean {
  switch (type) {
    case ParameterType.PARAMETER_NOT_SET:
      return value === undefined || value === null;
    case ParameterType.PARAMETER_BOOL:
      return typeof value === 'boolean';
    case ParameterType.PARAMETER_INTEGER:
      return typeof value === 'bigint' && value >= -(2n ** 63n) && value < 2n ** 63n;
    case ParameterType.PARAMETER_DOUBLE:
      return typeof value === 'number';
    case ParameterType.PARAMETER_STRING:
      return typeof value === 'string';
    case ParameterType.PARAMETER_BYTE_ARRAY:
      return isArrayOf(value, (v) => isInteger(v) && Number(v) >= 0 && Number(v) <= 255);
    case ParameterType.PARAMETER_BOOL_ARRAY:
      return isArrayOf(value, (v) => typeof v === 'boolean');
    case ParameterType.PARAMETER_INTEGER_ARRAY:
      return isArrayOf(value, isInteger);
    case ParameterType.PARAMETER_DOUBLE_ARRAY:
      return isArrayOf(value, (v) => typeof v === 'number');
    case ParameterType.PARAMETER_STRING_ARRAY:
      return isArrayOf(value, (v) => typeof v === 'string');
    default:
      return false;
  }
}

function isArrayOf(value: unknown, check: (v: unknown) => boolean): boolean {
  return (Array.isArray(value) || ArrayBuffer.isView(value)) && Array.from(value as ArrayLike<unknown>).every(check);
}

const INSPECT = Symbol.for('nodejs.util.inspect.custom');
type Inspect = (value: unknown, options: object) => string;

/**
 * How console.log shows rclnodejs's parameter classes, which keep their state in underscore
 * fields: `Parameter { _name: 'rate', … }`.
 */
function rclnodejsView(className: string, fields: Record<string, unknown>): object {
  const View = { [className]: class {} }[className]!;
  return Object.assign(new View(), fields);
}

export class Parameter {
  readonly #name: string;
  readonly #type: ParameterType;
  #value: unknown;

  constructor(name: string, type: ParameterType, value?: unknown) {
    this.#name = name;
    this.#type = type;
    this.#value = type === ParameterType.PARAMETER_INTEGER && typeof value === 'number' ? BigInt(value) : value;
    this.validate();
  }

  /** console.log shows what it shows for rclnodejs's Parameter (whose fields are `_name`, …). */
  [INSPECT](_depth: number, options: object, inspect: Inspect): string {
    return inspect(rclnodejsView('Parameter', { _name: this.#name, _type: this.#type, _value: this.#value, _isDirty: true }), options);
  }

  static fromParameterMessage(msg: { name: string; value: Record<string, unknown> & { type: number } }): Parameter {
    const v = msg.value;
    const key = PARAMETER_VALUE_FIELDS[v.type as ParameterType];
    const raw = key === undefined ? undefined : v[key];
    const value = ArrayBuffer.isView(raw) ? Array.from(raw as unknown as ArrayLike<unknown>) : raw;
    return new Parameter(msg.name, v.type as ParameterType, value);
  }

  get name(): string {
    return this.#name;
  }

  get type(): ParameterType {
    return this.#type;
  }

  get value(): unknown {
    return this.#value;
  }

  set value(value: unknown) {
    this.#value = this.#type === ParameterType.PARAMETER_INTEGER && typeof value === 'number' ? BigInt(value) : value;
    this.validate();
  }

  /** rclnodejs's checks and error classes: a bad name, an unknown type, a value of another type. */
  validate(): void {
    if (typeof this.#name !== 'string' || this.#name.trim().length === 0) {
      throw new TypeValidationError('name', this.#name, 'non-empty string', { entityType: 'parameter' });
    }
    if (!(this.#type in TYPE_NAMES)) throw new ParameterError('Invalid parameter type', this.#name, { details: { providedType: this.#type } });
    if (!validValue(this.#value, this.#type)) {
      // rclnodejs names the expected type by its ParameterType number ("expected 4, got number").
      throw new ParameterTypeError(this.#name, String(this.#type), typeof this.#value, { details: { providedValue: this.#value } });
    }
  }

  toParameterValueMessage(): Record<string, unknown> {
    const msg: Record<string, unknown> = {
      type: this.#type,
      bool_value: false,
      integer_value: 0n,
      double_value: 0,
      string_value: '',
      byte_array_value: [],
      bool_array_value: [],
      integer_array_value: [],
      double_array_value: [],
      string_array_value: [],
    };
    const field = PARAMETER_VALUE_FIELDS[this.#type];
    if (field !== undefined) msg[field] = this.#value;
    return msg;
  }

  toParameterMessage(): { name: string; value: Record<string, unknown> } {
    return { name: this.#name, value: this.toParameterValueMessage() };
  }
}

const SCALAR_TYPES: Record<string, ParameterType> = {
  bigint: ParameterType.PARAMETER_INTEGER,
  number: ParameterType.PARAMETER_DOUBLE,
  boolean: ParameterType.PARAMETER_BOOL,
  string: ParameterType.PARAMETER_STRING,
};

const ARRAY_TYPES: Record<string, ParameterType> = {
  bigint: ParameterType.PARAMETER_INTEGER_ARRAY,
  number: ParameterType.PARAMETER_DOUBLE_ARRAY,
  boolean: ParameterType.PARAMETER_BOOL_ARRAY,
  string: ParameterType.PARAMETER_STRING_ARRAY,
};

const TYPE_OF_VALUE: Record<string, string> = { bigint: 'integer', number: 'double', boolean: 'bool', string: 'string' };

/**
 * The parameter a plain value stands for, as ROS 2 types YAML values: bigint → integer,
 * number → double, boolean, string, or a non-empty array of one of them. Throws a TypeError
 * saying why a value has no parameter type.
 */
export function inferParameter(name: string, value: unknown): Parameter {
  const describe = (v: unknown): string => TYPE_OF_VALUE[typeof v] ?? (v === null ? 'null' : typeof v);
  if (Array.isArray(value)) {
    if (value.length === 0) throw new TypeError('an empty array has no type; give at least one value');
    const kinds = new Set(value.map(describe));
    if (kinds.size > 1) throw new TypeError(`array items must all have one type, got ${[...kinds].join(' and ')}`);
    const type = ARRAY_TYPES[typeof value[0]];
    if (type === undefined) throw new TypeError(`unsupported array item ${String(value[0])}`);
    return new Parameter(name, type, value);
  }
  const type = SCALAR_TYPES[typeof value];
  if (type === undefined) throw new TypeError(`unsupported value ${String(value)}`);
  if (type === ParameterType.PARAMETER_INTEGER && ((value as bigint) < -(2n ** 63n) || (value as bigint) >= 2n ** 63n)) {
    throw new TypeError(`${value} is outside the int64 range`);
  }
  return new Parameter(name, type, value);
}

export abstract class Range {
  readonly fromValue: number;
  readonly toValue: number;
  readonly step: number;

  constructor(fromValue: number, toValue: number, step = 1) {
    this.fromValue = fromValue;
    this.toValue = toValue;
    this.step = step;
  }

  inRange(value: unknown): boolean {
    if (Array.isArray(value)) return value.every((v) => this.inRange(v));
    if (typeof value !== 'number' && typeof value !== 'bigint') throw new TypeError('Value must be a number or bigint');
    return true;
  }

  abstract isValidType(parameterType: ParameterType): boolean;

  [INSPECT](_depth: number, options: object, inspect: Inspect): string {
    const tolerance = this instanceof FloatingPointRange ? { _tolerance: this.tolerance } : {};
    return inspect(rclnodejsView(this.constructor.name, { _fromValue: this.fromValue, _toValue: this.toValue, _step: this.step, ...tolerance }), options);
  }
}

export class FloatingPointRange extends Range {
  readonly tolerance: number;

  constructor(fromValue: number, toValue: number, step = 1, tolerance = DEFAULT_NUMERIC_RANGE_TOLERANCE) {
    super(fromValue, toValue, step);
    this.tolerance = tolerance;
  }

  isValidType(parameterType: ParameterType): boolean {
    return parameterType === ParameterType.PARAMETER_DOUBLE || parameterType === ParameterType.PARAMETER_DOUBLE_ARRAY;
  }

  override inRange(value: unknown): boolean {
    if (Array.isArray(value)) return value.every((v) => this.inRange(v));
    if (!super.inRange(value)) return false;
    const v = Number(value);
    const min = Math.min(this.fromValue, this.toValue);
    const max = Math.max(this.fromValue, this.toValue);
    // rclnodejs's (and rclpy's) closeness: the tolerance is relative (math.isclose's rel_tol).
    const close = (a: number, b: number): boolean =>
      a === b || (Number.isFinite(a) && Number.isFinite(b) && Math.abs(a - b) <= this.tolerance * Math.max(Math.abs(a), Math.abs(b)));
    if (close(v, min) || close(v, max)) return true;
    if (v < min || v > max) return false;
    if (this.step === 0) return true;
    return close(min + Math.round((v - min) / this.step) * this.step, v);
  }
}

export class IntegerRange extends FloatingPointRange {
  constructor(fromValue: number, toValue: number, step = 1, tolerance = DEFAULT_NUMERIC_RANGE_TOLERANCE) {
    super(fromValue, toValue, step, tolerance);
  }

  override isValidType(parameterType: ParameterType): boolean {
    return parameterType === ParameterType.PARAMETER_INTEGER || parameterType === ParameterType.PARAMETER_INTEGER_ARRAY;
  }
}

export class ParameterDescriptor {
  readonly name: string;
  readonly type: ParameterType;
  readonly description: string;
  readonly readOnly: boolean;
  additionalConstraints = '';
  #range: Range | null;

  constructor(
    name: string,
    type: ParameterType = ParameterType.PARAMETER_NOT_SET,
    description = 'no description',
    readOnly = false,
    range: Range | null = null,
  ) {
    this.name = name;
    this.type = type;
    this.description = description;
    this.readOnly = readOnly;
    this.#range = range;
    this.validate();
  }

  [INSPECT](_depth: number, options: object, inspect: Inspect): string {
    const fields = {
      _name: this.name,
      _type: this.type,
      _description: this.description,
      _readOnly: this.readOnly,
      _additionalConstraints: this.additionalConstraints,
      _range: this.#range,
    };
    return inspect(rclnodejsView('ParameterDescriptor', fields), options);
  }

  /** From an rcl_interfaces/msg/ParameterDescriptor (what toMessage makes): a separate program's descriptor. */
  static fromMessage(msg: Record<string, unknown>): ParameterDescriptor {
    type RangeMessage = { from_value: number | bigint; to_value: number | bigint; step: number | bigint };
    const integer = (msg.integer_range as RangeMessage[] | undefined)?.[0];
    const floating = (msg.floating_point_range as RangeMessage[] | undefined)?.[0];
    const range =
      integer !== undefined
        ? new IntegerRange(Number(integer.from_value), Number(integer.to_value), Number(integer.step))
        : floating !== undefined
          ? new FloatingPointRange(Number(floating.from_value), Number(floating.to_value), Number(floating.step))
          : null;
    const descriptor = new ParameterDescriptor(String(msg.name), Number(msg.type) as ParameterType, String(msg.description), msg.read_only === true, range);
    descriptor.additionalConstraints = String(msg.additional_constraints ?? '');
    return descriptor;
  }

  static fromParameter(parameter: Parameter): ParameterDescriptor {
    return new ParameterDescriptor(parameter.name, parameter.type, 'Created from parameter.');
  }

  hasRange(): boolean {
    return this.#range !== null;
  }

  get range(): Range | null {
    return this.#range;
  }

  set range(range: Range | null) {
    if (range !== null && !range.isValidType(this.type)) throw new TypeError('Incompatible Range');
    this.#range = range;
  }

  get rangeConstraint(): Range | null {
    return this.#range;
  }

  validate(): void {
    if (typeof this.name !== 'string' || this.name.trim().length === 0) {
      throw new TypeValidationError('name', this.name, 'non-empty string', { entityType: 'parameter descriptor' });
    }
    if (!(this.type in TYPE_NAMES)) throw new ParameterError('Invalid parameter type', this.name, { details: { providedType: this.type } });
    if (this.#range !== null && !this.#range.isValidType(this.type)) {
      throw new ParameterError(`Incompatible Range for parameter type ${parameterTypeName(this.type)}`, this.name);
    }
  }

  /** Why a value of the declared parameter does not fit this descriptor (type, range), or null: set results' reasons. */
  problemWith(parameter: Parameter): string | null {
    if (this.type !== parameter.type) {
      return `parameter '${this.name}' has type ${parameterTypeName(this.type)}, got ${parameterTypeName(parameter.type)} (${String(parameter.value)})`;
    }
    if (this.#range !== null && !this.#range.inRange(parameter.value)) {
      return `parameter '${this.name}' value ${String(parameter.value)} is not in range [${this.#range.fromValue}, ${this.#range.toValue}] step ${this.#range.step}`;
    }
    return null;
  }

  /** Throws, with rclnodejs's error classes, when the parameter does not fit this descriptor. */
  validateParameter(parameter: Parameter): void {
    if (this.name !== parameter.name) {
      throw new ParameterError('Name mismatch', this.name, { details: { descriptorName: this.name, parameterName: parameter.name } });
    }
    if (this.problemWith(parameter) === null) return;
    if (this.type !== parameter.type) throw new ParameterTypeError(this.name, String(this.type), String(parameter.type));
    throw new RangeValidationError('value', parameter.value, `${this.#range!.fromValue} to ${this.#range!.toValue}`, {
      entityType: 'parameter',
      details: { range: { from: this.#range!.fromValue, to: this.#range!.toValue, step: this.#range!.step } },
    });
  }

  toMessage(): Record<string, unknown> {
    const range = this.#range;
    const asRange = range ? [{ from_value: range.fromValue, to_value: range.toValue, step: range.step }] : [];
    return {
      name: this.name,
      type: this.type,
      description: this.description,
      additional_constraints: this.additionalConstraints,
      read_only: this.readOnly,
      integer_range: range instanceof IntegerRange ? asRange : [],
      floating_point_range: range instanceof FloatingPointRange && !(range instanceof IntegerRange) ? asRange : [],
    };
  }
}
