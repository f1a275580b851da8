import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readRegularFile } from '../base/regularFile.js';
import { InterfaceError, type OwnDefinition, parseOwnDefinition, serviceEventDefinition, splitSections } from './definitionText.js';
import { parseIdlFile } from './idlDefinitions.js';
import { MessageType } from './MessageType.js';
import { type BagSchema, bagSchemaOf, parseSchemaText, serviceEventSchema } from './schemaText.js';

/** Where interface definitions are found: a folder of packages, a package, or a colcon install. */
export interface InterfaceSource {
  path: string;
  /** The package a folder holds when its name is not the package's (e.g. test_interface_files). */
  package?: string;
}

export interface ServiceType {
  name: string;
  request: MessageType;
  response: MessageType;
  /** What its introspection publishes on `<service>/_service_event` (`<Service>_Event`). */
  event: MessageType;
  /** The definition file's text (.srv or .idl), as rosbag2 stores it with service events. */
  text: string;
}

export interface ActionType {
  name: string;
  goal: MessageType;
  result: MessageType;
  feedback: MessageType;
  /** The services and feedback message of the ROS 2 action protocol, derived from the three parts. */
  sendGoal: ServiceType;
  getResult: ServiceType;
  feedbackMessage: MessageType;
  /** The definition file's text (.action or .idl). */
  text: string;
}

const UUID = 'unique_identifier_msgs/msg/UUID';
const TIME = 'builtin_interfaces/msg/Time';

const require = createRequire(import.meta.url);
const STANDARD_SOURCES: InterfaceSource[] = [
  // rclsim's own definitions: services, actions and messages the common set lacks.
  { path: resolve(dirname(fileURLToPath(import.meta.url)), '../../../interfaces') },
  // ROS 2 Jazzy's common messages (full dependency texts; the first block is the type's own).
  { path: join(dirname(require.resolve('@foxglove/rosmsg-msgs-common/package.json')), 'msgdefs/ros2jazzy') },
];

/**
 * Message, service and action definitions by name: user sources first (they overlay the
 * standard ones, as a ROS 2 overlay workspace does), then rclsim's and ROS 2 Jazzy's common
 * definitions. Types are loaded when first asked for, each once.
 */
export class InterfaceRegistry {
  readonly #sources: InterfaceSource[];
  readonly #messages = new Map<string, MessageType>();
  readonly #services = new Map<string, ServiceType>();
  readonly #actions = new Map<string, ActionType>();
  /** Schema texts from bags, parsed when one of their types is first needed. */
  readonly #schemas: { name: string; encoding: string; text: string; origin: string; parsed?: Map<string, OwnDefinition> }[] = [];

  constructor(sources: InterfaceSource[] = []) {
    this.#sources = [...sources, ...STANDARD_SOURCES];
  }

  /** The folders of user packages, first first (a separate program's client reads the same definitions). */
  userSources(): InterfaceSource[] {
    return this.#sources.filter((source) => !STANDARD_SOURCES.includes(source));
  }

  /** Every source, first first: the user's, then rclsim's and ROS 2 Jazzy's common definitions. */
  sources(): readonly InterfaceSource[] {
    return this.#sources;
  }

