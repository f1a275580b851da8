import { createRequire } from 'node:module';
import { LoggingSeverity } from './LogOutput.js';
import { expandTopicName, normalizeNamespace, validateNodeName } from './names.js';
import { inferParameter, type Parameter, ParameterType } from './Parameter.js';
import { rclYamlScalar } from './rclYamlScalar.js';

// The YAML library loads with the first `-p` argument: a separate program's process loads this
// module before its program runs, and the library is 72 files (most programs have no `-p`).
const require = createRequire(import.meta.url);

/**
 * ROS 2 command-line arguments (`--ros-args … [--]`), as rcl parses them: remapping rules
 * (`-r [node:]from:=to`, including `__node` and `__ns`), parameters (`-p [node:]name:=value`,
 * values read as YAML), parameter files, and the log level. Everything outside `--ros-args`
 * sections belongs to the program.
 */
export interface RemapRule {
  /** Only for the node with this name (`-r node:from:=to`), or every node. */
  node: string | null;
  from: string;
  to: string;
}

export interface ParameterArgument {
  node: string | null;
  parameter: Parameter;
  /** Where it was given, for errors: the argument (`--ros-args -p 'rate:=5'`), or a job file's line. */
  source: string;
  /**
   * How many `--params-file`s came before it: rcl reads `-p` arguments and params files into one
   * table in the order given (rcl/src/rcl/arguments.c, `rcl_parse_arguments`), so a later one wins.
   */
  afterFiles?: number;
}

export interface RosArguments {
  remaps: RemapRule[];
  parameters: ParameterArgument[];
  paramsFiles: string[];
  /** `--log-level [logger:=]level`: the default level (logger null), or one logger's. */
  logLevels: { logger: string | null; level: LoggingSeverity }[];
  /** `--enclave`: the security enclave of the context's nodes (rcl's default is the root). */
  enclave: string;
  /** `--enable-rosout-logs` / `--disable-rosout-logs` (the last wins): whether nodes publish their logs on /rosout. */
  rosoutLogs: boolean;
  /** The arguments that are not ROS arguments, in order. */
  unparsed: string[];
}

export class RosArgumentsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RosArgumentsError';
  }
}

export function emptyRosArguments(): RosArguments {
  return { remaps: [], parameters: [], paramsFiles: [], logLevels: [], enclave: '/', rosoutLogs: true, unparsed: [] };
}

export function parseRosArguments(argv: readonly string[]): RosArguments {
  const result = emptyRosArguments();
  let inRosArgs = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--ros-args') {
      inRosArgs = true;
      continue;
    }
    if (!inRosArgs) {
      result.unparsed.push(arg);
      continue;
    }
    if (arg === '--') {
      inRosArgs = false;
      continue;
    }
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) throw new RosArgumentsError(`'${arg}' needs a value`);
      return next;
    };
    switch (arg) {
      case '-r':
      case '--remap':
        result.remaps.push(parseRemap(value()));
        break;
      case '-p':
      case '--param':
        result.parameters.push({ ...parseParameterArgument(value()), afterFiles: result.paramsFiles.length });
        break;
      case '--params-file':
        result.paramsFiles.push(value());
        break;
      case '--log-level':
        result.logLevels.push(parseLogLevel(value()));
        break;
      case '-e':
      case '--enclave':
        result.enclave = value();
        break;
      case '--enable-rosout-logs':
      case '--disable-rosout-logs':
        result.rosoutLogs = arg === '--enable-rosout-logs';
        break;
      case '--enable-stdout-logs':
      case '--disable-stdout-logs':
      case '--enable-external-lib-logs':
      case '--disable-external-lib-logs':
        break;
      default:
        throw new RosArgumentsError(`unknown ROS argument '${arg}'`);
    }
  }
  return result;
}

/**
 * The remaps and parameters of `args` as the ROS arguments that give them again, without the
 * `--ros-args` before them (what a component container's node is handed, as ros2 component load
 * and launch_ros hand a LoadNode request's): each value written as YAML that rcl reads back with its type.
 */
export function rosArgumentsArgv(args: RosArguments): string[] {
  const argv: string[] = [];
  const prefix = (node: string | null): string => (node === null ? '' : `${node}:`);
  for (const { node, from, to } of args.remaps) argv.push('-r', `${prefix(node)}${from}:=${to}`);
  for (const file of args.paramsFiles) argv.push('--params-file', file);
  for (const { node, parameter } of args.parameters) argv.push('-p', `${prefix(node)}${parameter.name}:=${parameterYaml(parameter)}`);
  return argv;
}

/** A parameter's value as YAML of its type: a double keeps its point, a string its quotes. */
function parameterYaml(parameter: Parameter): string {
  const double = (value: number): string =>
    Number.isNaN(value) ? '.nan' : !Number.isFinite(value) ? (value > 0 ? '.inf' : '-.inf') : Number.isInteger(value) ? value.toFixed(1) : String(value);
  const scalar = (value: unknown): string => (typeof value === 'number' ? double(value) : typeof value === 'string' ? JSON.stringify(value) : String(value));
  switch (parameter.type) {
    case ParameterType.PARAMETER_BOOL_ARRAY:
    case ParameterType.PARAMETER_INTEGER_ARRAY:
    case ParameterType.PARAMETER_DOUBLE_ARRAY:
    case ParameterType.PARAMETER_STRING_ARRAY:
      return `[${(parameter.value as unknown[]).map(scalar).join(', ')}]`;
    case ParameterType.PARAMETER_BYTE_ARRAY:
      throw new RosArgumentsError(`parameter ${parameter.name}: a byte array cannot be written as a ROS argument`);
    default:
      return scalar(parameter.value);
  }
}

