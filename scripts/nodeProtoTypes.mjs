// proto/node.proto's messages and enums as TypeScript types (src/port/wire/nodeProtoTypes.ts), so
// that an operation of the node port is defined once, in the .proto. `npm run build` runs it before
// tsc; the output is committed so that an editor and `tsc --noEmit` see it without a build.
//
// The types follow nodeMessages.ts's rules for decoded messages: every field present (proto3's
// defaults), camelCase names, enums as unions of their value names, bytes as Uint8Array, uint64
// as number (ids and counts), int64 as bigint (times, seeds, sequences), oneof members optional.
// A nested enum is named after its message and itself (JsTimer.Kind: JsTimerKind).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';

const PROTO = fileURLToPath(new URL('../proto/node.proto', import.meta.url));
const OUT = fileURLToPath(new URL('../src/port/wire/nodeProtoTypes.ts', import.meta.url));

const LINE_WIDTH = 160;

const SCALARS = {
  string: 'string',
  bool: 'boolean',
  bytes: 'Uint8Array',
  double: 'number',
  float: 'number',
  int32: 'number',
  uint32: 'number',
  sint32: 'number',
  fixed32: 'number',
  sfixed32: 'number',
  uint64: 'number',
  fixed64: 'number',
  int64: 'bigint',
  sint64: 'bigint',
  sfixed64: 'bigint',
};

const { root } = protobuf.parse(readFileSync(PROTO, 'utf8'), { keepCase: false, alternateCommentMode: true });
const pkg = root.lookup('rclsim.node');

/** A type's TypeScript name: nested ones carry their parents' names. */
function nameOf(type) {
  const names = [];
  for (let at = type; at !== pkg; at = at.parent) names.unshift(at.name);
  return names.join('');
}

/** A proto comment as a doc comment (none: nothing). */
function doc(comment, indent) {
  // The port's annotations are scripts/nodePortOps.mjs's, not the types' documentation.
  const lines = (comment ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => !line.startsWith('port:'));
  if (lines.every((line) => line === '')) return '';
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} *${line === '' ? '' : ` ${line}`}`).join('\n')}\n${indent} */\n`;
}

function fieldType(field) {
  field.resolve();
  const base = field.resolvedType === null ? SCALARS[field.type] : nameOf(field.resolvedType);
  if (base === undefined) throw new Error(`node.proto: ${field.fullName}: no TypeScript type for ${field.type}`);
  if (field.map) throw new Error(`node.proto: ${field.fullName}: maps are not supported`);
  // An empty message says by its presence alone.
  const type = field.resolvedType instanceof protobuf.Type && field.resolvedType.fieldsArray.length === 0 ? 'Record<string, never>' : base;
  return field.repeated ? `${type}[]` : type;
}

const out = [
  '// Generated from proto/node.proto by scripts/nodeProtoTypes.mjs (npm run build): do not edit.',
  '// The rules decoded messages follow are in nodeMessages.ts, which exports these types.',
  '',
];

function emit(namespace) {
  for (const nested of namespace.nestedArray) {
    if (nested instanceof protobuf.Enum) {
      const values = Object.keys(nested.values).map((value) => `'${value}'`);
      const oneLine = `export type ${nameOf(nested)} = ${values.join(' | ')};`;
      // As the formatter (biome.jsonc's lineWidth) writes it, so that the lint passes on it.
      const type = oneLine.length <= LINE_WIDTH ? oneLine : `export type ${nameOf(nested)} =\n${values.map((value) => `  | ${value}`).join('\n')};`;
      out.push(`${doc(nested.comment, '')}${type}`, '');
    } else if (nested instanceof protobuf.Type) {
      emit(nested);
      // An empty message is carried as Record<string, never> where it is used.
      if (nested.fieldsArray.length === 0) continue;
      const fields = nested.fieldsArray.map((field) => {
        const optional = field.partOf !== null ? '?' : '';
        return `${doc(field.comment, '  ')}  ${field.name}${optional}: ${fieldType(field)};`;
      });
      out.push(`${doc(nested.comment, '')}export interface ${nameOf(nested)} {`, ...fields, '}', '');
    }
  }
}
emit(pkg);
const text = `${out.join('\n').trimEnd()}\n`;

writeFileSync(OUT, text);
