import { createHash } from 'node:crypto';
import type { MessageDefinitionField } from '@foxglove/message-definition';
import type { MessageType } from './MessageType.js';

/**
 * The field type ids of type_description_interfaces/msg/FieldType (REP 2016): a primitive's id,
 * plus 48 for a fixed-size array, 96 for a bounded and 144 for an unbounded sequence.
 */
const FIELD_TYPE_ID: Record<string, number> = {
  nested: 1,
  int8: 2,
  uint8: 3,
  int16: 4,
  uint16: 5,
  int32: 6,
  uint32: 7,
  int64: 8,
  uint64: 9,
  float32: 10,
  float64: 11,
  char: 13,
  bool: 15,
  byte: 16,
  string: 17,
  wstring: 18,
  bounded_string: 21,
  bounded_wstring: 22,
};
const FIXED_ARRAY = 48;
const BOUNDED_SEQUENCE = 96;
const UNBOUNDED_SEQUENCE = 144;

/**
 * A type's RIHS01 hash (REP 2016), as ROS 2 Jazzy's `ros2 topic info -v` shows it and rosbag2
 * records it (`type_description_hash`, MCAP `topic_type_hash`): SHA-256 of the JSON of its type
 * description — its fields (name, type id, capacities, nested type name; no constants, no
 * defaults) and those of every type it contains, sorted by name — in Python's json.dumps layout.
 */
export function typeDescriptionHash(type: MessageType): string {
  const description = {
    type_description: describe(type),
    referenced_type_descriptions: [...type.dependencies].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map(describe),
  };
  return `RIHS01_${createHash('sha256').update(pythonJson(description)).digest('hex')}`;
}

function describe(type: MessageType): { type_name: string; fields: unknown[] } {
  const fields = type.own.fields.filter((field) => !field.isConstant);
  // An empty message gets the member IDL requires of every struct.
  const described =
    fields.length === 0
      ? [fieldDescription({ name: 'structure_needs_at_least_one_member', type: 'uint8' }, undefined)]
      : fields.map((field) => fieldDescription(field, type.own.declared.get(field.name)));
  return { type_name: type.name, fields: described };
}

function fieldDescription(field: MessageDefinitionField, declared: 'char' | 'byte' | undefined): unknown {
  let id: number;
  let stringCapacity = 0;
  if (field.isComplex === true) {
    id = FIELD_TYPE_ID.nested!;
  } else if ((field.type === 'string' || field.type === 'wstring') && field.upperBound !== undefined) {
    id = FIELD_TYPE_ID[`bounded_${field.type}`]!;
    stringCapacity = field.upperBound;
  } else {
    id = FIELD_TYPE_ID[declared ?? field.type]!;
  }
  let capacity = 0;
  if (field.isArray === true) {
    if (field.arrayLength !== undefined) {
      id += FIXED_ARRAY;
      capacity = field.arrayLength;
    } else if (field.arrayUpperBound !== undefined) {
      id += BOUNDED_SEQUENCE;
      capacity = field.arrayUpperBound;
    } else {
      id += UNBOUNDED_SEQUENCE;
    }
  }
  return {
    name: field.name,
    type: { type_id: id, capacity, string_capacity: stringCapacity, nested_type_name: field.isComplex === true ? field.type : '' },
  };
}

/** JSON as Python's json.dumps writes it by default (", " and ": " separators), which the hash is over. */
function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${pythonJson(item)}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}
