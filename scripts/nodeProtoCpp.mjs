// proto/node.proto's messages and enums as C++17 structs with their codec, for the C++ client
// (clients/cpp/src/wire/node_proto.hpp and .cpp), without libprotobuf, which not every machine has.
// `npm run build` runs it; the output is committed (a build leaves it unchanged), so the client
// builds from a checkout without Node.
//
// The rules the output follows are written at the top of the header (`header` below).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { FIXED_HEAD, fixedLayouts } from './fixedLayout.mjs';

const PROTO = fileURLToPath(new URL('../proto/node.proto', import.meta.url));
const OUT = fileURLToPath(new URL('../clients/cpp/src/wire/node_proto', import.meta.url));

/** The scalar kinds node.proto uses: another needs its C++ type here and its codec in clients/cpp/src/wire/proto_runtime.hpp. */
const SCALARS = {
  uint64: { type: 'uint64_t', zero: '0' },
  int64: { type: 'int64_t', zero: '0' },
  uint32: { type: 'uint32_t', zero: '0' },
  int32: { type: 'int32_t', zero: '0' },
  bool: { type: 'bool', zero: 'false' },
  double: { type: 'double', zero: '0' },
  string: { type: 'std::string', zero: null },
  bytes: { type: 'std::string', zero: null },
};

// C++17's keywords (and alternative tokens): a field so named takes a trailing underscore.
const KEYWORDS = new Set(
  `alignas alignof and and_eq asm auto bitand bitor bool break case catch char char16_t char32_t class compl const
  constexpr const_cast continue decltype default delete do double dynamic_cast else enum explicit export extern false
  float for friend goto if inline int long mutable namespace new noexcept not not_eq nullptr operator or or_eq private
  protected public register reinterpret_cast return short signed sizeof static static_assert static_cast struct switch
  template this thread_local throw true try typedef typeid typename union unsigned using virtual void volatile wchar_t
  while xor xor_eq`.split(/\s+/),
);

const { root } = protobuf.parse(readFileSync(PROTO, 'utf8'), { keepCase: true, alternateCommentMode: true });
root.resolveAll();
const pkg = root.lookup('rclsim.node');

/** A type's C++ name: a nested one carries its parents' names (JsTimer_Kind). */
function nameOf(type) {
  const names = [];
  for (let at = type; at !== pkg; at = at.parent) names.unshift(at.name);
  return names.join('_');
}

function identifier(name) {
  return KEYWORDS.has(name) ? `${name}_` : name;
}

/** A proto comment as `//` lines (none: nothing). */
function comment(text, indent) {
  // The port's annotations are scripts/nodePortOps.mjs's, not the structs' documentation.
  if (!text) return [];
  const lines = text.split('\n').filter((line) => !line.trim().startsWith('port:'));
  return lines.map((line) => `${indent}//${line.trim() === '' ? '' : ` ${line.trim()}`}`);
}

const isMessage = (field) => field.resolvedType instanceof protobuf.Type;
const isEnum = (field) => field.resolvedType instanceof protobuf.Enum;

function scalar(field) {
  const kind = SCALARS[field.type];
  if (kind === undefined) throw new Error(`node.proto: ${field.fullName}: no C++ codec for ${field.type} (scripts/nodeProtoCpp.mjs: add it)`);
  return kind;
}

/** The C++ type of one value of a field. */
function valueType(field) {
  if (field.map) throw new Error(`node.proto: ${field.fullName}: maps are not supported`);
  return field.resolvedType === null ? scalar(field).type : nameOf(field.resolvedType);
}

/** Repeated numbers (and enums) go packed, as proto3 writes them, unless the field says [packed = false]. */
function packed(field) {
  return field.repeated && field.packed && !isMessage(field) && field.type !== 'string' && field.type !== 'bytes';
}

/** The field's default, for a member initializer; null: the type's own (empty). */
function zero(field) {
  if (isEnum(field)) {
    const name = Object.keys(field.resolvedType.values).find((value) => field.resolvedType.values[value] === 0);
    if (name === undefined) throw new Error(`node.proto: ${field.resolvedType.fullName} has no value 0`);
    return `${nameOf(field.resolvedType)}::${name}`;
  }
  return isMessage(field) ? null : scalar(field).zero;
}

// ---------------------------------------------------------------- the types, in an order C++ can declare them

const enums = [];
const messages = [];
(function collect(namespace) {
  for (const nested of namespace.nestedArray) {
    if (nested instanceof protobuf.Enum) enums.push(nested);
    else if (nested instanceof protobuf.Type) {
      messages.push(nested);
      collect(nested);
    }
  }
})(pkg);

