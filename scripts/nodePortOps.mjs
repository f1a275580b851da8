// The node port's operations, generated for every client from proto/node.proto's `port:`
// annotations (the .proto's opening comment says what they mean), so that an operation is written
// once: its message in the .proto, its handler on the simulation's side, and one use per client.
// Before this each operation's request builder was written by hand in WirePort.ts, _port.py and
// port.cpp/port.hpp, and nothing failed when one of them lacked it. `npm run build` runs it; the
// outputs are committed (a build leaves them unchanged), so an editor, tsc and a client built from
// a checkout without Node see them:
// - src/port/wire/nodePortOps.ts: the operations by section (the simulation's handler table takes
//   its keys from them: a handler missing is a tsc error), and rclnodejs's senders (WirePort's);
// - clients/python/rclsim/_port_ops.py: rclpy's senders (`_port` re-exports them);
// - clients/cpp/src/rclsim/port_ops.hpp and clients/cpp/src/port_ops.cpp: rclcpp's senders, in
//   rclsim::port beside port.hpp's hand-written functions, over the send and ask of port.cpp.
//
// A sender is named after the operation's message, and for a member of the message's own oneof
// after that member too (TimerOp.state: timer_op_state, timerOpState). It takes the message's
// fields in the .proto's order: for a oneof member, the fields outside the oneof and the member's
// value (none for a bool, which says by its presence; a message member by its own fields); for a
// message without a oneof the message itself (TypeScript, C++) or its fields with proto3's
// defaults (Python). It sends the message or asks it, and returns what its reply names.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';

const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const PROTO = at('proto/node.proto');

const SECTIONS = ['entities', 'parameters', 'graph', 'job', 'executor'];
const REPLIES = ['sent', 'empty', 'id', 'created', 'json', 'true', 'cdr', 'answer'];
const LINE_WIDTH = 160;

const { root } = protobuf.parse(readFileSync(PROTO, 'utf8'), { keepCase: true, alternateCommentMode: true });
root.resolveAll();
const pkg = root.lookup('rclsim.node');
const envelope = pkg.lookup('ToSimulation');

/** The `port:` line of a comment, as words (null: none). */
function annotation(comment, where) {
  const line = (comment ?? '').split('\n').find((text) => text.trim().startsWith('port:'));
  if (line === undefined) return null;
  const words = line
    .trim()
    .slice('port:'.length)
    .split(/[\s,]+/)
    .filter(Boolean);
  const run = words.indexOf('run');
  const known = new Set([...SECTIONS, ...REPLIES, 'conversation', 'run']);
  for (const word of words.slice(0, run < 0 ? words.length : run)) {
    if (!known.has(word) && !word.startsWith('(')) throw new Error(`node.proto: ${where}: 'port: ${words.join(' ')}': no such word as ${word}`);
    if (word.startsWith('(')) break;
  }
  return {
    section: words.find((word) => SECTIONS.includes(word)) ?? (words.includes('conversation') ? 'conversation' : null),
    reply: words.find((word) => REPLIES.includes(word)) ?? null,
    run: run < 0 ? null : words[run + 1],
  };
}

/** Field names, split into words. */
const words = (name) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split('_');
const snake = (name) => words(name).join('_');
const camel = (name) =>
  words(name)
    .map((word, index) => (index === 0 ? word : word[0].toUpperCase() + word.slice(1)))
    .join('');

/** One value the sender takes: a field of the message, or of its oneof member's message (`via`). */
function parameter(field, via = null) {
  return { field, via };
}

