/**
 * rclnodejs 1.x's message validation API: a message type's schema as rclnodejs's generated
 * classes describe it (`ROSMessageDef`), and `validateMessage`, which lists every problem of a
 * plain object (type mismatches, array lengths, unknown or missing fields) instead of throwing at
 * the first, with rclnodejs's rules: a 64-bit integer field takes a number too.
 */
import type { MessageDefinitionField } from '@foxglove/message-definition';
import type { MessageType } from '../interfaces/MessageType.js';
import { isTypedArray } from '../interfaces/primitives.js';
import { interfaceTypeName, type TypeClass } from '../interfaces/typeNames.js';
import { MessageValidationError, TypeValidationError, type ValidationIssue } from '../ros/rclErrors.js';
import { currentPort } from './currentPort.js';

export const ValidationProblem = Object.freeze({
  UNKNOWN_FIELD: 'UNKNOWN_FIELD',
  TYPE_MISMATCH: 'TYPE_MISMATCH',
  MISSING_FIELD: 'MISSING_FIELD',
  ARRAY_LENGTH: 'ARRAY_LENGTH',
  OUT_OF_RANGE: 'OUT_OF_RANGE',
  NESTED_ERROR: 'NESTED_ERROR',
});

export interface ValidationOptions {
  /** Unknown fields are problems (default false). */
  strict?: boolean;
  /** Values must have their field's JavaScript type (default true). */
  checkTypes?: boolean;
  /** Missing fields are problems (default false). */
  checkRequired?: boolean;
  /** Where the object sits in a larger one, for the issues' field paths. */
  path?: string;
}

export interface ValidationResult {
  valid: boolean;
  issues: ValidationIssue[];
}

/** A field's type as rclnodejs's parser describes it (rosidl_adapter's names). */
export interface FieldTypeInfo {
  type: string;
  pkgName: string | null;
  isPrimitiveType: boolean;
  isArray: boolean;
  isDynamicArray: boolean;
  isFixedSizeArray: boolean;
  isUpperBound: boolean;
  arraySize: number | null;
  stringUpperBound: number | null;
}

export interface MessageSchema {
  fields: { name: string; type: FieldTypeInfo; default_value: unknown }[];
  constants: { name: string; type: string; value: unknown }[];
  messageType: string;
  msgName: string;
  baseType: { pkgName: string; type: string; stringUpperBound: null; isPrimitiveType: false };
}

const JS_TYPES: Record<string, string> = {
  bool: 'boolean',
  byte: 'number',
  char: 'number',
  int8: 'number',
  uint8: 'number',
  int16: 'number',
  uint16: 'number',
  int32: 'number',
  uint32: 'number',
  int64: 'bigint',
  uint64: 'bigint',
  float32: 'number',
  float64: 'number',
  string: 'string',
  wstring: 'string',
};

/** The message type a type class, type name or `{ package, type, name }` names; null if none. */
export function resolveMessageType(typeClass: unknown): MessageType | null {
  try {
    return currentPort().interfaces.message(interfaceTypeName(typeClass as TypeClass, 'msg'));
  } catch {
    return null;
  }
}

export function fieldTypeInfo(type: MessageType, field: MessageDefinitionField): FieldTypeInfo {
  const [pkgName, , name] = field.isComplex ? field.type.split('/') : [null, null, type.own.declared.get(field.name) ?? field.type];
  const arraySize = field.arrayLength ?? field.arrayUpperBound ?? null;
  return {
    type: name!,
    pkgName: pkgName ?? null,
    isPrimitiveType: field.isComplex !== true,
    isArray: field.isArray === true,
    isDynamicArray: field.isArray === true && field.arrayLength === undefined,
    isFixedSizeArray: field.arrayLength !== undefined,
    isUpperBound: field.arrayUpperBound !== undefined,
    arraySize,
    stringUpperBound: field.upperBound ?? null,
  };
}

/** What rclnodejs's `ROSMessageDef` and `getMessageSchema` give for a type. */
export function messageSchema(type: MessageType): MessageSchema {
  const [pkgName, , name] = type.name.split('/') as [string, string, string];
  return {
    fields: type.fields.map((field) => ({ name: field.name, type: fieldTypeInfo(type, field), default_value: field.defaultValue ?? null })),
    constants: type.own.fields.filter((field) => field.isConstant).map((field) => ({ name: field.name, type: field.type, value: field.value })),
    messageType: type.name,
    msgName: name,
    baseType: { pkgName, type: name, stringUpperBound: null, isPrimitiveType: false },
  };
}

export function getMessageSchema(typeClass: unknown): MessageSchema | null {
  const type = resolveMessageType(typeClass);
  return type === null ? null : messageSchema(type);
}

export function getFieldNames(typeClass: unknown): string[] {
  return resolveMessageType(typeClass)?.fieldNames.slice() ?? [];
}

export function getFieldType(typeClass: unknown, fieldName: string): FieldTypeInfo | null {
  const type = resolveMessageType(typeClass);
  const field = type?.fields.find((f) => f.name === fieldName);
  return type === null || field === undefined ? null : fieldTypeInfo(type, field);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (isTypedArray(value)) return 'TypedArray';
  return typeof value;
}

function primitiveIssue(value: unknown, info: FieldTypeInfo): Omit<ValidationIssue, 'field'> | null {
  const expected = JS_TYPES[info.type];
  if (expected === undefined || typeof value === expected) return null;
  if (expected === 'bigint' && typeof value === 'number') return null;
  return { problem: ValidationProblem.TYPE_MISMATCH, expected, received: typeof value };
}

