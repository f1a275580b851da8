import { createRequire } from 'node:module';
import type { parseRos2idl as ParseRos2idl } from '@foxglove/ros2idl-parser';
import { InterfaceError, type OwnDefinition } from './definitionText.js';

// Loaded with the first .idl file: most runs read none.
const require = createRequire(import.meta.url);

/**
 * The definitions of an .idl file (@foxglove/ros2idl-parser), by struct name ('pkg/msg/Name',
 * 'pkg/srv/Name_Request', …), constants from the `<Name>_Constants` modules folded in. Types the
 * file only includes are declared as stubs for the parser; the registry resolves them by name.
 */
export function parseIdlFile(text: string, file: string): Map<string, OwnDefinition> {
  const { parseRos2idl } = require('@foxglove/ros2idl-parser') as { parseRos2idl: typeof ParseRos2idl };
  let stubs = '';
  for (let attempt = 0; attempt < 1000; attempt++) {
    let parsed: ReturnType<typeof ParseRos2idl>;
    try {
      parsed = parseRos2idl(stubs + text);
    } catch (error) {
      const missing = /Could not find node (\w+)::(\w+)::(\w+)/.exec((error as Error).message);
      if (!missing) throw new InterfaceError(`${file}: ${(error as Error).message.split('\n')[0]}`);
      const [, pkg, kind, name] = missing;
      stubs += `module ${pkg} { module ${kind} { struct ${name} { uint8 structure_needs_at_least_one_member; }; }; };\n`;
      continue;
    }
    const definitions = new Map<string, OwnDefinition>();
    for (const definition of parsed) {
      if (definition.name === undefined || definition.name.endsWith('_Constants')) continue;
      const constants = parsed.find((d) => d.name === `${definition.name}_Constants`)?.definitions ?? [];
      const fields = [...constants, ...definition.definitions];
      definitions.set(definition.name, {
        name: definition.name,
        fields,
        text,
        file,
        firstLine: 1,
        declared: declaredCharAndOctet(text, definition.name, fields),
        idl: true,
      });
    }
    return definitions;
  }
  throw new InterfaceError(`${file}: too many unresolved types`);
}

/**
 * The members of struct `name` (its last part) declared `char` or `octet`, alone, in arrays or
 * in sequences: the parser reads both as uint8. Strings and annotations are set aside first,
 * since comments in `@verbatim` texts may contain any word.
 */
function declaredCharAndOctet(text: string, name: string, fields: { name: string; type: string }[]): Map<string, 'char' | 'byte'> {
  const declared = new Map<string, 'char' | 'byte'>();
  const plain = text.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/@\w+(?:\s*\([^)]*\))?/g, ' ');
  // Fixed-size arrays are often declared through typedefs (rosidl writes `typedef octet octet__2[2];`).
  const aliases = new Map<string, string>();
  for (const [, type, alias] of plain.matchAll(/\btypedef\s+([^;]*?)\s*\b(\w+)\s*\[[^\]]*\]\s*;/g)) aliases.set(alias!, type!);
  const body = new RegExp(`\\bstruct\\s+${name.split('/').pop()}\\s*\\{([^}]*)\\}`).exec(plain)?.[1] ?? '';
  for (const member of body.split(';')) {
    const words = (member.replace(/\[[^\]]*\]\s*$/, '').match(/[A-Za-z_]\w*/g) ?? ([] as string[])).flatMap((word) =>
      aliases.has(word) ? (aliases.get(word)!.match(/[A-Za-z_]\w*/g) ?? []) : [word],
    );
    const field = fields.find((f) => f.name === words[words.length - 1]);
    if (field === undefined || field.type !== 'uint8') continue;
    if (words.includes('char')) declared.set(field.name, 'char');
    else if (words.includes('octet')) declared.set(field.name, 'byte');
  }
  return declared;
}
