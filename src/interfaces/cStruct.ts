import { cppConstants, cppFields } from './cppFields.js';
import { cDeclaration, cElementType, cLiteral, cTypeName } from './cTypes.js';
import type { MessageType } from './MessageType.js';

const ENUM_CONSTANTS = new Set(['octet', 'char', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64']);

/**
 * A message's C struct as rosidl_generator_c's msg__struct.h.em writes it (ros2/rosidl): its
 * constants (integers as enum values, floats and bools as static consts, strings as `static
 * const char * const`), the bounds of bounded fields (`…__MAX_SIZE`, `…__MAX_STRING_SIZE`),
 * `typedef struct pkg__msg__Name {…} pkg__msg__Name;` and its `pkg__msg__Name__Sequence`.
 */
export function cStruct(type: MessageType): string {
  const name = cTypeName(type.name);
  const lines: string[] = [];
  for (const constant of cppConstants(type)) {
    const full = `${name}__${constant.name}`;
    const value = cLiteral(constant.element, constant.value);
    if (ENUM_CONSTANTS.has(constant.element)) lines.push('enum', '{', `  ${full} = ${value}`, '};', '');
    else if (constant.element === 'string') lines.push(`static const char * const ${full} = ${value};`, '');
    else if (constant.element !== 'wstring') lines.push(`static const ${cElementType(constant)} ${full} = ${value};`, '');
  }
  const fields = cppFields(type);
  for (const field of fields) {
    if (field.array?.bound !== undefined) lines.push('enum', '{', `  ${name}__${field.name}__MAX_SIZE = ${field.array.bound}`, '};', '');
    if (field.stringBound !== undefined) lines.push('enum', '{', `  ${name}__${field.name}__MAX_STRING_SIZE = ${field.stringBound}`, '};', '');
  }
  lines.push(
    `typedef struct ${name}`,
    '{',
    ...fields.map((field) => `  ${cDeclaration(field)};`),
    `} ${name};`,
    '',
    `typedef struct ${name}__Sequence`,
    '{',
    `  ${name} * data;`,
    '  size_t size;',
    '  size_t capacity;',
    `} ${name}__Sequence;`,
  );
  return lines.join('\n');
}