/** The operations: each member of ToSimulation's oneof that a section serves, each member of its own oneof apart. */
const operations = [];
for (const field of envelope.oneofs.message.fieldsArray) {
  const marked = annotation(field.comment, `ToSimulation.${field.name}`);
  if (marked === null || marked.section === null) throw new Error(`node.proto: ToSimulation.${field.name} says no 'port: <section>' (scripts/nodePortOps.mjs)`);
  if (marked.section === 'conversation') continue;
  const type = field.resolvedType;
  const oneof = type.oneofsArray[0];
  if (type.oneofsArray.length > 1) throw new Error(`node.proto: ${type.name} has more than one oneof: not supported by scripts/nodePortOps.mjs`);
  if (oneof === undefined) {
    if (marked.reply === null) throw new Error(`node.proto: ToSimulation.${field.name} says no reply`);
    operations.push({ field, type, member: null, section: marked.section, reply: marked.reply, run: marked.run, name: type.name, parameters: [] });
    continue;
  }
  for (const member of oneof.fieldsArray) {
    const own = annotation(member.comment, `${type.name}.${member.name}`);
    if (own === null || own.reply === null) throw new Error(`node.proto: ${type.name}.${member.name} says no 'port: <reply>' (scripts/nodePortOps.mjs)`);
    const parameters = [];
    for (const each of type.fieldsArray) {
      if (each.partOf === null) parameters.push(parameter(each));
      else if (each === member && member.resolvedType instanceof protobuf.Type)
        parameters.push(...member.resolvedType.fieldsArray.map((inner) => parameter(inner, member)));
      else if (each === member && member.type !== 'bool') parameters.push(parameter(each));
    }
    operations.push({
      field,
      type,
      member,
      section: marked.section,
      reply: own.reply,
      run: own.run ?? marked.run,
      name: `${type.name}_${member.name}`,
      parameters,
    });
  }
}

/** A message without fields (NextGoalId): its sender takes nothing. */
function isEmpty(op) {
  return op.member === null && op.type.fieldsArray.length === 0;
}

/** What the operation's doc comment says: the message, how it goes, and what comes later. */
function summary(op) {
  const what = op.member === null ? op.type.name : `${op.type.name}.${op.member.name}`;
  const how = {
    sent: 'sent, not answered',
    empty: 'asked, answered empty',
    id: 'asked: the id of its Created',
    created: 'asked: its Created',
    json: 'asked: its Answer.json',
    true: 'asked: whether its Answer.json is "true"',
    cdr: 'asked: its Answer.cdr',
    answer: 'asked: its Answer',
  }[op.reply];
  return `${what} (${op.section}): ${how}${op.run === null ? '' : `; then Run kind ${op.run}`}.`;
}

/** The message a sender builds, in a language's notation: `object(entries)` of `[name, value]`. */
function message(op, object, value) {
  const entries = (fields, via) =>
    fields
      .filter((field) => op.member === null || field.partOf === null || field === op.member)
      .map((field) => {
        if (field === op.member && field.type === 'bool') return [field.name, object.true];
        if (field === op.member && field.resolvedType instanceof protobuf.Type)
          return [field.name, object.of(field.resolvedType.fieldsArray.map((inner) => [inner.name, value(inner, field)]))];
        return [field.name, value(field, via)];
      });
  return object.of([[op.field.name, op.member === null ? object.whole : object.of(entries(op.type.fieldsArray, null))]]);
}

// ---------------------------------------------------------------- TypeScript

const TS_SCALARS = {
  string: 'string',
  bool: 'boolean',
  bytes: 'Uint8Array',
  double: 'number',
  uint32: 'number',
  int32: 'number',
  uint64: 'number',
  int64: 'bigint | number',
};

function tsType(field) {
  const base = field.resolvedType === null ? TS_SCALARS[field.type] : field.resolvedType.fullName.split('.').slice(3).join('');
  if (base === undefined) throw new Error(`node.proto: ${field.fullName}: no TypeScript type for ${field.type} (scripts/nodePortOps.mjs)`);
  return field.repeated ? `readonly ${base.includes(' ') ? `(${base})` : base}[]` : base;
}

