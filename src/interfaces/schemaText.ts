import { InterfaceError, parseOwnDefinition, resolveTypeName, type OwnDefinition } from './definitionText.js';
import { parseIdlFile } from './idlDefinitions.js';

/**
 * The message definitions in a schema text as rosbag2 writes it with a bag's topics:
 * `ros2msg` (the type's own .msg text, then each dependency after a line of `=` and a
 * `MSG: pkg/Name` header) or `ros2idl` (IDL texts after `IDL: pkg/msg/Name` headers).
 * `origin` names where the text comes from, for errors.
 */
export function parseSchemaText(name: string, encoding: string, text: string, origin: string): Map<string, OwnDefinition> {
  if (encoding === 'ros2idl') return parseIdlFile(text, origin);
  if (encoding !== 'ros2msg') throw new InterfaceError(`${origin}: schema of ${name} is encoded as '${encoding}'; rclsim reads ros2msg and ros2idl`);
  const definitions = new Map<string, OwnDefinition>();
  const lines = text.split('\n');
  let blockName = name;
  let blockStart = 0;
  const close = (end: number): void => {
    const own = parseOwnDefinition(lines.slice(blockStart, end).join('\n'), blockName, origin, blockStart + 1);
    if (!definitions.has(blockName)) definitions.set(blockName, own);
  };
  for (let i = 0; i < lines.length; i++) {
    if (!/^={10,}\s*$/.test(lines[i]!)) continue;
    close(i);
    const header = /^MSG:\s*(\S+)\s*$/.exec(lines[i + 1] ?? '');
    const dependency = header === null ? null : resolveTypeName(header[1]!, name.split('/')[0]!);
    if (dependency === null) throw new InterfaceError(`${origin}:${i + 2}: expected 'MSG: pkg/Name' after the separator in the schema of ${name}`);
    blockName = dependency;
    blockStart = i + 2;
    i++;
  }
  close(lines.length);
  return definitions;
}
