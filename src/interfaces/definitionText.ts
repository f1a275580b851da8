import { createRequire } from 'node:module';
import type { MessageDefinitionField } from '@foxglove/message-definition';
import { PRIMITIVES } from './primitives.js';

// Required, not imported, with the first definition parsed: see cdr.ts.
const require = createRequire(import.meta.url);
let rosmsg: typeof import('@foxglove/rosmsg') | null = null;
const parse: typeof import('@foxglove/rosmsg').parse = (...args) => {
  rosmsg ??= require('@foxglove/rosmsg') as typeof import('@foxglove/rosmsg');
  return rosmsg.parse(...args);
};

/** A problem in an interface definition, or a type that does not exist; names file and line. */
export class InterfaceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InterfaceError';
  }
}

/** One message type as written in its own file (or section of a .srv/.action file). */
export interface OwnDefinition {
  /** 'pkg/msg/Name' (service and action parts: 'pkg/srv/Name_Request', …). */
  name: string;
  /** Fields and constants; complex field types as fully qualified 'pkg/msg/Name'. */
  fields: MessageDefinitionField[];
  /** The definition's own text, as written. */
  text: string;
  /** Where it comes from, for errors: 'file' or 'file:line' of its first line. */
  file: string;
  firstLine: number;
  /**
   * Fields declared `char` or `byte` (IDL `char`, `octet`): the parsers fold both into uint8,
   * which is what CDR sees, but rclnodejs (a char is int8) and the type hash (byte; an IDL char)
   * tell them apart.
   */
  declared: ReadonlyMap<string, 'char' | 'byte'>;
  /** Written in IDL, where `char` is a type of its own; rosidl_adapter turns a .msg `char` into uint8. */
  idl?: true;
}

/**
 * Parses the text of one message definition (a .msg file, or one section of a .srv or .action
 * file) with @foxglove/rosmsg, resolving complex field types as ROS 2 does: a bare name is in
 * the same package, `pkg/Name` and `pkg/msg/Name` are absolute.
 */
export function parseOwnDefinition(text: string, name: string, file: string, firstLine = 1): OwnDefinition {
  const pkg = name.split('/')[0]!;
  let fields: MessageDefinitionField[];
  try {
    fields = parse(text, { ros2: true, skipTypeFixup: true })[0]?.definitions ?? [];
  } catch (error) {
    throw new InterfaceError(`${file}:${firstLine + failingLine(text)}: ${(error as Error).message.split('\n')[0]}`);
  }
  for (const field of fields) {
    // @foxglove/rosmsg reads builtin_interfaces/Time and Duration as ROS 1 primitives; they
    // are messages in ROS 2.
    if (!field.isComplex && (field.type === 'time' || field.type === 'duration')) {
      field.type = field.type === 'time' ? 'builtin_interfaces/msg/Time' : 'builtin_interfaces/msg/Duration';
      field.isComplex = true;
      continue;
    }
    if (!field.isComplex) continue;
    const resolved = resolveTypeName(field.type, pkg);
    if (resolved === null) {
      throw new InterfaceError(`${file}:${firstLine + lineOfField(text, field.name)}: field '${field.name}' has an invalid type '${field.type}'`);
    }
    field.type = resolved;
  }
  return { name, fields, text, file, firstLine, declared: declaredCharAndByte(text, fields) };
}

/** The fields and constants whose line in a .msg text declares them `char` or `byte` (arrays too; a constant's name may carry its `=value`). */
function declaredCharAndByte(text: string, fields: MessageDefinitionField[]): Map<string, 'char' | 'byte'> {
  const declared = new Map<string, 'char' | 'byte'>();
  const tokens = text.split('\n').map((line) => line.split('#')[0]!.trim().split(/\s+/));
  for (const field of fields) {
    if (field.type !== 'uint8') continue;
    const base = tokens.find((words) => words[1]?.split('=')[0] === field.name)?.[0]?.replace(/\[.*$/, '');
    if (base === 'char' || base === 'byte') declared.set(field.name, base);
  }
  return declared;
}

const PART = /^[A-Za-z][A-Za-z0-9_]*$/;

/** 'Name' (in `pkg`), 'pkg/Name' or 'pkg/msg/Name' → 'pkg/msg/Name'; null when malformed. */
export function resolveTypeName(type: string, pkg: string): string | null {
  const parts = type.split('/');
  if (parts.length === 1 && PART.test(parts[0]!) && !(parts[0]! in PRIMITIVES)) return `${pkg}/msg/${parts[0]}`;
  if (parts.length === 2 && PART.test(parts[0]!) && PART.test(parts[1]!)) return `${parts[0]}/msg/${parts[1]}`;
  if (parts.length === 3 && parts[1] === 'msg' && PART.test(parts[0]!) && PART.test(parts[2]!)) return type;
  return null;
}

/** Splits a .srv (2 sections) or .action (3 sections) text on its `---` lines. */
export function splitSections(text: string, count: number, file: string): { text: string; firstLine: number }[] {
  const lines = text.split('\n');
  const sections: { text: string; firstLine: number }[] = [];
  let start = 0;
  lines.forEach((line, i) => {
    if (line.trim() === '---') {
      sections.push({ text: lines.slice(start, i).join('\n'), firstLine: start + 1 });
      start = i + 1;
    }
  });
  sections.push({ text: lines.slice(start).join('\n'), firstLine: start + 1 });
  if (sections.length !== count) {
    throw new InterfaceError(`${file}: expected ${count} sections separated by '---', found ${sections.length}`);
  }
  return sections;
}

/** The 0-based line of the first line that does not parse on its own. */
function failingLine(text: string): number {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    try {
      parse(lines[i]!, { ros2: true, skipTypeFixup: true });
    } catch {
      return i;
    }
  }
  return 0;
}

/** The 0-based line of a field in a definition's text (0 when not found). */
export function lineOfField(text: string, field: string): number {
  const lines = text.split('\n');
  const index = lines.findIndex((line) => line.split('#')[0]!.trim().split(/\s+/)[1] === field);
  return Math.max(index, 0);
}

/**
 * The message a service's introspection publishes on `<service>/_service_event` (ROS 2 Jazzy,
 * rosidl's `<Service>_Event`): the event info, and the request or the response (at most one each).
 */
export function serviceEventDefinition(service: string, file: string): OwnDefinition {
  const part = (name: string, type: string): MessageDefinitionField => ({ name, type, isComplex: true, isArray: true, arrayUpperBound: 1 });
  return {
    name: `${service}_Event`,
    fields: [
      { name: 'info', type: 'service_msgs/msg/ServiceEventInfo', isComplex: true, isArray: false },
      part('request', `${service}_Request`),
      part('response', `${service}_Response`),
    ],
    text: `service_msgs/ServiceEventInfo info\n${service}_Request[<=1] request\n${service}_Response[<=1] response\n`,
    file,
    firstLine: 1,
    declared: new Map(),
  };
}