const TS_RETURNS = { sent: 'void', empty: 'void', id: 'number', created: 'Created', json: 'string', true: 'boolean', cdr: 'Uint8Array', answer: 'Answer' };
const TS_ANSWERS = {
  sent: (built) => `link.send(${built});`,
  empty: (built) => `link.ask(${built});`,
  id: (built) => `return link.ask(${built}).created!.id;`,
  created: (built) => `return link.ask(${built}).created!;`,
  json: (built) => `return link.ask(${built}).answer?.json ?? '';`,
  true: (built) => `return link.ask(${built}).answer?.json === 'true';`,
  cdr: (built) => `return link.ask(${built}).answer?.cdr ?? new Uint8Array();`,
  answer: (built) => `return link.ask(${built}).answer ?? { json: '', cdr: new Uint8Array() };`,
};

function tsSender(op) {
  const params = isEmpty(op)
    ? []
    : op.member === null
      ? [`request: Outgoing<${op.type.name}>`]
      : op.parameters.map(({ field }) => `${camel(field.name)}: ${tsType(field)}`);
  const object = {
    true: 'true',
    whole: isEmpty(op) ? '{}' : 'request',
    of: (entries) => `{ ${entries.map(([name, value]) => (camel(name) === value ? value : `${camel(name)}: ${value}`)).join(', ')} }`,
  };
  const built = message(op, object, (field) => (field.repeated ? `[...${camel(field.name)}]` : camel(field.name)));
  const all = ['link: PortLink', ...params];
  const signature = `export function ${camel(op.name)}(${all.join(', ')}): ${TS_RETURNS[op.reply]} {`;
  // Past the line width, one parameter a line, as the formatter (biome) would have it.
  const lines =
    signature.length <= LINE_WIDTH ? [signature] : [`export function ${camel(op.name)}(`, ...all.map((param) => `  ${param},`), `): ${TS_RETURNS[op.reply]} {`];
  return [`/** ${summary(op)} */`, ...lines, `  ${TS_ANSWERS[op.reply](built)}`, '}', ''];
}

const fieldsBySection = Object.fromEntries(
  SECTIONS.map((section) => [section, [...new Set(operations.filter((op) => op.section === section).map((op) => camel(op.field.name)))]]),
);
const tsTypes = operations
  .flatMap((op) => [op.member === null && !isEmpty(op) ? op.type : null, ...op.parameters.map(({ field }) => field.resolvedType)])
  .filter((type) => type !== null)
  .map((type) => type.fullName.split('.').slice(3).join(''));
const tsImports = [...new Set(['Answer', 'Created', 'ToClient', 'ToSimulation', ...tsTypes])].sort((a, b) => a.localeCompare(b));

const typescript = [
  '// Generated from proto/node.proto by scripts/nodePortOps.mjs (npm run build): do not edit.',
  "// The node port's operations by section, and rclnodejs's senders (WirePort's): one per operation.",
  "import type { Outgoing } from './nodeMessages.js';",
  ...(`import type { ${tsImports.join(', ')} } from './nodeProtoTypes.js';`.length <= LINE_WIDTH
    ? [`import type { ${tsImports.join(', ')} } from './nodeProtoTypes.js';`]
    : ['import type {', ...tsImports.map((name) => `  ${name},`), "} from './nodeProtoTypes.js';"]),
  '',
  '/** How a sender reaches the simulation: an effect is sent; a question is asked, and its answer returned (a Failed one throws). */',
  'export interface PortLink {',
  '  send(message: Outgoing<ToSimulation>): void;',
  '  ask(message: Outgoing<ToSimulation>): ToClient;',
  '}',
  '',
  "/** The sections of the node port (NodePort's, src/port/sections/). */",
  `export const SECTIONS = [${SECTIONS.map((section) => `'${section}'`).join(', ')}] as const;`,
  '',
  'export type Section = (typeof SECTIONS)[number];',
  '',
  "/** The ToSimulation fields each section's handlers serve (the simulation's side: src/port/server/serve*.ts). */",
  'export interface SectionFields {',
  ...SECTIONS.flatMap((section) => {
    const fields = fieldsBySection[section].map((field) => `'${field}'`);
    const line = `  ${section}: ${fields.join(' | ')};`;
    return line.length <= LINE_WIDTH ? [line] : [`  ${section}:`, ...fields.map((field, index) => `    | ${field}${index === fields.length - 1 ? ';' : ''}`)];
  }),
  '}',
  '',
  '/** Every operation: its sender here (and in the Python and C++ clients, by snake_case name), its section and its ToSimulation field. */',
  'export const OPERATIONS: readonly { sender: string; section: Section; field: keyof ToSimulation }[] = [',
  ...operations.map((op) => `  { sender: '${camel(op.name)}', section: '${op.section}', field: '${camel(op.field.name)}' },`),
  '];',
  '',
  ...operations.flatMap(tsSender),
];

