/**
 * How rosidl_generator_cpp spells interface types in C++: namespaces, struct names, header
 * paths, literals. 'pkg/kind/Name' is a message (a part of a service or action too:
 * 'pkg/srv/Foo_Request', 'pkg/action/Foo_SendGoal_Request').
 */

/** rosidl's file name of a type: an underscore before each capital that starts a word ('GoalStatusArray' → 'goal_status_array'). */
export function snakeCase(name: string): string {
  return name
    .replace(/(.)([A-Z][a-z]+)/g, '$1_$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

const SERVICE_PART = /_(Request|Response|Event)$/;
const ACTION_PART =
  /_(SendGoal_Request|SendGoal_Response|SendGoal_Event|GetResult_Request|GetResult_Response|GetResult_Event|SendGoal|GetResult|FeedbackMessage|Goal|Result|Feedback)$/;

/** The interface whose file declares a type ('pkg/srv/Foo_Request' → 'pkg/srv/Foo'). */
export function interfaceOf(typeName: string): string {
  const [pkg, kind, name] = typeName.split('/') as [string, string, string];
  const owner = kind === 'srv' ? name.replace(SERVICE_PART, '') : kind === 'action' ? name.replace(ACTION_PART, '') : name;
  return `${pkg}/${kind}/${owner}`;
}

/** 'pkg/kind/detail/<snake_name>' of an interface or a part of one: its detail headers add `__struct.hpp` and the like. */
export function detailBase(typeName: string): string {
  const [pkg, kind, name] = interfaceOf(typeName).split('/') as [string, string, string];
  return `${pkg}/${kind}/detail/${snakeCase(name)}`;
}

/** The header users include ('std_msgs/msg/string.hpp'). */
export function mainHeader(interfaceName: string): string {
  const [pkg, kind, name] = interfaceName.split('/') as [string, string, string];
  return `${pkg}/${kind}/${snakeCase(name)}.hpp`;
}

/** 'pkg::kind::Name'. */
export function cppName(typeName: string): string {
  return typeName.split('/').join('::');
}

/** A header's include guard, as rosidl makes it ('std_msgs/msg/string.hpp' → 'STD_MSGS__MSG__STRING_HPP_'). */
export function guardOf(path: string): string {
  return `${path
    .replace(/\//g, '__')
    .replace(/[^A-Za-z0-9_]/g, '_')
    .toUpperCase()}_`;
}

/** A C++ narrow string literal of the text's UTF-8 bytes (beyond printable ASCII as octal escapes, which never run on). */
export function cppStringLiteral(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    if (byte === 0x5c || byte === 0x22) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out}"`;
}

/** A C++ u"" literal (UTF-16): universal character names beyond ASCII; a lone surrogate as a hex escape ending its piece. */
export function cppU16Literal(text: string): string {
  let out = 'u"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code === 0x5c || code === 0x22) out += `\\${char}`;
    else if (code >= 0x20 && code < 0x7f) out += char;
    else if (code < 0x80) out += `\\${code.toString(8).padStart(3, '0')}`;
    else if (code >= 0xd800 && code < 0xe000) out += `\\x${code.toString(16)}" u"`;
    else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += `\\U${code.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}

/** A literal of a primitive C++ type (an IDL type name, as cppFields.ts gives them). */
export function cppLiteral(idlType: string, value: unknown): string {
  switch (idlType) {
    case 'bool':
      return value === true ? 'true' : 'false';
    case 'string':
      return cppStringLiteral(String(value));
    case 'wstring':
      return cppU16Literal(String(value));
    case 'float32':
    case 'float64':
      return floatLiteral(Number(value), idlType === 'float32');
    default:
      return integerLiteral(idlType, BigInt(value as number | bigint));
  }
}

function floatLiteral(value: number, single: boolean): string {
  const type = single ? 'float' : 'double';
  if (Number.isNaN(value)) return `std::numeric_limits<${type}>::quiet_NaN()`;
  if (!Number.isFinite(value)) return `${value < 0 ? '-' : ''}std::numeric_limits<${type}>::infinity()`;
  // JavaScript's shortest round-trip form, made a floating literal ('1' → '1.0'; '-0' stays negative zero).
  let text = Object.is(value, -0) ? '-0.0' : String(value);
  if (/^-?\d+$/.test(text)) text += '.0';
  return single ? `${text}f` : text;
}

/** Integers with rosidl's suffixes; the minimum of a signed type is written as an expression (its magnitude is no literal of the type). */
function integerLiteral(idlType: string, value: bigint): string {
  if (idlType === 'int64') return value === -(2n ** 63n) ? '(-9223372036854775807ll - 1)' : `${value}ll`;
  if (idlType === 'uint64') return `${value}ull`;
  if (idlType === 'int32') return value === -(2n ** 31n) ? '(-2147483647 - 1)' : `${value}`;
  if (idlType === 'uint32') return `${value}u`;
  return `${value}`;
}
