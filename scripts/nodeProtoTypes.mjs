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
import { FIXED_HEAD, fixedLayouts } from './fixedLayout.mjs';

const PROTO = fileURLToPath(new URL('../proto/node.proto', import.meta.url));
const OUT = fileURLToPath(new URL('../src/port/wire/nodeProtoTypes.ts', import.meta.url));
const LAYOUTS_OUT = fileURLToPath(new URL('../src/port/wire/fixedLayouts.ts', import.meta.url));

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

// The in-process link's hot messages' fixed layout (scripts/fixedLayout.mjs), as the table
// src/port/wire/fixedCodec.ts compiles: the same definition the C++ client's codec is written from.
const layouts = fixedLayouts(pkg).map((layout) => {
  const fields = layout.fields.map((field) => `      { name: '${field.name}', kind: '${field.kind}', offset: ${field.offset} },`);
  return [
    '  {',
    `    envelope: '${layout.envelope}',`,
    `    member: '${layout.member}',`,
    `    number: ${layout.number},`,
    `    fixedBytes: ${layout.fixedBytes},`,
    '    fields: [',
    ...fields,
    '    ],',
    '  },',
  ];
});
writeFileSync(
  LAYOUTS_OUT,
  [
    '// Generated from proto/node.proto by scripts/nodeProtoTypes.mjs (npm run build): do not edit.',
    "// The in-process link's hot messages in their fixed layout (scripts/fixedLayout.mjs says how it is laid out).",
    "import type { FixedLayout } from './fixedCodec.js';",
    '',
    "/** Where a body's fields start: after its mark (0) and its member's number. */",
    `export const FIXED_HEAD = ${FIXED_HEAD};`,
    '',
    'export const FIXED_LAYOUTS: readonly FixedLayout[] = [',
    ...layouts.flat(),
    '];',
    '',
  ].join('\n'),
);