function splitNodePrefix(text: string, what: string): { node: string | null; rest: string } {
  const assign = text.indexOf(':=');
  if (assign < 0) throw new RosArgumentsError(`invalid ${what} '${text}': expected name:=value`);
  // rcl's lexer reads `rostopic://` and `rosservice://` whole, before a node prefix's colon could.
  const colon = text.search(/:(?!\/\/)/);
  if (colon >= 0 && colon < assign) return { node: text.slice(0, colon), rest: text.slice(colon + 1) };
  return { node: null, rest: text };
}

function parseRemap(text: string): RemapRule {
  const { node, rest } = splitNodePrefix(text, 'remapping');
  const [from, to] = rest.split(':=') as [string, string];
  if (!from || !to) throw new RosArgumentsError(`invalid remapping '${text}': expected from:=to`);
  try {
    checkRemapRule(from, to);
  } catch (error) {
    throw new RosArgumentsError(`invalid remapping '${text}': ${(error as Error).message}`);
  }
  return { node, from, to };
}

/**
 * rcl refuses a rule whose names are not valid (a bad node name or namespace, a topic name with
 * a space, an empty one) when it parses the arguments, before any node is created; a job file's
 * remappings are checked the same way.
 */
export function checkRemapRule(from: string, to: string): void {
  const { only, name } = remapMatch(from);
  if (only !== null) {
    // After a URL scheme rcl's parser expects a name's first token (rcl/src/rcl/arguments.c,
    // _rcl_parse_resource_match_token), which `__node` and `__ns` are not.
    if (isNodeOrNamespace(name)) throw new Error(`expected a topic or service name after ${from.slice(0, -name.length)}`);
    for (const each of [name, to]) expandTopicName(each, 'node', '/ns');
  } else if (from === '__node' || from === '__name') validateNodeName(to);
  else if (from === '__ns') {
    // rcl_parse_arguments refuses a relative one (where a node's own namespace argument gets its '/').
    if (!to.startsWith('/')) throw new Error(`namespace not remapped to a fully qualified name (found: ${to})`);
    normalizeNamespace(to);
  } else {
    // A name's form, expanded for some node in a namespace, so that '{ns}/a' is no '//a' here.
    for (const name of [from, to]) expandTopicName(name, 'node', '/ns');
  }
}

/** rcl's URL schemes on a rule's match side (RCL_TOPIC_REMAP, RCL_SERVICE_REMAP): the rule renames only that kind. */
const SCHEMES: readonly (readonly [string, 'topic' | 'service'])[] = [
  ['rostopic://', 'topic'],
  ['rosservice://', 'service'],
];

/** A rule's match side: the name it matches, and the kind it is for (null: topics and services both, as rcl's rules without a scheme). */
export function remapMatch(from: string): { only: 'topic' | 'service' | null; name: string } {
  for (const [scheme, kind] of SCHEMES) if (from.startsWith(scheme)) return { only: kind, name: from.slice(scheme.length) };
  return { only: null, name: from };
}

function isNodeOrNamespace(name: string): boolean {
  return name === '__node' || name === '__name' || name === '__ns';
}

function parseParameterArgument(text: string): ParameterArgument {
  const { node, rest } = splitNodePrefix(text, 'parameter');
  const assign = rest.indexOf(':=');
  const name = rest.slice(0, assign);
  const raw = rest.slice(assign + 2);
  if (!name) throw new RosArgumentsError(`invalid parameter '${text}': missing name`);
  return { node, parameter: parameterFromYaml(name, raw, `parameter '${text}'`), source: `--ros-args -p '${text}'` };
}

/**
 * A value written as YAML (as rcl reads `-p` values, rcl_parse_yaml_value) to a typed parameter:
 * a scalar or a flow sequence of them, plain ones typed by rcl's rules; text that is no YAML is
 * the string it is.
 */
export function parameterFromYaml(name: string, raw: string, where: string): Parameter {
  const { isScalar, isSeq, parseDocument } = require('yaml') as typeof import('yaml');
  // Anything but a scalar (a map, a nested sequence) is null, which no parameter type takes.
  const scalar = (node: unknown): unknown => {
    if (!isScalar(node)) return null;
    return node.type === 'PLAIN' && node.source !== undefined ? rclYamlScalar(node.source) : node.value;
  };
  const doc = parseDocument(raw, { intAsBigInt: true });
  const contents = doc.contents;
  const value = doc.errors.length > 0 ? raw : isSeq(contents) ? contents.items.map(scalar) : isScalar(contents) ? scalar(contents) : doc.toJS();
  try {
    return inferParameter(name, value ?? raw);
  } catch (error) {
    throw new RosArgumentsError(`${where}: ${(error as Error).message}`);
  }
}

/** rcl's `--log-level` value: `debug`, or `logger_name:=debug` (severity names in any case). */
function parseLogLevel(text: string): { logger: string | null; level: LoggingSeverity } {
  const assign = text.lastIndexOf(':=');
  const [logger, name] = assign < 0 ? [null, text] : [text.slice(0, assign), text.slice(assign + 2)];
  const level = (LoggingSeverity as Record<string, LoggingSeverity>)[name.toUpperCase()];
  if (level === undefined || name.toUpperCase() === 'UNSET' || logger === '') {
    throw new RosArgumentsError(`invalid --log-level '${text}': expected [logger:=]debug|info|warn|error|fatal`);
  }
  return { logger, level };
}