  /** Adds a user source ahead of the others (a program's own packages). */
  addSource(source: InterfaceSource): void {
    if (!this.#sources.some((s) => s.path === source.path && s.package === source.package)) this.#sources.unshift(source);
  }

  /**
   * A schema text a bag carries for a topic's type (rosbag2's ros2msg or ros2idl). Its
   * definitions serve only types that no source has: installed definitions win, as they do for
   * `ros2 bag play`, which publishes with the installed type support.
   */
  addSchema(name: string, encoding: string, text: string, origin: string): void {
    this.#schemas.push({ name, encoding, text, origin });
  }

  message(name: string): MessageType {
    const known = this.#messages.get(name);
    if (known) return known;
    const [pkg, kind, typeName] = name.split('/') as [string, string, string];
    if (kind !== 'msg') {
      let owner: MessageType | null;
      try {
        owner = this.#ownerOfPart(name);
      } catch (error) {
        // A part of a service no source has, which a bag's schema may define (service events).
        const fromSchema = this.#fromSchemas(name);
        if (fromSchema === undefined) throw error;
        return this.#define(fromSchema);
      }
      if (owner) return owner;
      throw new InterfaceError(`unknown message type '${name}'`);
    }
    const file = this.#find(pkg, 'msg', typeName);
    if (file === null) {
      const fromSchema = this.#fromSchemas(name);
      if (fromSchema !== undefined) return this.#define(fromSchema);
      throw new InterfaceError(`unknown message type '${name}': no ${pkg}/msg/${typeName}.msg in ${this.#describeSources()}`);
    }
    if (file.endsWith('.idl')) return this.#define(this.#idlPart(file, name));
    const text = firstBlock(readDefinitionFile(file));
    return this.#define(parseOwnDefinition(text, name, file));
  }

  /** The definition rosbag2 records for topics of this type (see schemaText.ts). */
  bagSchema(name: string): BagSchema {
    const type = this.message(name);
    const event = /^(.+\/srv\/.+)_Event$/.exec(name);
    const service = event === null ? undefined : this.#services.get(event[1]!);
    if (service !== undefined && service.event === type) {
      return serviceEventSchema(service.name, service.text, [service.request, service.response]);
    }
    return bagSchemaOf(type);
  }

  service(name: string): ServiceType {
    const known = this.#services.get(name);
    if (known) return known;
    const actionService = /^(.+\/action\/.+)_(SendGoal|GetResult)$/.exec(name);
    if (actionService) {
      this.action(actionService[1]!);
      return this.#services.get(name)!;
    }
    const [pkg, , typeName] = name.split('/') as [string, string, string];
    const file = this.#find(pkg, 'srv', typeName);
    if (file === null) throw new InterfaceError(`unknown service type '${name}': no ${pkg}/srv/${typeName}.srv in ${this.#describeSources()}`);
    const [request, response] = this.#sections(file, name, ['Request', 'Response']);
    const service: ServiceType = {
      name,
      request: this.#define(request!),
      response: this.#define(response!),
      event: this.#define(serviceEventDefinition(name, file)),
      text: readDefinitionFile(file),
    };
    this.#services.set(name, service);
    return service;
  }

  action(name: string): ActionType {
    const known = this.#actions.get(name);
    if (known) return known;
    const [pkg, , typeName] = name.split('/') as [string, string, string];
    const file = this.#find(pkg, 'action', typeName);
    if (file === null) throw new InterfaceError(`unknown action type '${name}': no ${pkg}/action/${typeName}.action in ${this.#describeSources()}`);
    const [goal, result, feedback] = this.#sections(file, name, ['Goal', 'Result', 'Feedback']);
    const derived = (suffix: string, fields: [string, string][]): MessageType =>
      this.#define({
        name: `${name}_${suffix}`,
        fields: fields.map(([field, type]) => ({ name: field, type, isComplex: type.includes('/'), isArray: false })),
        text: fields.map(([field, type]) => `${type.replace('/msg/', '/')} ${field}`).join('\n'),
        file,
        firstLine: 1,
        declared: new Map(),
      });
    const protocolService = (suffix: string, request: MessageType, response: MessageType): ServiceType => ({
      name: `${name}_${suffix}`,
      request,
      response,
      event: this.#define(serviceEventDefinition(`${name}_${suffix}`, file)),
      text: `${request.own.text}\n---\n${response.own.text}\n`,
    });
    const action: ActionType = {
      name,
      goal: this.#define(goal!),
      result: this.#define(result!),
      feedback: this.#define(feedback!),
      sendGoal: protocolService(
        'SendGoal',
        derived('SendGoal_Request', [
          ['goal_id', UUID],
          ['goal', `${name}_Goal`],
        ]),
        derived('SendGoal_Response', [
          ['accepted', 'bool'],
          ['stamp', TIME],
        ]),
      ),
      getResult: protocolService(
        'GetResult',
        derived('GetResult_Request', [['goal_id', UUID]]),
        derived('GetResult_Response', [
          ['status', 'int8'],
          ['result', `${name}_Result`],
        ]),
      ),
      feedbackMessage: derived('FeedbackMessage', [
        ['goal_id', UUID],
        ['feedback', `${name}_Feedback`],
      ]),
      text: readDefinitionFile(file),
    };
    this.#actions.set(name, action);
    this.#services.set(action.sendGoal.name, action.sendGoal);
    this.#services.set(action.getResult.name, action.getResult);
    return action;
  }

  /** The interface packages the sources hold, sorted; `standardOnly` leaves the user's out. */
  packageNames(standardOnly = false): string[] {
    const names = new Set<string>();
    for (const source of standardOnly ? STANDARD_SOURCES : this.#sources) {
      if (source.package !== undefined) {
        names.add(source.package);
        continue;
      }
      for (const root of [source.path, join(source.path, 'share')]) {
        for (const entry of listDir(root)) {
          if (['msg', 'srv', 'action'].some((kind) => existsSync(join(root, entry, kind)))) names.add(entry);
        }
      }
      if (['msg', 'srv', 'action'].some((kind) => existsSync(join(source.path, kind)))) names.add(basename(source.path));
    }
    return [...names].sort();
  }

  /** Every type of a package ('pkg/kind/Name'), sorted: what the first source holding each has. */
  typeNames(pkg: string): string[] {
    const names = new Set<string>();
    for (const source of this.#sources) {
      if (source.package !== undefined && source.package !== pkg) continue;
      const roots =
        source.package !== undefined
          ? [source.path]
          : [
              join(source.path, pkg),
              join(source.path, 'share', pkg),
              join(source.path, pkg, 'share', pkg),
              ...(basename(source.path) === pkg ? [source.path] : []),
            ];
      for (const root of roots) {
        for (const kind of ['msg', 'srv', 'action']) {
          for (const file of listDir(join(root, kind))) {
            const ext = file.endsWith(`.${kind}`) ? kind : file.endsWith('.idl') ? 'idl' : null;
            if (ext !== null) names.add(`${pkg}/${kind}/${file.slice(0, -ext.length - 1)}`);
          }
        }
      }
    }
    return [...names].sort();
  }

  /** The parts of a .srv/.action file (sections split on `---`) or an .idl file (structs). */
  #sections(file: string, name: string, parts: string[]): OwnDefinition[] {
    if (file.endsWith('.idl')) return parts.map((part) => this.#idlPart(file, `${name}_${part}`));
    const sections = splitSections(readDefinitionFile(file), parts.length, file);
    return sections.map((section, i) => parseOwnDefinition(section.text, `${name}_${parts[i]}`, file, section.firstLine));
  }

  #idlPart(file: string, name: string): OwnDefinition {
    const definition = parseIdlFile(readDefinitionFile(file), file).get(name);
    if (definition === undefined) throw new InterfaceError(`${file}: no struct ${name.split('/').pop()} for ${name}`);
    return definition;
  }

  #define(own: OwnDefinition): MessageType {
    const type = new MessageType(own, this);
    this.#messages.set(own.name, type);
    return type;
  }

  /** 'pkg/srv/Name_Request' and the like: the parts of services and actions. */
  #ownerOfPart(name: string): MessageType | null {
    const match =
      /^(.+\/(srv|action)\/.+?)_(Request|Response|Event|Goal|Result|Feedback|FeedbackMessage|SendGoal_Request|SendGoal_Response|SendGoal_Event|GetResult_Request|GetResult_Response|GetResult_Event)$/.exec(
        name,
      );
    if (!match) return null;
    const [, owner, kind] = match;
    if (kind === 'srv') this.service(owner!);
    else this.action(owner!);
    return this.#messages.get(name) ?? null;
  }

  #fromSchemas(name: string): OwnDefinition | undefined {
    for (const schema of this.#schemas) {
      try {
        schema.parsed ??= parseSchemaText(schema.name, schema.encoding, schema.text, schema.origin);
      } catch (error) {
        // A schema that does not parse matters only to its own type.
        if (schema.name === name) throw error;
        continue;
      }
      const definition = schema.parsed.get(name);
      if (definition !== undefined) return definition;
    }
    return undefined;
  }

  /**
   * The definition file of `pkg/kind/typeName` as its package ships it (`ros2 interface show`):
   * its path and text — a common message's own block, without the definitions of its
   * dependencies that the common set appends; null when no source has it.
   */
  definitionFile(pkg: string, kind: 'msg' | 'srv' | 'action', typeName: string): { path: string; text: string } | null {
    const file = this.#find(pkg, kind, typeName);
    if (file === null) return null;
    const text = readDefinitionFile(file);
    const own = firstBlock(text);
    return { path: file, text: own === text ? text : `${own.trimEnd()}\n` };
  }

  #find(pkg: string, kind: string, typeName: string): string | null {
    for (const source of this.#sources) {
      const root = source.path;
      const folders =
        source.package !== undefined
          ? source.package === pkg
            ? [join(root, kind)]
            : []
          : [join(root, pkg, kind), join(root, 'share', pkg, kind), join(root, pkg, 'share', pkg, kind), ...(basename(root) === pkg ? [join(root, kind)] : [])];
      const candidates = folders.flatMap((folder) => [join(folder, `${typeName}.${kind}`), join(folder, `${typeName}.idl`)]);
      const found = candidates.find((candidate) => existsSync(candidate));
      if (found) return found;
    }
    return null;
  }

  #describeSources(): string {
    const user = this.#sources.length - STANDARD_SOURCES.length;
    const sources = user > 0 ? `${user} interface folder(s) and the standard packages` : 'the standard packages';
    return this.#schemas.length > 0 ? `${sources}, nor in the bag's schemas` : sources;
  }
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/** A definition file may carry its dependencies after `===…` lines (rosbag2's full text). */
function firstBlock(text: string): string {
  const separator = text.search(/^={10,}\s*$/m);
  return separator < 0 ? text : text.slice(0, separator);
}

export { InterfaceError };

/** A definition file's text; one that cannot be read (a FIFO, a device, no permission) is an InterfaceError naming it. */
function readDefinitionFile(file: string): string {
  try {
    return readRegularFile(file);
  } catch (error) {
    throw new InterfaceError(`${file}: cannot read interface definition (${(error as Error).message})`);
  }
}