// ---------------------------------------------------------------- Python

const PY_SCALARS = {
  string: ['str', '""'],
  bool: ['bool', 'False'],
  bytes: ['bytes', 'b""'],
  double: ['float', '0.0'],
  uint32: ['int', '0'],
  int32: ['int', '0'],
  uint64: ['int', '0'],
  int64: ['int', '0'],
};
const PY_KEYWORDS = new Set([
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
]);
const pyName = (name) => (PY_KEYWORDS.has(name) ? `${name}_` : name);

function pyParameter(field) {
  if (field.resolvedType instanceof protobuf.Enum) {
    const zero = Object.keys(field.resolvedType.values).find((name) => field.resolvedType.values[name] === 0);
    return field.repeated ? `${pyName(field.name)}: Sequence[str] = ()` : `${pyName(field.name)}: str = "${zero}"`;
  }
  const scalar = PY_SCALARS[field.type];
  if (scalar === undefined) throw new Error(`node.proto: ${field.fullName}: no Python type for ${field.type} (scripts/nodePortOps.mjs)`);
  return field.repeated ? `${pyName(field.name)}: Sequence[${scalar[0]}] = ()` : `${pyName(field.name)}: ${scalar[0]} = ${scalar[1]}`;
}

const PY_RETURNS = { sent: 'None', empty: 'None', id: 'int', created: 'dict[str, Any]', json: 'str', true: 'bool', cdr: 'bytes', answer: 'dict[str, Any]' };
const PY_ANSWERS = {
  sent: (built) => `send(${built})`,
  empty: (built) => `ask(${built})`,
  id: (built) => `return int(ask(${built})["created"]["id"])`,
  created: (built) => `created: dict[str, Any] = ask(${built})["created"]\nreturn created`,
  json: (built) => `return str(ask(${built})["answer"]["json"])`,
  true: (built) => `return bool(ask(${built})["answer"]["json"] == "true")`,
  cdr: (built) => `return bytes(ask(${built})["answer"]["cdr"])`,
  answer: (built) => `answer: dict[str, Any] = ask(${built})["answer"]\nreturn answer`,
};

const PY_WIDTH = 120;

