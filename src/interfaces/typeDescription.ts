import { createHash } from 'node:crypto';
import type { MessageDefinitionField } from '@foxglove/message-definition';
import type { ActionType, ServiceType } from './InterfaceRegistry.js';
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

/** type_description_interfaces/msg/Field and its FieldType, as plain objects. */
export interface FieldDescription {
  name: string;
  type: { type_id: number; capacity: number; string_capacity: number; nested_type_name: string };
  default_value: string;
}

/** type_description_interfaces/msg/IndividualTypeDescription. */
export interface IndividualTypeDescription {
  type_name: string;
  fields: FieldDescription[];
}

/** type_description_interfaces/msg/TypeDescription. */
export interface TypeDescription {
  type_description: IndividualTypeDescription;
  referenced_type_descriptions: IndividualTypeDescription[];
}

/** type_description_interfaces/msg/TypeSource. */
export interface TypeSource {
  type_name: string;
  encoding: string;
  raw_file_contents: string;
}

/**
 * What rosidl generates for every message, service and action type: its description (REP 2016),
 * the sources it was made from (the type's first, then the referenced ones by name) and its
 * RIHS01 hash — what `~/get_type_description` serves and graph queries and bags carry.
 */
export interface DescribedType {
  description: TypeDescription;
  sources: TypeSource[];
  hash: string;
}

type Described = MessageType | ServiceType | ActionType;

const cache = new WeakMap<Described, DescribedType>();

/** A type's RIHS01 hash, as Jazzy's `ros2 topic info -v` shows it and rosbag2 records it. */
export function typeDescriptionHash(type: MessageType): string {
  return describeType(type).hash;
}

/**
 * A message type is described by its own fields and those of every type it contains; a service
 * has the fields `request_message`, `response_message` and `event_message`, and an action `goal`,
 * `result`, `feedback`, `send_goal_service`, `get_result_service` and `feedback_message`, each
 * nested type among the referenced ones (as rosidl_generator_type_description makes them).
 */
export function describeType(type: Described): DescribedType {
  let described = cache.get(type);
  if (described === undefined) {
    described =
      'fields' in type
        ? describeMessage(type)
        : 'request' in type
          ? describeComposite(type, serviceParts(type), 'srv')
          : describeComposite(type, actionParts(type), 'action');
    cache.set(type, described);
  }
  return described;
}

function describeMessage(type: MessageType): DescribedType {
  const referenced = new Map<string, Referenced>();
  addDependencies(type, referenced);
  return assemble(describeFields(type), messageSource(type), referenced);
}

/** The message types `type` contains, each described once, with its own source. */
function addDependencies(type: MessageType, referenced: Map<string, Referenced>): void {
  for (const dependency of type.dependencies) {
    if (!referenced.has(dependency.name)) referenced.set(dependency.name, { description: describeFields(dependency), source: messageSource(dependency) });
  }
}

interface Referenced {
  description: IndividualTypeDescription;
  source: TypeSource;
}

/** A service's or action's nested parts: field name → its type (a message, or an action's service). */
type Parts = [string, MessageType | ServiceType][];

function serviceParts(service: ServiceType): Parts {
  return [
    ['request_message', service.request],
    ['response_message', service.response],
    ['event_message', service.event],
  ];
}

function actionParts(action: ActionType): Parts {
  return [
    ['goal', action.goal],
    ['result', action.result],
    ['feedback', action.feedback],
    ['send_goal_service', action.sendGoal],
    ['get_result_service', action.getResult],
    ['feedback_message', action.feedbackMessage],
  ];
}

/** A service or action: its parts come from its own file (sources "implicit"), their contents are referenced. */
function describeComposite(type: ServiceType | ActionType, parts: Parts, encoding: 'srv' | 'action'): DescribedType {
  const referenced = new Map<string, Referenced>();
  const addPart = (part: MessageType | ServiceType): void => {
    if ('fields' in part) {
      referenced.set(part.name, { description: describeFields(part), source: implicitSource(part.name) });
      addDependencies(part, referenced);
      return;
    }
    const nested = serviceParts(part);
    referenced.set(part.name, { description: nestedFields(part.name, nested), source: implicitSource(part.name) });
    for (const [, message] of nested) addPart(message);
  };
  for (const [, part] of parts) addPart(part);
  const source = { type_name: type.name, encoding, raw_file_contents: withoutFinalNewlines(type.text) };
  return assemble(nestedFields(type.name, parts), source, referenced);
}

