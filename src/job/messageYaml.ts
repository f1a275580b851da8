import type { MessageDefinitionField } from '@foxglove/message-definition';
import type { MessageType } from '../interfaces/MessageType.js';
import type { Message } from '../interfaces/plainMessages.js';
import { pyFloat } from './pythonRepr.js';

/** message_to_ordereddict's options (ros2 topic echo's --truncate-length, --no-arr, --no-str). */
export interface YamlOptions {
  truncate: number | null;
  noArr: boolean;
  noStr: boolean;
}

/** A value as message_to_ordereddict makes it: what yaml.dump is given. */
type Value = string | number | boolean | { float: number } | Value[] | Map<string, Value>;

/**
 * A message as rosidl_runtime_py's `message_to_yaml` prints it (Jazzy's convert.py: the message
 * as an ordered mapping, strings and sequences truncated, then PyYAML's `yaml.dump` in block
 * style): what `ros2 topic echo` prints of each message. The text ends with a newline.
 */
export function messageYaml(type: MessageType, message: Message, options: YamlOptions): string {
  const lines: string[] = [];
  emit(toValue(type, message, options), 0, lines);
  return `${lines.join('\n')}\n`;
}

function toValue(type: MessageType, message: Message, options: YamlOptions): Map<string, Value> {
  const out = new Map<string, Value>();
  for (const field of type.fields) out.set(field.name, fieldValue(type, field, message[field.name], options));
  return out;
}

function truncated(text: string, options: YamlOptions): string {
  const chars = [...text];
  return options.truncate !== null && chars.length > options.truncate ? `${chars.slice(0, options.truncate).join('')}...` : text;
}

function fieldValue(type: MessageType, field: MessageDefinitionField, value: unknown, options: YamlOptions): Value {
  const declared = type.own.declared.get(field.name);
  const one = (item: unknown): Value => {
    if (field.isComplex === true) return toValue(type.fieldMessageType(field), item as Message, options);
    // A `byte` is bytes in rclpy, which convert.py makes a one-character str.
    if (declared === 'byte') return String.fromCharCode(Number(item) & 0xff);
    if (field.type === 'float32' || field.type === 'float64') return { float: Number(item) };
    if (field.type === 'bool') return Boolean(item);
    if (field.type === 'string' || field.type === 'wstring') {
      const text = String(item);
      return options.noStr ? `<string length: <${[...text].length}>>` : truncated(text, options);
    }
    // rclnodejs keeps a char as int8; rclpy's (a .msg char is uint8) is the byte.
    return declared === 'char' ? Number(item) & 0xff : Number(item);
  };
  if (field.isArray !== true) return one(value);
  const items = Array.from(value as ArrayLike<unknown>);
  if (options.noArr) return arrayInfo(type, field, items.length);
  if (options.truncate !== null && items.length > options.truncate) return [...items.slice(0, options.truncate).map(one), '...'];
  return items.map(one);
}

/** convert.py's __abbreviate_array_info. */
function arrayInfo(type: MessageType, field: MessageDefinitionField, length: number): string {
  const declared = type.own.declared.get(field.name);
  const name =
    field.isComplex === true ? type.fieldMessageType(field).name.replace('/msg/', '/') : field.type === 'wstring' ? 'wstring' : (declared ?? field.type);
  if (field.arrayLength !== undefined) return `<array type: ${name}[${field.arrayLength}]>`;
  if (field.arrayUpperBound !== undefined) return `<sequence type: ${name}[${field.arrayUpperBound}], length: ${length}>`;
  return `<sequence type: ${name}, length: ${length}>`;
}

/** PyYAML's block emitter (indent 2, sequences in a mapping not indented), from `indent`. */
function emit(value: Map<string, Value>, indent: number, lines: string[]): void {
  if (value.size === 0) {
    lines.push(`${' '.repeat(indent)}{}`);
    return;
  }
  for (const [key, item] of value) emitEntry(`${key}:`, item, indent, lines);
}

/** `head` (a key and its colon) and its value; a sequence's items at the key's indent. */
function emitEntry(head: string, item: Value, indent: number, lines: string[]): void {
  const pad = ' '.repeat(indent);
  if (item instanceof Map) {
    if (item.size === 0) lines.push(`${pad}${head} {}`);
    else {
      lines.push(`${pad}${head}`);
      emit(item, indent + 2, lines);
    }
  } else if (Array.isArray(item)) {
    if (item.length === 0) lines.push(`${pad}${head} []`);
    else {
      lines.push(`${pad}${head}`);
      emitItems(item, indent, lines);
    }
  } else lines.push(`${pad}${head} ${scalar(item, indent + 2)}`);
}

