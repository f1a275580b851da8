import { parse, type ScalarTag, type Tags } from 'yaml';
import { timeMsg } from '../base/timeMsg.js';
import type { MessageType } from '../interfaces/MessageType.js';
import type { Message } from '../interfaces/plainMessages.js';
import { pyFloat, pyStr } from './pythonRepr.js';

/**
 * PyYAML's SafeLoader where the YAML library's 1.1 schema differs: booleans are yes/no, true/false,
 * on/off only (`y` and `n` are strings: `{x: 1, y: 2}` has a key `y`), and a float needs a point
 * (`1e5` is a string, `1.0e+5` a float).
 */
function pyyamlTags(tags: Tags): Tags {
  const bool = (value: boolean, test: RegExp): ScalarTag => ({
    tag: 'tag:yaml.org,2002:bool',
    default: true,
    identify: (v) => typeof v === 'boolean',
    test,
    resolve: () => value,
  });
  const float: ScalarTag = {
    tag: 'tag:yaml.org,2002:float',
    default: true,
    identify: (v) => typeof v === 'number',
    test: /^(?:[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?)$/,
    resolve: (text) => Number.parseFloat(text.replace(/_/g, '')),
  };
  const replaced = tags.filter((tag) => {
    const { tag: name, format, test } = tag as ScalarTag;
    return name !== 'tag:yaml.org,2002:bool' && !(name === 'tag:yaml.org,2002:float' && format !== 'TIME' && !String(test).includes('inf'));
  });
  return [bool(true, /^(?:[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/), bool(false, /^(?:[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/), float, ...replaced];
}

/**
 * YAML text as ros2cli reads it: PyYAML's `safe_load` (YAML 1.1 as PyYAML resolves it; a
 * repeated key: the last one), integers exact (bigint). Throws the YAML library's error for
 * text that is no YAML.
 */
export function loadYaml(text: string): unknown {
  return parse(text, { version: '1.1', intAsBigInt: true, uniqueKeys: false, customTags: pyyamlTags }) ?? null;
}

/** Python's type name of a value YAML gave. */
function pyType(value: unknown): string {
  if (value === null) return 'NoneType';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'float';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'string') return 'str';
  return Array.isArray(value) ? 'list' : 'dict';
}

/** Python's `str()` of a value YAML gave (`repr` inside lists and dicts). */
export function pyText(value: unknown, inside = false): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return pyFloat(value);
  if (typeof value === 'string') return inside ? pyStr(value) : value;
  if (typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return `[${value.map((item) => pyText(item, true)).join(', ')}]`;
  return `{${Object.entries(value as object)
    .map(([key, item]) => `${pyStr(key)}: ${pyText(item, true)}`)
    .join(', ')}}`;
}

/** Sets a stamp (a builtin_interfaces/Time) to a sim time in ns. */
export type StampSetter = (now: bigint) => void;

/** A message filled from YAML values failed: rosidl_runtime_py's error text (ros2cli prints `Failed to populate field: …`). */
export class FieldsError extends Error {}

const timeOf = (now: bigint): Message => timeMsg(now);

/**
 * rosidl_runtime_py's `set_message_fields`: a message of `type` with the fields `values` gives,
 * the rest default. With `expandStamps` (ros2 topic pub), a Header given as `auto` and a Time
 * given as `now` are stamped at each publication: the setters returned do it. Values keep what
 * Python keeps (a float32 field holds the float given; rclsim rounds it as it publishes).
 */
export function fillMessage(type: MessageType, values: unknown, expandStamps: boolean): { message: Message; stamps: StampSetter[] } {
  const stamps: StampSetter[] = [];
  const fill = (type: MessageType, values: unknown, message: Message): Message => {
    if (typeof values !== 'object' || values === null || Array.isArray(values))
      throw new FieldsError(`Value '${pyText(values)}' is expected to be a dictionary but is a ${pyType(values)}`);
    for (const [name, value] of Object.entries(values)) {
      const field = type.fields.find((f) => f.name === name);
      if (field === undefined) throw new FieldsError(`'${type.name.split('/').pop()}' object has no attribute '${name}'`);
      if (field.isComplex === true) {
        const inner = type.fieldMessageType(field);
        if (field.isArray === true) {
          if (!Array.isArray(value)) throw new FieldsError(`Value '${pyText(value)}' is expected to be a list but is a ${pyType(value)}`);
          message[name] = value.map((item) => fill(inner, item, inner.createDefault()));
          check(type, name, message[name]);
        } else if (expandStamps && value === 'auto' && inner.name === 'std_msgs/msg/Header') {
          const header = message[name] as Message;
          stamps.push((now) => {
            header.stamp = timeOf(now);
          });
        } else if (expandStamps && value === 'now' && inner.name === 'builtin_interfaces/msg/Time') {
          stamps.push((now) => {
            message[name] = timeOf(now);
          });
        } else {
          message[name] = fill(inner, value, message[name] as Message);
        }
        continue;
      }
      // Python converts as the field's type does: str(5) is '5'.
      const given = (field.type === 'string' || field.type === 'wstring') && field.isArray !== true && typeof value !== 'string' ? pyText(value) : value;
      const normalized = check(type, name, given);
      message[name] = field.type === 'float32' && field.isArray !== true ? Number(given) : normalized;
    }
    return message;
  };
  return { message: fill(type, values, type.createDefault()), stamps };
}

/** A field's value as rclsim checks it (non-strict, as rclnodejs's setters), or the FieldsError saying why not. */
function check(type: MessageType, name: string, value: unknown): unknown {
  try {
    return type.normalizeField(name, value);
  } catch (error) {
    throw new FieldsError((error as Error).message);
  }
}

const PARAMETER = {
  BOOL: 1,
  INTEGER: 2,
  DOUBLE: 3,
  STRING: 4,
  BOOL_ARRAY: 6,
  INTEGER_ARRAY: 7,
  DOUBLE_ARRAY: 8,
  STRING_ARRAY: 9,
} as const;

/**
 * rclpy's `get_parameter_value` (what `ros2 param set` sends): the text read as YAML — a bool,
 * an integer, a double, a list all of one of them (Python's bools count as integers), else the
 * string (the text itself when YAML gives no string). A rcl_interfaces/ParameterValue.
 */
export function parameterValue(text: string, type: MessageType): Message {
  let parsed: unknown;
  try {
    parsed = loadYaml(text);
  } catch {
    parsed = text;
  }
  const value = type.createDefault();
  const isInt = (item: unknown) => typeof item === 'bigint' || typeof item === 'boolean';
  if (typeof parsed === 'boolean') Object.assign(value, { type: PARAMETER.BOOL, bool_value: parsed });
  else if (typeof parsed === 'bigint') Object.assign(value, { type: PARAMETER.INTEGER, integer_value: parsed });
  else if (typeof parsed === 'number') Object.assign(value, { type: PARAMETER.DOUBLE, double_value: parsed });
  else if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'boolean'))
    Object.assign(value, { type: PARAMETER.BOOL_ARRAY, bool_array_value: parsed });
  else if (Array.isArray(parsed) && parsed.every(isInt))
    Object.assign(value, { type: PARAMETER.INTEGER_ARRAY, integer_array_value: parsed.map((item) => BigInt(item as bigint | boolean)) });
  else if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'number'))
    Object.assign(value, { type: PARAMETER.DOUBLE_ARRAY, double_array_value: parsed });
  else if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string'))
    Object.assign(value, { type: PARAMETER.STRING_ARRAY, string_array_value: parsed });
  else Object.assign(value, { type: PARAMETER.STRING, string_value: typeof parsed === 'string' ? parsed : text });
  return type.normalize(value, false, false);
}