function nestedFields(typeName: string, parts: Parts): IndividualTypeDescription {
  return {
    type_name: typeName,
    fields: parts.map(([name, part]) => ({
      name,
      type: { type_id: FIELD_TYPE_ID.nested!, capacity: 0, string_capacity: 0, nested_type_name: part.name },
      default_value: '',
    })),
  };
}

function assemble(own: IndividualTypeDescription, source: TypeSource, referenced: Map<string, Referenced>): DescribedType {
  const names = [...referenced.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const description: TypeDescription = {
    type_description: own,
    referenced_type_descriptions: names.map((name) => referenced.get(name)!.description),
  };
  return { description, sources: [source, ...names.map((name) => referenced.get(name)!.source)], hash: hashOf(description) };
}

/**
 * RIHS01: SHA-256 of the description's JSON without default values, in Python's json.dumps
 * layout (", " and ": " separators).
 */
function hashOf(description: TypeDescription): string {
  const withoutDefaults = (individual: IndividualTypeDescription): unknown => ({
    type_name: individual.type_name,
    fields: individual.fields.map((field) => ({ name: field.name, type: field.type })),
  });
  const hashed = {
    type_description: withoutDefaults(description.type_description),
    referenced_type_descriptions: description.referenced_type_descriptions.map(withoutDefaults),
  };
  return `RIHS01_${createHash('sha256').update(pythonJson(hashed)).digest('hex')}`;
}

function messageSource(type: MessageType): TypeSource {
  return { type_name: type.name, encoding: type.own.idl === true ? 'idl' : 'msg', raw_file_contents: withoutFinalNewlines(type.own.text) };
}

function implicitSource(typeName: string): TypeSource {
  return { type_name: typeName, encoding: 'implicit', raw_file_contents: '' };
}

function withoutFinalNewlines(text: string): string {
  return text.replace(/\n+$/, '');
}

function describeFields(type: MessageType): IndividualTypeDescription {
  const fields = type.own.fields.filter((field) => !field.isConstant);
  // An empty message gets the member IDL requires of every struct.
  const described =
    fields.length === 0
      ? [fieldDescription({ name: 'structure_needs_at_least_one_member', type: 'uint8' }, undefined)]
      : fields.map((field) => {
          const declared = type.own.declared.get(field.name);
          return fieldDescription(field, declared === 'char' && type.own.idl !== true ? undefined : declared);
        });
  return { type_name: type.name, fields: described };
}

function fieldDescription(field: MessageDefinitionField, declared: 'char' | 'byte' | undefined): FieldDescription {
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
    default_value: field.defaultValue === undefined ? '' : pythonStr(field.defaultValue, field.type === 'float32' || field.type === 'float64'),
  };
}

/**
 * A default value as rosidl writes it: Python's str() of the parsed value — `True`, `1.0`,
 * `Hello world!`, and arrays as tuples of reprs, `(False, True)`, `('', 'max value')`.
 */
function pythonStr(value: unknown, isFloat: boolean): string {
  if (Array.isArray(value) || ArrayBuffer.isView(value)) {
    const items = Array.from(value as ArrayLike<unknown>).map((item) => (typeof item === 'string' ? pythonRepr(item) : pythonStr(item, isFloat)));
    return items.length === 1 ? `(${items[0]},)` : `(${items.join(', ')})`;
  }
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number' && isFloat) return pythonFloat(value);
  return String(value);
}

/** Python's repr of a float: shortest round-trip digits, exponent form below 1e-4 and from 1e16. */
function pythonFloat(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  const [mantissa, exponentText] = value.toExponential().split('e') as [string, string];
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  const text = String(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

/** Python's repr of a string: single quotes unless it holds one and no double quote. */
function pythonRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escaped = text.replace(/[\\\n\r\t]/g, (c) => ({ '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c]!);
  return `${quote}${quote === "'" ? escaped.replaceAll("'", "\\'") : escaped}${quote}`;
}

/** JSON as Python's json.dumps writes it by default (", " and ": " separators), which the hash is over. */
function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${pythonJson(item)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}