/** A sequence's items, `- ` at `indent`; a mapping item's keys after the dash, then at indent + 2. */
function emitItems(items: Value[], indent: number, lines: string[]): void {
  const pad = ' '.repeat(indent);
  for (const item of items) {
    if (item instanceof Map && item.size > 0) {
      const start = lines.length;
      emit(item, indent + 2, lines);
      lines[start] = `${pad}- ${lines[start]!.slice(indent + 2)}`;
    } else if (item instanceof Map) lines.push(`${pad}- {}`);
    else if (Array.isArray(item)) lines.push(`${pad}- ${item.length === 0 ? '[]' : item.map((inner) => scalar(inner as Scalar, indent + 2)).join(', ')}`);
    else lines.push(`${pad}- ${scalar(item, indent + 2)}`);
  }
}

type Scalar = string | number | boolean | { float: number };

/** A scalar's text; `indent`: where a quoted string's continuation lines start. */
function scalar(value: Scalar, indent: number): string {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') return yamlFloat(value.float);
  return yamlString(value, indent);
}

/** PyYAML's represent_float: repr lower-cased, `.0` before a bare exponent; .nan, .inf, -.inf. */
function yamlFloat(x: number): string {
  if (Number.isNaN(x)) return '.nan';
  if (x === Infinity) return '.inf';
  if (x === -Infinity) return '-.inf';
  const text = pyFloat(x).toLowerCase();
  return !text.includes('.') && text.includes('e') ? text.replace('e', '.0e') : text;
}

// PyYAML's implicit resolvers: a plain scalar that reads back as one of these is quoted.
const IMPLICIT = [
  /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/,
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/,
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/,
  /^(?:<<)$/,
  /^(?:~|null|Null|NULL|)$/,
  /^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)$/,
  /^(?:=)$/,
];

/**
 * PyYAML's choice of style for a str (its emitter's analyze_scalar, in part): plain when it
 * reads back as the same str, single-quoted when it would not (a number, a bool, an indicator
 * or a document marker first, `: ` or ` #` inside, spaces at an end, line breaks), double-quoted
 * with escapes when it holds a tab, a character YAML cannot print, or a space next to a break.
 */
function yamlString(text: string, indent: number): string {
  if ([...text].some((ch) => ch === '\t' || unprintable(ch.codePointAt(0)!)) || / \n|\n /.test(text)) return doubleQuoted(text);
  if (text.includes('\n')) return singleQuoted(text, indent);
  const plain =
    text !== '' &&
    !/^(---|\.\.\.)/.test(text) &&
    !IMPLICIT.some((pattern) => pattern.test(text)) &&
    !/^[#,[\]{}&*!|>'"%@`]/.test(text) &&
    !/^[-?:](\s|$)/.test(text) &&
    !/:(\s|$)| #/.test(text) &&
    !/^\s|\s$/.test(text) &&
    !text.includes('\t');
  return plain ? text : `'${text.replace(/'/g, "''")}'`;
}

/** PyYAML's write_single_quoted (no width limit): a run of breaks gains one, then the indent. */
function singleQuoted(text: string, indent: number): string {
  const body = text.replace(/'/g, "''").replace(/\n+/g, (breaks) => `\n${breaks}${' '.repeat(indent)}`);
  return `'${body}'`;
}

function doubleQuoted(text: string): string {
  const named: Record<string, string> = {
    '\0': '0',
    '\x07': 'a',
    '\b': 'b',
    '\t': 't',
    '\n': 'n',
    '\v': 'v',
    '\f': 'f',
    '\r': 'r',
    '\x1b': 'e',
    '"': '"',
    '\\': '\\',
  };
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (named[ch] !== undefined) out += `\\${named[ch]}`;
    else if (unprintable(code))
      out += code <= 0xff ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** What PyYAML's emitter cannot print as it is (tab and line break aside): C0 and C1 controls, BOM, surrogates, U+FFFE and U+FFFF. */
function unprintable(code: number): boolean {
  return (
    (code < 0x20 && code !== 0x09 && code !== 0x0a) ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0xfeff ||
    (code >= 0xd800 && code <= 0xdfff) ||
    code === 0xfffe ||
    code === 0xffff
  );
}