/** A long message: its body built first, an entry a line, then sent in its envelope. */
function pyBlock(built, answer) {
  const inner = built.match(/^\{"(\w+)": \{(.*)\}\}$/);
  if (inner === null) return [answer(built)];
  const entries = inner[2].split(/, (?=")/);
  return [`${inner[1]} = {`, ...entries.map((entry) => `    ${entry},`), '}', answer(`{"${inner[1]}": ${inner[1]}}`)];
}

function pySender(op) {
  const fields = op.member === null ? op.type.fieldsArray : op.parameters.map(({ field }) => field);
  const object = { true: 'True', whole: null, of: (entries) => `{${entries.map(([name, value]) => `"${name}": ${value}`).join(', ')}}` };
  object.whole = object.of(op.type.fieldsArray.map((field) => [field.name, field.repeated ? `list(${pyName(field.name)})` : pyName(field.name)]));
  const built = message(op, object, (field) => (field.repeated ? `list(${pyName(field.name)})` : pyName(field.name)));
  const oneLine = `def ${snake(op.name)}(${fields.map(pyParameter).join(', ')}) -> ${PY_RETURNS[op.reply]}:`;
  // Long ones as ruff's formatter writes them: a parameter a line, the message built first.
  const signature =
    oneLine.length <= PY_WIDTH
      ? [oneLine]
      : [`def ${snake(op.name)}(`, ...fields.map((field) => `    ${pyParameter(field)},`), `) -> ${PY_RETURNS[op.reply]}:`];
  const answer = PY_ANSWERS[op.reply](built);
  const body = answer.split('\n')[0].length + 4 <= PY_WIDTH ? [answer] : pyBlock(built, (request) => PY_ANSWERS[op.reply](request));
  return [
    '',
    '',
    ...signature,
    `    """${summary(op)}"""`,
    ...body
      .join('\n')
      .split('\n')
      .map((line) => `    ${line}`),
  ];
}

const python = [
  '# Generated from proto/node.proto by scripts/nodePortOps.mjs (npm run build): do not edit.',
  '"""The Python client\'s senders, one per operation of the node port (``_port`` re-exports them).',
  '',
  "A sender takes its message's fields in the .proto's order, at proto3's defaults unless given (a",
  'field at its default is left out when written), sends or asks the message, and returns what its',
  'answer names (a Failed answer raises SimulationError).',
  '"""',
  '',
  'from __future__ import annotations',
  '',
  'from collections.abc import Sequence',
  'from typing import Any',
  '',
  'from rclsim._socket import ask, send',
  '',
  '__all__ = [',
  ...operations.map((op) => `    "${snake(op.name)}",`),
  ']',
  ...operations.flatMap(pySender),
];

// ---------------------------------------------------------------- C++

const CPP_SCALARS = {
  string: 'std::string',
  bool: 'bool',
  bytes: 'std::string',
  double: 'double',
  uint32: 'uint32_t',
  int32: 'int32_t',
  uint64: 'uint64_t',
  int64: 'int64_t',
};
// C++ keywords the fields use, and `node`, the namespace of the messages.
const CPP_RESERVED = new Set(['namespace', 'node', 'default', 'delete', 'new', 'class', 'template', 'this', 'operator', 'union']);
const cppName = (name) => (CPP_RESERVED.has(name) ? `${name}_` : name);
/** A member of a generated struct (nodeProtoCpp.mjs's rule: a C++ keyword takes a trailing underscore). */
const cppMember = (name) => (CPP_RESERVED.has(name) && name !== 'node' ? `${name}_` : name);

function cppType(field) {
  const base = field.resolvedType === null ? CPP_SCALARS[field.type] : `node::${field.resolvedType.fullName.split('.').slice(3).join('_')}`;
  if (base === undefined) throw new Error(`node.proto: ${field.fullName}: no C++ type for ${field.type} (scripts/nodePortOps.mjs)`);
  if (field.repeated) return `const std::vector<${base}> &`;
  if (field.type === 'string') return 'const std::string &';
  return base;
}

const CPP_RETURNS = {
  sent: 'void',
  empty: 'void',
  id: 'uint64_t',
  created: 'node::Created',
  json: 'std::string',
  true: 'bool',
  cdr: 'std::string',
  answer: 'node::Answer',
};
const CPP_ANSWERS = {
  sent: () => 'link::send(message);',
  empty: () => 'link::ask(std::move(message));',
  id: () => 'return ops::created(link::ask(std::move(message))).id;',
  created: () => 'return ops::created(link::ask(std::move(message)));',
  json: () => 'return ops::answered(link::ask(std::move(message))).json;',
  true: () => 'return ops::answered(link::ask(std::move(message))).json == "true";',
  cdr: () => 'return ops::answered(link::ask(std::move(message))).cdr;',
  answer: () => 'return ops::answered(link::ask(std::move(message)));',
};

function cppSignature(op) {
  const params = isEmpty(op)
    ? []
    : op.member === null
      ? [`node::${op.type.name} request`]
      : op.parameters.map(({ field }) => `${cppType(field)} ${cppName(field.name)}`);
  return `${CPP_RETURNS[op.reply]} ${snake(op.name)}(${params.join(', ')})`;
}

function cppSender(op) {
  const field = op.field.name;
  const lines = ['node::ToSimulation message;'];
  if (isEmpty(op)) lines.push(`message.${field}.emplace();`);
  else if (op.member === null) lines.push(`message.${field} = std::move(request);`);
  else {
    lines.push(`message.${field}.emplace();`);
    for (const { field: each, via } of op.parameters) {
      const target = via === null ? `message.${field}->${cppMember(each.name)}` : `message.${field}->${cppMember(via.name)}`;
      if (via === null) lines.push(`${target} = ${cppName(each.name)};`);
      else {
        if (via.resolvedType.fieldsArray[0] === each) lines.push(`${target}.emplace();`);
        lines.push(`${target}->${cppMember(each.name)} = ${cppName(each.name)};`);
      }
    }
    if (op.member.type === 'bool') lines.push(`message.${field}->${cppMember(op.member.name)} = true;`);
  }
  lines.push(CPP_ANSWERS[op.reply]());
  return [cppSignature(op), '{', ...lines.map((line) => `  ${line}`), '}', ''];
}

const cppHeader = [
  '// Generated from proto/node.proto by scripts/nodePortOps.mjs (npm run build): do not edit.',
  "// The C++ client's senders, one per operation of the node port, beside port.hpp's hand-written",
  "// functions (which include this header): each takes its message's fields in the .proto's order (a",
  '// message without a oneof: the message), sends or asks it, and returns what its answer names (a',
  '// Failed answer throws rclsim::port::Failed).',
  '#ifndef RCLSIM__PORT_OPS_HPP_',
  '#define RCLSIM__PORT_OPS_HPP_',
  '',
  '#include <cstdint>',
  '#include <string>',
  '#include <vector>',
  '',
  '#include "wire/node_proto.hpp"',
  '',
  'namespace rclsim::port',
  '{',
  '',
  '// What the senders write with (port.cpp): an effect is sent; a question is asked, and its answer read.',
  'namespace link',
  '{',
  'void send(const node::ToSimulation & message);',
  'node::ToClient ask(node::ToSimulation message);',
  '}  // namespace link',
  '',
  ...operations.flatMap((op) => [`/// ${summary(op)}`, `${cppSignature(op)};`]),
  '',
  '}  // namespace rclsim::port',
  '',
  '#endif  // RCLSIM__PORT_OPS_HPP_',
];

const cppSource = [
  '// Generated from proto/node.proto by scripts/nodePortOps.mjs (npm run build): do not edit.',
  '#include "rclsim/port_ops.hpp"',
  '',
  '#include <stdexcept>',
  '#include <utility>',
  '',
  'namespace rclsim::port',
  '{',
  "// What the answers hold (named: the client builds in unity files, beside port.cpp's own helpers).",
  'namespace ops',
  '{',
  '',
  'const node::Created & created(const node::ToClient & answer)',
  '{',
  '  if (!answer.created) {',
  '    throw std::logic_error("rclsim: the simulation\'s answer is no Created");',
  '  }',
  '  return *answer.created;',
  '}',
  '',
  'node::Answer answered(const node::ToClient & answer)',
  '{',
  '  return answer.answer ? *answer.answer : node::Answer{};',
  '}',
  '',
  '}  // namespace ops',
  '',
  ...operations.flatMap(cppSender),
  '}  // namespace rclsim::port',
];

writeFileSync(at('src/port/wire/nodePortOps.ts'), `${typescript.join('\n').trimEnd()}\n`);
writeFileSync(at('clients/python/rclsim/_port_ops.py'), `${python.join('\n')}\n`);
writeFileSync(at('clients/cpp/src/rclsim/port_ops.hpp'), `${cppHeader.join('\n')}\n`);
writeFileSync(at('clients/cpp/src/port_ops.cpp'), `${cppSource.join('\n')}\n`);