/** Messages after the messages they hold (std::optional needs a complete type); else in the .proto's order. */
const ordered = [];
(function place(list, path) {
  for (const type of list) {
    if (ordered.includes(type)) continue;
    if (path.includes(type)) throw new Error(`node.proto: ${type.fullName} holds itself: not supported by scripts/nodeProtoCpp.mjs`);
    place(
      type.fieldsArray.filter(isMessage).map((field) => field.resolvedType),
      [...path, type],
    );
    ordered.push(type);
  }
})(messages, []);

const byNumber = (type) => [...type.fieldsArray].sort((a, b) => a.id - b.id);

// ---------------------------------------------------------------- the hot messages' fixed layout

const layouts = fixedLayouts(pkg);
/** The client writes what goes to the simulation and reads what comes from it. */
const sends = layouts.filter((layout) => layout.envelope === 'ToSimulation');
const receives = layouts.filter((layout) => layout.envelope === 'ToClient');
const FIXED_TYPES = { uint64: 'uint64_t', int64: 'int64_t', double: 'double', uint32: 'uint32_t', int32: 'int32_t', enum: 'int32_t', bool: 'uint8_t' };
const isVariable = (field) => field.kind === 'bytes' || field.kind === 'string';

/** A member's frame: its length, its fixed part, its strings' and bytes' contents. */
function fixedEncoder(layout) {
  const variable = layout.fields.filter(isVariable);
  const size = [String(layout.fixedBytes), ...variable.map((field) => `message.${identifier(field.name)}.size()`)].join(' + ');
  const fixed = layout.fields.map((field) => {
    const name = `message.${identifier(field.name)}`;
    if (isVariable(field)) return `  put_fixed<uint32_t>(p + ${field.offset}, static_cast<uint32_t>(${name}.size()));`;
    if (field.kind === 'bool') return `  p[${field.offset}] = ${name} ? 1 : 0;`;
    return `  put_fixed<${FIXED_TYPES[field.kind]}>(p + ${field.offset}, static_cast<${FIXED_TYPES[field.kind]}>(${name}));`;
  });
  const contents = variable.flatMap((field) => {
    const name = `message.${identifier(field.name)}`;
    return [`  std::memcpy(p + tail, ${name}.data(), ${name}.size());`, `  tail += ${name}.size();`];
  });
  return [
    `void append_fixed_frame(const ${layout.type} & message, std::string & out) {`,
    `  const size_t size = ${size};`,
    '  put_varint(out, size);',
    '  const size_t at = out.size();',
    '  out.resize(at + size);',
    '  char * p = &out[at];',
    '  p[0] = 0;',
    `  p[1] = ${layout.number};`,
    ...fixed,
    ...(variable.length > 0 ? [`  size_t tail = ${layout.fixedBytes};`, ...contents] : []),
    '}',
  ];
}

/** A member read from its fixed layout; false when a length runs past the end or bytes are left over. */
function fixedDecoder(layout) {
  const fields = layout.fields.map((field) => {
    const name = `message.${identifier(field.name)}`;
    const at = `data + ${field.offset}`;
    if (isVariable(field)) {
      return [
        `  length = get_fixed<uint32_t>(${at});`,
        '  if (length > size - tail) return false;',
        `  ${name}.assign(reinterpret_cast<const char *>(data + tail), length);`,
        '  tail += length;',
      ];
    }
    if (field.kind === 'bool') return [`  ${name} = data[${field.offset}] != 0;`];
    return [`  ${name} = static_cast<decltype(${name})>(get_fixed<${FIXED_TYPES[field.kind]}>(${at}));`];
  });
  return [
    `bool read_fixed(const uint8_t * data, size_t size, ${layout.type} & message) {`,
    `  if (size < ${layout.fixedBytes}) return false;`,
    `  size_t tail = ${layout.fixedBytes};`,
    '  uint32_t length;',
    ...fields.flat(),
    '  return tail == size;',
    '}',
  ];
}

const fixedSource = [
  '// ---------------------------------------------------------------- the fixed layout (scripts/fixedLayout.mjs)',
  '',
  'namespace {',
  '',
  ...sends.flatMap((layout) => [...fixedEncoder(layout), '']),
  ...receives.flatMap((layout) => [...fixedDecoder(layout), '']),
  '}  // namespace',
  '',
  'bool append_fixed_frame(const ToSimulation & message, std::string & out) {',
  '  if (message.ask != 0) return false;',
  ...sends.flatMap((layout) => [
    `  if (message.${identifier(layout.member)}) {`,
    `    append_fixed_frame(*message.${identifier(layout.member)}, out);`,
    '    return true;',
    '  }',
  ]),
  '  return false;',
  '}',
  '',
  'bool decode_fixed(const uint8_t * data, size_t size, ToClient & out) {',
  '  out = ToClient{};',
  `  if (size < ${FIXED_HEAD} || data[0] != 0) return false;`,
  '  switch (data[1]) {',
  ...receives.flatMap((layout) => [`    case ${layout.number}:`, `      return read_fixed(data, size, out.${identifier(layout.member)}.emplace());`]),
  '    default:',
  '      return false;',
  '  }',
  '}',
  '',
];

