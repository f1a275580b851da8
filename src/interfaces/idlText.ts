import type { MessageDefinitionField } from '@foxglove/message-definition';
import type { MessageType } from './MessageType.js';

/** rosidl_adapter's mapping of .msg types to IDL: a .msg `char` is an unsigned byte, not IDL's char. */
const IDL_TYPES: Record<string, string> = {
  bool: 'boolean',
  byte: 'octet',
  char: 'uint8',
  float32: 'float',
  float64: 'double',
};

/**
 * A message type as ROS 2 IDL: an .idl definition's own text, or, for a type defined in a .msg
 * file, the IDL that rosidl_adapter would derive from it (includes, constants module, struct;
 * field defaults are left out: they do not change how a message is read or its type hash).
 * rosbag2 stores a type and all of its dependencies in this form when any of them is IDL.
 */
export function idlText(type: MessageType): string {
  if (type.own.file.endsWith('.idl')) return type.own.text.trimEnd();
  const [pkg, , name] = type.name.split('/') as [string, string, string];
  const fields = type.own.fields.filter((field) => !field.isConstant);
  const constants = type.own.fields.filter((field) => field.isConstant);
  const includes = [...new Set(fields.filter((field) => field.isComplex).map((field) => `#include "${field.type}.idl"`))].sort();
  const lines = [...includes, ...(includes.length > 0 ? [''] : []), `module ${pkg} {`, '  module msg {'];
  if (constants.length > 0) {
    lines.push(`    module ${name}_Constants {`);
    for (const constant of constants) lines.push(`      const ${baseType(constant, type)} ${constant.name} = ${literal(constant.value)};`);
    lines.push('    };');
  }
  // Fixed-size arrays through typedefs, as rosidl writes them (readers such as rosbags know no other form).
  const typedefs = new Map<string, string>();
  const members = fields.map((field) => `      ${member(field, type, typedefs)};`);
  for (const [alias, declaration] of typedefs) lines.push(`    typedef ${declaration.replace('@', alias)};`);
  lines.push(`    struct ${name} {`);
  if (fields.length === 0) lines.push('      uint8 structure_needs_at_least_one_member;');
  lines.push(...members, '    };', '  };', '};');
  return lines.join('\n');
}

function member(field: MessageDefinitionField, owner: MessageType, typedefs: Map<string, string>): string {
  const base = baseType(field, owner);
  if (field.isArray !== true) return `${base} ${field.name}`;
  if (field.arrayLength !== undefined) {
    const alias = `${base.replace(/::/g, '__').replace(/<(\d+)>/, '_$1')}__${field.arrayLength}`;
    typedefs.set(alias, `${base} @[${field.arrayLength}]`);
    return `${alias} ${field.name}`;
  }
  if (field.arrayUpperBound !== undefined) return `sequence<${base}, ${field.arrayUpperBound}> ${field.name}`;
  return `sequence<${base}> ${field.name}`;
}

function baseType(field: MessageDefinitionField, owner: MessageType): string {
  if (field.isComplex === true) return field.type.split('/').join('::');
  const declared = owner.own.declared.get(field.name) ?? field.type;
  const base = IDL_TYPES[declared] ?? declared;
  return (base === 'string' || base === 'wstring') && field.upperBound !== undefined ? `${base}<${field.upperBound}>` : base;
}

function literal(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return JSON.stringify(value);
  return String(value);
}
