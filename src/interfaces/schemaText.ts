import { InterfaceError, type OwnDefinition, parseOwnDefinition, resolveTypeName, serviceEventDefinition, splitSections } from './definitionText.js';
import { parseIdlFile } from './idlDefinitions.js';
import { idlText } from './idlText.js';
import type { MessageType } from './MessageType.js';

const SEPARATOR = '='.repeat(80);

/** A type's definition as rosbag2 stores it with a topic (MCAP schema, sqlite3 message_definitions). */
export interface BagSchema {
  encoding: 'ros2msg' | 'ros2idl';
  text: string;
}

/**
 * What rosbag2 (Jazzy's LocalMessageDefinitionSource) writes for a type: `ros2msg`, the type's
 * .msg text then each dependency after a separator and `MSG: pkg/Name`; or, when the type or
 * one of its dependencies is defined in IDL, `ros2idl` with every one as an `IDL: pkg/msg/Name`
 * block.
 */
export function bagSchemaOf(type: MessageType): BagSchema {
  const types = [type, ...type.dependencies];
  if (!types.some((t) => t.own.file.endsWith('.idl'))) return { encoding: 'ros2msg', text: type.fullText() };
  return { encoding: 'ros2idl', text: `${types.map((t) => `${SEPARATOR}\nIDL: ${t.name}\n${idlText(t)}`).join('\n')}\n` };
}

/**
 * What rosbag2 writes for a `<service>/_service_event` topic of type `<Service>_Event`: the
 * service's own text after `SRV: pkg/srv/Name`, then its dependencies as `MSG:` blocks.
 */
export function serviceEventSchema(service: string, serviceText: string, parts: MessageType[]): BagSchema {
  const dependencies = [...new Set(parts.flatMap((part) => part.dependencies))];
  const blocks = [`${SEPARATOR}\nSRV: ${service}\n${serviceText.trimEnd()}`];
  for (const dep of dependencies) blocks.push(`${SEPARATOR}\nMSG: ${dep.name.replace('/msg/', '/')}\n${dep.own.text.trimEnd()}`);
  return { encoding: 'ros2msg', text: `${blocks.join('\n')}\n` };
}

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
  const service = /^SRV:\s*(\S+)\s*$/.exec(lines[1] ?? '');
  if (/^={10,}\s*$/.test(lines[0] ?? '') && service !== null) return serviceEventDefinitions(name, service[1]!, lines, origin);
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

/** A service event's schema (`SRV: pkg/srv/Name` block first): its request, response and event types, and the dependencies. */
function serviceEventDefinitions(name: string, service: string, lines: string[], origin: string): Map<string, OwnDefinition> {
  let end = lines.findIndex((line, i) => i > 1 && /^={10,}\s*$/.test(line));
  if (end < 0) end = lines.length;
  const [request, response] = splitSections(lines.slice(2, end).join('\n'), 2, origin);
  const definitions = new Map<string, OwnDefinition>([
    [`${service}_Request`, parseOwnDefinition(request!.text, `${service}_Request`, origin, request!.firstLine + 2)],
    [`${service}_Response`, parseOwnDefinition(response!.text, `${service}_Response`, origin, response!.firstLine + 2)],
    [`${service}_Event`, serviceEventDefinition(service, origin)],
  ]);
  if (end < lines.length) {
    for (const [dependency, own] of parseSchemaText(name, 'ros2msg', lines.slice(end).join('\n').replace(/^/, '\n'), origin)) {
      if (!definitions.has(dependency)) definitions.set(dependency, own);
    }
  }
  return definitions;
}
