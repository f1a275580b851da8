import { parseRos2idl } from '@foxglove/ros2idl-parser';
import { InterfaceError, type OwnDefinition } from './definitionText.js';

/**
 * The definitions of an .idl file (@foxglove/ros2idl-parser), by struct name ('pkg/msg/Name',
 * 'pkg/srv/Name_Request', …), constants from the `<Name>_Constants` modules folded in. Types the
 * file only includes are declared as stubs for the parser; the registry resolves them by name.
 */
export function parseIdlFile(text: string, file: string): Map<string, OwnDefinition> {
  let stubs = '';
  for (let attempt = 0; attempt < 1000; attempt++) {
    let parsed: ReturnType<typeof parseRos2idl>;
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
      definitions.set(definition.name, { name: definition.name, fields: [...constants, ...definition.definitions], text, file, firstLine: 1 });
    }
    return definitions;
  }
  throw new InterfaceError(`${file}: too many unresolved types`);
}
