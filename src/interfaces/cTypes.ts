import type { CppField } from './cppFields.js';
import { cppStringLiteral, cppU16Literal } from './cppNames.js';

/**
 * How rosidl_generator_c spells a field's types and values (ros2/rosidl
 * rosidl_generator_c/rosidl_generator_c/__init__.py: BASIC_IDL_TYPES_TO_C, idl_type_to_c,
 * value_to_c), over the fields cppFields.ts gives.
 */

const PRIMITIVE_C: Record<string, string> = {
  bool: 'bool',
  octet: 'uint8_t',
  char: 'signed char',
  int8: 'int8_t',
  uint8: 'uint8_t',
  int16: 'int16_t',
  uint16: 'uint16_t',
  int32: 'int32_t',
  uint32: 'uint32_t',
  int64: 'int64_t',
  uint64: 'uint64_t',
  float32: 'float',
  float64: 'double',
};

/** IDL's names of the primitives, as rosidl_runtime_c's sequences are named. */
const IDL_NAME: Record<string, string> = { bool: 'boolean', float32: 'float', float64: 'double' };

/** 'pkg/msg/Name' → 'pkg__msg__Name'. */
export function cTypeName(typeName: string): string {
  return typeName.split('/').join('__');
}

/** The C type of one element: a primitive, rosidl_runtime_c__String/U16String or a message struct. */
export function cElementType(field: Pick<CppField, 'element' | 'message'>): string {
  if (field.message !== undefined) return cTypeName(field.message);
  if (field.element === 'string') return 'rosidl_runtime_c__String';
  if (field.element === 'wstring') return 'rosidl_runtime_c__U16String';
  return PRIMITIVE_C[field.element]!;
}

/** Whether the element has functions of its own (__init, __fini, …): a string or a message. */
export function hasFunctions(field: Pick<CppField, 'element' | 'message'>): boolean {
  return field.message !== undefined || field.element === 'string' || field.element === 'wstring';
}

/** A sequence field's type (bounded or not): `rosidl_runtime_c__double__Sequence`, `pkg__msg__Name__Sequence`. */
export function cSequenceType(field: Pick<CppField, 'element' | 'message'>): string {
  if (hasFunctions(field)) return `${cElementType(field)}__Sequence`;
  return `rosidl_runtime_c__${IDL_NAME[field.element] ?? field.element}__Sequence`;
}

/** The member's declaration (`double x`, `float y[3]`, `rosidl_runtime_c__String__Sequence names`). */
export function cDeclaration(field: CppField): string {
  if (field.array === undefined) return `${cElementType(field)} ${field.name}`;
  if (field.array.size !== undefined) return `${cElementType(field)} ${field.name}[${field.array.size}]`;
  return `${cSequenceType(field)} ${field.name}`;
}

/** A C literal of a primitive or string value, with value_to_c's suffixes. */
export function cLiteral(element: string, value: unknown): string {
  switch (element) {
    case 'bool':
      return value === true ? 'true' : 'false';
    case 'string':
      return cppStringLiteral(String(value));
    case 'wstring':
      return `(const uint16_t *)${cppU16Literal(String(value))}`;
    case 'float32':
    case 'float64':
      return floatLiteral(Number(value), element === 'float32');
    default:
      return integerLiteral(element, BigInt(value as number | bigint));
  }
}

function floatLiteral(value: number, single: boolean): string {
  if (Number.isNaN(value)) return single ? '(float)NAN' : 'NAN';
  if (!Number.isFinite(value)) return `${value < 0 ? '-' : ''}${single ? '(float)' : ''}INFINITY`;
  let text = Object.is(value, -0) ? '-0.0' : String(value);
  if (/^-?\d+$/.test(text)) text += '.0';
  return single ? `${text}f` : `${text}l`;
}

function integerLiteral(element: string, value: bigint): string {
  if (element === 'int64') return value === -(2n ** 63n) ? '(-9223372036854775807ll - 1)' : `${value}ll`;
  if (element === 'uint64') return `${value}ull`;
  if (element === 'int32') return value === -(2n ** 31n) ? '(-2147483647l - 1)' : `${value}l`;
  if (element === 'uint32') return `${value}ul`;
  return `${value}`;
}