// ---------------------------------------------------------------- the header

function enumDeclaration(type) {
  const numbers = Object.values(type.values);
  if (new Set(numbers).size !== numbers.length) throw new Error(`node.proto: ${type.fullName}: aliases are not supported`);
  const values = Object.entries(type.values).flatMap(([name, number]) => [...comment(type.comments[name], '  '), `  ${name} = ${number},`]);
  return [...comment(type.comment, ''), `enum class ${nameOf(type)} : int32_t {`, ...values, '};'];
}

function member(field) {
  const type = valueType(field);
  const name = identifier(field.name);
  if (field.repeated) return `std::vector<${type}> ${name};`;
  if (field.partOf !== null || isMessage(field)) return `std::optional<${type}> ${name};`;
  const initial = zero(field);
  return initial === null ? `${type} ${name};` : `${type} ${name} = ${initial};`;
}

function structDeclaration(type) {
  if (type.fieldsArray.length === 0) return [...comment(type.comment, ''), `struct ${nameOf(type)} {};`];
  const lines = [];
  for (const field of type.fieldsArray) {
    const oneof = field.partOf;
    if (oneof !== null && oneof.fieldsArray[0] === field) {
      lines.push(`  // oneof ${oneof.name}: ${oneof.fieldsArray.map((each) => identifier(each.name)).join(', ')} (at most one set).`);
    }
    lines.push(...comment(field.comment, '  '), `  ${member(field)}`);
  }
  return [...comment(type.comment, ''), `struct ${nameOf(type)} {`, ...lines, '};'];
}

const header = [
  '// Generated from proto/node.proto by scripts/nodeProtoCpp.mjs (npm run build): do not edit.',
  '//',
  "// The node protocol's messages (docs/node-protocol.md) and their codec, without libprotobuf:",
  "// - a message is a struct with the .proto's field names (a C++ keyword takes a trailing underscore:",
  "//   namespace_), at proto3's defaults; string and bytes are std::string, repeated std::vector; a",
  '//   singular sub-message and every member of a oneof are std::optional: presence says which member',
  '//   came, and a member present at its default is written (set at most one of a oneof);',
  '// - a nested enum is named after its message and itself (JsTimer.Kind: JsTimer_Kind); name_of()',
  '//   gives a value\'s name, "(unknown)" for a value the .proto does not name;',
  "// - encode() appends a message's body to `out` (fields in number order, defaults left out, repeated",
  '//   numbers packed), the bytes protobufjs writes; decode() replaces `out` and is false on malformed',
  '//   input (a varint longer than ten bytes, a length past the end, a known field of another wire',
  '//   type, field number 0, a group or wire type 6 or 7); unknown fields are skipped, a oneof member',
  "//   replaces the one before it and a sub-message that comes twice is merged (protobuf's rules).",
  '#pragma once',
  '',
  '#include <cstddef>',
  '#include <cstdint>',
  '#include <optional>',
  '#include <string>',
  '#include <vector>',
  '',
  'namespace rclsim::node {',
  '',
  ...enums.flatMap((type) => [...enumDeclaration(type), '']),
  ...ordered.flatMap((type) => [...structDeclaration(type), '']),
  ...enums.map((type) => `const char * name_of(${nameOf(type)} value);`),
  '',
  ...ordered.flatMap((type) => [
    `void encode(const ${nameOf(type)} & message, std::string & out);`,
    `bool decode(const uint8_t * data, size_t size, ${nameOf(type)} & out);`,
  ]),
  '',
  "// The in-process link's hot messages in their fixed layout (scripts/fixedLayout.mjs), little-endian:",
  `// ${layouts.map((layout) => `${layout.envelope}.${layout.member}`).join(', ')}. A body in it starts with 0, which no protobuf body does.`,
  'inline bool is_fixed(const uint8_t * data, size_t size) { return size >= 2 && data[0] == 0; }',
  '// Appends the message as a frame in the fixed layout when its member has one (false: nothing appended).',
  'bool append_fixed_frame(const ToSimulation & message, std::string & out);',
  '// Replaces `out` with the body in the fixed layout; false when it is malformed or of a member without one.',
  'bool decode_fixed(const uint8_t * data, size_t size, ToClient & out);',
  '',
  '}  // namespace rclsim::node',
];

// ---------------------------------------------------------------- the codec (over wire/proto_runtime.hpp)

function nameOfFunction(type) {
  const cases = Object.keys(type.values).map((name) => `    case ${nameOf(type)}::${name}:\n      return "${name}";`);
  return [`const char * name_of(${nameOf(type)} value) {`, '  switch (value) {', ...cases, '  }', '  return "(unknown)";', '}'];
}

