import { type CppField, cppFields } from './cppFields.js';
import { cElementType, cLiteral, cSequenceType, cTypeName, hasFunctions } from './cTypes.js';
import type { MessageType } from './MessageType.js';

/**
 * A message's C functions with the behaviour of rosidl_generator_c's msg__functions.c.em
 * (ros2/rosidl), static inline (rclsim's message packages are header-only): `__init` (strings
 * empty, sequences empty, nested messages initialized, the definition's defaults), `__fini`,
 * `__are_equal`, `__copy` (deep), `__create`/`__destroy` (zeroed, then init), and the sequence's
 * functions (rclsim/c_message_sequence.h). On a failed allocation init finalizes what it made.
 */
export function cFunctions(type: MessageType): string {
  const name = cTypeName(type.name);
  const fields = cppFields(type);
  return [
    `static inline void ${name}__fini(${name} * msg)`,
    '{',
    '  if (!msg) {',
    '    return;',
    '  }',
    ...fields.flatMap(finalization),
    '}',
    '',
    `static inline bool ${name}__init(${name} * msg)`,
    '{',
    '  if (!msg) {',
    '    return false;',
    '  }',
    ...fields.flatMap((field) => initialization(name, field)),
    '  return true;',
    '}',
    '',
    `static inline bool ${name}__are_equal(const ${name} * lhs, const ${name} * rhs)`,
    '{',
    '  if (!lhs || !rhs) {',
    '    return false;',
    '  }',
    ...fields.flatMap(comparison),
    '  return true;',
    '}',
    '',
    `static inline bool ${name}__copy(const ${name} * input, ${name} * output)`,
    '{',
    '  if (!input || !output) {',
    '    return false;',
    '  }',
    ...fields.flatMap(copying),
    '  return true;',
    '}',
    '',
    `static inline ${name} * ${name}__create(void)`,
    '{',
    `  ${name} * msg = (${name} *)calloc(1, sizeof(${name}));`,
    `  if (msg && !${name}__init(msg)) {`,
    '    free(msg);',
    '    return NULL;',
    '  }',
    '  return msg;',
    '}',
    '',
    `static inline void ${name}__destroy(${name} * msg)`,
    '{',
    `  ${name}__fini(msg);`,
    '  free(msg);',
    '}',
    '',
    `RCLSIM_C_MESSAGE_SEQUENCE_FUNCTIONS(${name})`,
  ].join('\n');
}

/** `if (!call) { fini(msg); return false; }`, indented by `indent`. */
function checked(message: string, call: string, indent = '  '): string[] {
  return [`${indent}if (!${call}) {`, `${indent}  ${message}__fini(msg);`, `${indent}  return false;`, `${indent}}`];
}

function defaults(field: CppField): unknown[] {
  return Array.isArray(field.defaultValue) ? field.defaultValue : [];
}

function initialization(message: string, field: CppField): string[] {
  const element = cElementType(field);
  const member = `msg->${field.name}`;
  const assign = (target: string, value: unknown): string[] =>
    hasFunctions(field)
      ? checked(message, `${element}__assign(&${target}, ${cLiteral(field.element, value)})`)
      : [`  ${target} = ${cLiteral(field.element, value)};`];
  if (field.array === undefined) {
    if (!hasFunctions(field)) return field.defaultValue === undefined ? [] : [`  ${member} = ${cLiteral(field.element, field.defaultValue)};`];
    return [...checked(message, `${element}__init(&${member})`), ...(field.defaultValue === undefined ? [] : assign(member, field.defaultValue))];
  }
  const values = defaults(field);
  const lines: string[] = [];
  if (field.array.size !== undefined) {
    if (hasFunctions(field))
      lines.push(`  for (size_t i = 0; i < ${field.array.size}; ++i) {`, ...checked(message, `${element}__init(&${member}[i])`, '    '), '  }');
    values.forEach((value, i) => lines.push(...assign(`${member}[${i}]`, value)));
    return lines;
  }
  lines.push(...checked(message, `${cSequenceType(field)}__init(&${member}, ${values.length})`));
  values.forEach((value, i) => lines.push(...assign(`${member}.data[${i}]`, value)));
  return lines;
}

function finalization(field: CppField): string[] {
  const member = `msg->${field.name}`;
  if (field.array?.size !== undefined) {
    return hasFunctions(field) ? [`  for (size_t i = 0; i < ${field.array.size}; ++i) {`, `    ${cElementType(field)}__fini(&${member}[i]);`, '  }'] : [];
  }
  if (field.array !== undefined) return [`  ${cSequenceType(field)}__fini(&${member});`];
  return hasFunctions(field) ? [`  ${cElementType(field)}__fini(&${member});`] : [];
}

function comparison(field: CppField): string[] {
  const differs = (lhs: string, rhs: string, type: string | null): string => (type === null ? `${lhs} != ${rhs}` : `!${type}__are_equal(&${lhs}, &${rhs})`);
  return perPart(field, (lhs, rhs, type) => [`if (${differs(`lhs->${lhs}`, `rhs->${rhs}`, type)}) {`, '  return false;', '}']);
}

function copying(field: CppField): string[] {
  return perPart(field, (input, output, type) =>
    type === null ? [`output->${output} = input->${input};`] : [`if (!${type}__copy(&input->${input}, &output->${output})) {`, '  return false;', '}'],
  );
}

/**
 * Lines for each part of a field: the field, its sequence, or each element of a fixed array;
 * `type` names the functions to call (null: a primitive, compared and assigned as itself).
 */
function perPart(field: CppField, lines: (left: string, right: string, type: string | null) => string[]): string[] {
  const indent = (block: string[], by: string): string[] => block.map((line) => `${by}${line}`);
  if (field.array?.size !== undefined) {
    const part = `${field.name}[i]`;
    return [
      `  for (size_t i = 0; i < ${field.array.size}; ++i) {`,
      ...indent(lines(part, part, hasFunctions(field) ? cElementType(field) : null), '    '),
      '  }',
    ];
  }
  const type = field.array !== undefined ? cSequenceType(field) : hasFunctions(field) ? cElementType(field) : null;
  return indent(lines(field.name, field.name, type), '  ');
}