function arrayIssue(value: unknown, info: FieldTypeInfo): Omit<ValidationIssue, 'field'> | null {
  if (!Array.isArray(value) && !isTypedArray(value)) return { problem: ValidationProblem.TYPE_MISMATCH, expected: 'array', received: kindOf(value) };
  const length = (value as ArrayLike<unknown>).length;
  if (info.isFixedSizeArray && length !== info.arraySize) {
    return { problem: ValidationProblem.ARRAY_LENGTH, expected: `exactly ${info.arraySize} elements`, received: `${length} elements` };
  }
  if (info.isUpperBound && length > info.arraySize!) {
    return { problem: ValidationProblem.ARRAY_LENGTH, expected: `at most ${info.arraySize} elements`, received: `${length} elements` };
  }
  return null;
}

/** Every problem of `message` as a message of the type, with rclnodejs's rules and issue shapes. */
export function validateMessage(message: unknown, typeClass: unknown, options: ValidationOptions = {}): ValidationResult {
  const { strict = false, checkTypes = true, checkRequired = false, path = '' } = options;
  const at = (name: string): string => (path === '' ? name : `${path}.${name}`);
  const type = resolveMessageType(typeClass);
  if (type === null) {
    const issue = { field: path || '(root)', problem: 'INVALID_TYPE_CLASS', expected: 'valid message type class', received: typeof typeClass };
    return { valid: false, issues: [issue] };
  }
  const issues: ValidationIssue[] = [];
  if (message === null || message === undefined) {
    issues.push({ field: path || '(root)', problem: ValidationProblem.TYPE_MISMATCH, expected: 'object', received: String(message) });
    return { valid: false, issues };
  }
  if (typeof message !== 'object') {
    // A bare value stands for the `data` field of a one-field type, as publish('text') does.
    const only = type.fields.length === 1 && type.fields[0]!.name === 'data' ? type.fields[0]! : undefined;
    if (only === undefined || typeof message === 'function' || typeof message === 'symbol') {
      issues.push({ field: path || '(root)', problem: ValidationProblem.TYPE_MISMATCH, expected: 'object', received: typeof message });
    } else if (checkTypes && !only.isComplex && !only.isArray) {
      const issue = primitiveIssue(message, fieldTypeInfo(type, only));
      if (issue) issues.push({ field: at('data'), ...issue });
    }
    return { valid: issues.length === 0, issues };
  }
  const record = message as Record<string, unknown>;
  if (strict) {
    for (const key of Object.keys(record)) {
      if (!type.fieldNames.includes(key)) issues.push({ field: at(key), problem: ValidationProblem.UNKNOWN_FIELD });
    }
  }
  for (const field of type.fields) {
    const fieldPath = at(field.name);
    const value = record[field.name];
    const info = fieldTypeInfo(type, field);
    if (value === undefined) {
      if (checkRequired) issues.push({ field: fieldPath, problem: ValidationProblem.MISSING_FIELD, expected: info.type });
      continue;
    }
    if (info.isArray) {
      const issue = arrayIssue(value, info);
      if (issue) {
        issues.push({ field: fieldPath, ...issue });
        continue;
      }
      if (!checkTypes || !Array.isArray(value)) continue;
      value.forEach((item: unknown, i) => {
        if (info.isPrimitiveType) {
          const itemIssue = primitiveIssue(item, info);
          if (itemIssue) issues.push({ field: `${fieldPath}[${i}]`, ...itemIssue });
        } else {
          const nested = { strict, checkTypes, checkRequired, path: `${fieldPath}[${i}]` };
          issues.push(...validateMessage(item, type.fieldMessageType(field).name, nested).issues);
        }
      });
    } else if (info.isPrimitiveType) {
      const issue = checkTypes ? primitiveIssue(value, info) : null;
      if (issue) issues.push({ field: fieldPath, ...issue });
    } else if (typeof value === 'object' && value !== null) {
      issues.push(...validateMessage(value, type.fieldMessageType(field).name, { strict, checkTypes, checkRequired, path: fieldPath }).issues);
    } else if (checkTypes && value !== null) {
      issues.push({ field: fieldPath, problem: ValidationProblem.TYPE_MISMATCH, expected: 'object', received: kindOf(value) });
    }
  }
  return { valid: issues.length === 0, issues };
}

/** Throws a MessageValidationError listing every problem, if there is one. */
export function assertValidMessage(message: unknown, typeClass: unknown, options: ValidationOptions = {}): void {
  const result = validateMessage(message, typeClass, options);
  if (!result.valid) throw new MessageValidationError(resolveMessageType(typeClass)?.name ?? String(typeClass), result.issues);
}

/** A validator of one type, with default options. */
export function createMessageValidator(
  typeClass: unknown,
  defaults: ValidationOptions = {},
): (message: unknown, options?: ValidationOptions) => ValidationResult {
  if (resolveMessageType(typeClass) === null) throw new TypeValidationError('typeClass', typeClass, 'valid message type class');
  return (message, options = {}) => validateMessage(message, typeClass, { ...defaults, ...options });
}

/** A publisher's or client's opt-in check of what it sends (rclnodejs's `validateMessages` / `validateRequests`). */
export class ValidationSetting {
  enabled: boolean;
  options: ValidationOptions;

  constructor(enabled = false, options: ValidationOptions = { strict: true, checkTypes: true }) {
    this.enabled = enabled;
    this.options = options;
  }

  /** `setValidation(options)`: merged into the current options. */
  update(options: ValidationOptions | undefined): void {
    if (options !== undefined && Object.keys(options).length > 0) this.options = { ...this.options, ...options };
  }

  /** Throws a MessageValidationError when checking is on (or asked for) and `message` has problems. */
  check(message: unknown, typeName: string, validate?: boolean): void {
    if ((validate ?? this.enabled) && !Buffer.isBuffer(message)) assertValidMessage(message, typeName, this.options);
  }
}