/** The statement that writes a field when it is not at its default (a oneof member: when present). */
function encodeField(field) {
  const name = `message.${identifier(field.name)}`;
  if (field.repeated) {
    if (packed(field)) return `  if (!${name}.empty()) put_packed(out, ${field.id}, ${name});`;
    const put = isMessage(field) ? 'put_message' : 'put_field';
    return `  for (const ${valueType(field)} & item : ${name}) ${put}(out, ${field.id}, item);`;
  }
  if (isMessage(field)) return `  if (${name}) put_message(out, ${field.id}, *${name});`;
  if (field.partOf !== null) return `  if (${name}) put_field(out, ${field.id}, *${name});`;
  const condition = isEnum(field)
    ? `${name} != ${zero(field)}`
    : ({ bool: name, double: `!is_positive_zero(${name})`, string: `!${name}.empty()`, bytes: `!${name}.empty()` }[field.type] ?? `${name} != 0`);
  return `  if (${condition}) put_field(out, ${field.id}, ${name});`;
}

function clearName(oneof) {
  return `clear_${oneof.name}`;
}

/** The case that reads a field. */
function decodeField(field) {
  const name = `message.${identifier(field.name)}`;
  const fail = 'return false;';
  let body;
  if (isMessage(field)) {
    const target = field.repeated ? `${name}.emplace_back()` : `*${name}`;
    const make = field.repeated
      ? []
      : field.partOf !== null
        ? [`      if (!${name}) {`, `        ${clearName(field.partOf)}(message);`, `        ${name}.emplace();`, '      }']
        : [`      if (!${name}) ${name}.emplace();`];
    body = ['      Reader inner;', `      if (wire != LEN || !read_nested(in, inner)) ${fail}`, ...make, `      if (!merge(inner, ${target})) ${fail}`];
    return [`    case ${field.id}: {`, ...body, '      break;', '    }'];
  }
  if (field.repeated) body = [`      if (!read_repeated(in, wire, ${name})) ${fail}`];
  else if (field.partOf !== null) body = [`      ${clearName(field.partOf)}(message);`, `      if (!read_field(in, wire, ${name}.emplace())) ${fail}`];
  else body = [`      if (!read_field(in, wire, ${name})) ${fail}`];
  return [`    case ${field.id}:`, ...body, '      break;'];
}

function codec(type) {
  const name = nameOf(type);
  const empty = type.fieldsArray.length === 0;
  const clears = type.oneofsArray.flatMap((oneof) => [
    `void ${clearName(oneof)}(${name} & message) {`,
    ...oneof.fieldsArray.map((field) => `  message.${identifier(field.name)}.reset();`),
    '}',
    '',
  ]);
  const merge = empty
    ? [
        `bool merge(Reader & in, ${name} &) {`,
        '  while (in.at != in.end) {',
        '    uint32_t number;',
        '    uint32_t wire;',
        '    if (!read_tag(in, number, wire) || !skip(in, wire)) return false;',
        '  }',
        '  return true;',
        '}',
      ]
    : [
        `bool merge(Reader & in, ${name} & message) {`,
        '  while (in.at != in.end) {',
        '    uint32_t number;',
        '    uint32_t wire;',
        '    if (!read_tag(in, number, wire)) return false;',
        '    switch (number) {',
        ...byNumber(type).flatMap(decodeField),
        '    default:',
        '      if (!skip(in, wire)) return false;',
        '    }',
        '  }',
        '  return true;',
        '}',
      ];
  const encode = empty
    ? [`void encode(const ${name} &, std::string &) {}`]
    : [`void encode(const ${name} & message, std::string & out) {`, ...byNumber(type).map(encodeField), '}'];
  return [
    `// ---------------------------------------------------------------- ${name}`,
    '',
    'namespace {',
    '',
    ...clears,
    ...merge,
    '',
    '}  // namespace',
    '',
    ...encode,
    '',
    `bool decode(const uint8_t * data, size_t size, ${name} & out) {`,
    `  out = ${name}{};`,
    '  Reader in{data, data + size};',
    '  return merge(in, out);',
    '}',
    '',
  ];
}

const source = [
  '// Generated from proto/node.proto by scripts/nodeProtoCpp.mjs (npm run build): do not edit.',
  '#include "node_proto.hpp"',
  '',
  '#include "proto_runtime.hpp"',
  '',
  'namespace rclsim::node {',
  '',
  ...enums.flatMap((type) => [...nameOfFunction(type), '']),
  ...ordered.flatMap(codec),
  ...fixedSource,
  '}  // namespace rclsim::node',
];

writeFileSync(`${OUT}.hpp`, `${header.join('\n')}\n`);
writeFileSync(`${OUT}.cpp`, `${source.join('\n')}\n`);
