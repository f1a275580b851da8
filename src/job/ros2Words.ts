import { loadYaml } from './ros2Values.js';

/**
 * A `ros2` command line (the words after `ros2`) read as ros2cli (Jazzy) reads it with argparse:
 * the verbs rclsim has equivalents of, their arguments and defaults. Upstream: ros2/ros2cli
 * ros2topic/verb/pub.py, ros2topic/verb/echo.py, ros2param/verb/set.py, ros2service/verb/call.py,
 * ros2lifecycle/verb/set.py, ros2cli/node/direct.py (`--spin-time`), ros2topic/api (QoS keys);
 * the graph's verbs: ros2node/verb/{list,info}.py, ros2topic/verb/{list,info,hz}.py,
 * ros2param/verb/{list,get,describe,dump}.py, ros2action/verb/{list,send_goal}.py,
 * ros2interface/verb/list.py.
 */

/** A QoS as `ros2 topic pub`'s keys give it: a preset profile, then what the keys override. */
export interface Ros2QoS {
  profile: string;
  depth: number | null;
  history: string | null;
  reliability: string | null;
  durability: string | null;
}

export type Ros2Command =
  | {
      verb: 'topic pub';
      topic: string;
      type: string;
      values: string;
      /** Seconds between messages (1 / --rate). */
      period: number;
      printNth: number;
      /** 0: until the run ends. */
      times: number;
      waitMatching: number;
      maxWaitTime: number | null;
      keepAlive: number;
      nodeName: string | null;
      qos: Ros2QoS;
      spinTime: number;
    }
  | {
      verb: 'topic echo';
      topic: string;
      /** Empty: the topic's own type. */
      type: string;
      once: boolean;
      timeout: number | null;
      /** --qos-profile (sensor_data) and the keys given. */
      qos: Ros2QoS;
      /** No key but the profile given: echo.py's choose_qos takes reliability and durability from the publishers. */
      adaptToPublishers: boolean;
      truncate: number | null;
      noArr: boolean;
      noStr: boolean;
      spinTime: number;
    }
  | { verb: 'param set'; node: string; name: string; value: string; timeout: number; spinTime: number }
  | { verb: 'service call'; service: string; type: string; values: string; period: number | null }
  | { verb: 'lifecycle set'; node: string; transition: string; spinTime: number }
  | { verb: 'node list'; all: boolean; count: boolean; spinTime: number }
  | { verb: 'node info'; node: string; includeHidden: boolean; spinTime: number }
  | { verb: 'topic list'; showTypes: boolean; count: boolean; includeHidden: boolean; verbose: boolean; spinTime: number }
  | { verb: 'topic info'; topic: string; verbose: boolean; spinTime: number }
  | { verb: 'topic hz'; topic: string; window: number; spinTime: number }
  | { verb: 'param list'; node: string | null; filter: string | null; includeHidden: boolean; paramType: boolean; spinTime: number }
  | { verb: 'param get'; node: string; name: string; hideType: boolean; includeHidden: boolean; timeout: number; spinTime: number }
  | { verb: 'param describe'; node: string; names: string[]; includeHidden: boolean; timeout: number; spinTime: number }
  | { verb: 'param dump'; node: string; includeHidden: boolean; timeout: number; spinTime: number }
  | { verb: 'action list'; showTypes: boolean; count: boolean; spinTime: number }
  /** Which kinds to list: msg, srv, action (all three when none is asked for). */
  | { verb: 'interface list'; kinds: ('msg' | 'srv' | 'action')[] }
  | { verb: 'interface show'; type: string; allComments: boolean; noComments: boolean }
  | { verb: 'action send_goal'; action: string; type: string; values: string; feedback: boolean };

/** The graph's verbs: each asks the graph (or a node's parameter services) once and prints. */
export type Ros2Query = Extract<
  Ros2Command,
  {
    verb:
      | `node ${string}`
      | 'topic list'
      | 'topic info'
      | 'topic hz'
      | `param ${'list' | 'get' | 'describe' | 'dump'}`
      | 'action list'
      | `interface ${'list' | 'show'}`;
  }
>;

/** A command line ros2cli would refuse (argparse's error), or a verb rclsim has no equivalent of. */
export class Ros2UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Ros2UsageError';
  }
}

interface OptionSpec {
  names: string[];
  dest: string;
  /** A flag takes no value; its value is `true`. */
  flag?: true;
  choices?: readonly string[];
  convert?: (text: string) => number;
  /** argparse's name for the conversion, in its error line. */
  kind?: string;
}

interface VerbSpec {
  prog: string;
  positionals: string[];
  /** The last positional may be left out (`values`, default `{}`). */
  optionalLast: boolean;
  /** The last positional takes one or more words (argparse's nargs='+'), joined by a newline. */
  variadicLast?: true;
  options: OptionSpec[];
  /** Options of which at most one may be given (argparse's mutually exclusive group). */
  exclusive?: [string, string];
}

function float(text: string): number {
  // Python's float(): decimal text, inf and nan (any case), no hex.
  const trimmed = text.trim();
  if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) return Number(trimmed);
  if (/^[-+]?(inf|infinity)$/i.test(trimmed)) return trimmed.startsWith('-') ? -Infinity : Infinity;
  throw new RangeError();
}

function positiveFloat(text: string): number {
  const value = float(text);
  if (!(value > 0)) throw new RangeError();
  return value;
}

function int(text: string): number {
  const trimmed = text.trim().replace(/_/g, '');
  if (!/^[-+]?\d+$/.test(trimmed)) throw new RangeError();
  return Number(trimmed);
}

function positiveInt(text: string): number {
  const value = int(text);
  if (value <= 0) throw new RangeError();
  return value;
}

function nonnegativeInt(text: string): number {
  const value = int(text);
  if (value < 0) throw new RangeError();
  return value;
}

const PROFILES = [
  'unknown',
  'default',
  'system_default',
  'sensor_data',
  'services_default',
  'parameters',
  'parameter_events',
  'action_status_default',
  'best_available',
];
const DIRECT_NODE: OptionSpec[] = [
  { names: ['--spin-time'], dest: 'spin_time', convert: float, kind: 'float' },
  { names: ['-s', '--use-sim-time'], dest: 'use_sim_time', flag: true },
];
const NODE_STRATEGY: OptionSpec[] = [...DIRECT_NODE, { names: ['--no-daemon'], dest: 'no_daemon', flag: true }];
const QOS_KEYS: OptionSpec[] = [
  { names: ['--qos-profile'], dest: 'qos_profile', choices: PROFILES },
  { names: ['--qos-depth'], dest: 'qos_depth', convert: int, kind: 'int' },
  { names: ['--qos-history'], dest: 'qos_history', choices: ['system_default', 'keep_last', 'keep_all', 'unknown'] },
  { names: ['--qos-reliability'], dest: 'qos_reliability', choices: ['system_default', 'reliable', 'best_effort', 'unknown', 'best_available'] },
  { names: ['--qos-durability'], dest: 'qos_durability', choices: ['system_default', 'transient_local', 'volatile', 'unknown', 'best_available'] },
];
/** echo.py's options rclsim has no equivalent of: refused by name. */
const ECHO_UNSUPPORTED = ['csv', 'field', 'flow_style', 'raw', 'filter_expr', 'include_message_info'];

const VERBS: Record<string, VerbSpec> = {
  'topic pub': {
    prog: 'ros2 topic pub',
    positionals: ['topic_name', 'message_type', 'values'],
    optionalLast: true,
    exclusive: ['once', 'times'],
    options: [
      { names: ['--stdin'], dest: 'stdin', flag: true },
      { names: ['-r', '--rate'], dest: 'rate', convert: positiveFloat, kind: 'positive_float' },
      { names: ['-p', '--print'], dest: 'print', convert: int, kind: 'int' },
      { names: ['-1', '--once'], dest: 'once', flag: true },
      { names: ['-t', '--times'], dest: 'times', convert: nonnegativeInt, kind: 'nonnegative_int' },
      { names: ['-w', '--wait-matching-subscriptions'], dest: 'wait_matching_subscriptions', convert: nonnegativeInt, kind: 'nonnegative_int' },
      { names: ['--max-wait-time-secs'], dest: 'max_wait_time_secs', convert: positiveFloat, kind: 'positive_float' },
      { names: ['--keep-alive'], dest: 'keep_alive', convert: positiveFloat, kind: 'positive_float' },
      { names: ['-n', '--node-name'], dest: 'node_name' },
      ...QOS_KEYS,
      ...DIRECT_NODE,
    ],
  },
  'topic echo': {
    prog: 'ros2 topic echo',
    positionals: ['topic_name', 'message_type'],
    optionalLast: true,
    options: [
      ...QOS_KEYS,
      { names: ['--csv'], dest: 'csv', flag: true },
      { names: ['--field'], dest: 'field' },
      { names: ['--full-length', '-f'], dest: 'full_length', flag: true },
      { names: ['--truncate-length', '-l'], dest: 'truncate_length', convert: nonnegativeInt, kind: 'unsigned_int' },
      { names: ['--no-arr'], dest: 'no_arr', flag: true },
      { names: ['--no-str'], dest: 'no_str', flag: true },
      { names: ['--flow-style'], dest: 'flow_style', flag: true },
      { names: ['--no-lost-messages'], dest: 'no_lost_messages', flag: true },
      { names: ['--raw'], dest: 'raw', flag: true },
      { names: ['--filter'], dest: 'filter_expr' },
      { names: ['--once'], dest: 'once', flag: true },
      { names: ['--timeout'], dest: 'timeout', convert: positiveFloat, kind: 'positive_float' },
      { names: ['--include-message-info', '-i'], dest: 'include_message_info', flag: true },
      ...NODE_STRATEGY,
    ],
  },
  'param set': {
    prog: 'ros2 param set',
    positionals: ['node_name', 'parameter_name', 'value'],
    optionalLast: false,
    options: [
      { names: ['--include-hidden-nodes'], dest: 'include_hidden_nodes', flag: true },
      { names: ['--timeout'], dest: 'timeout', convert: int, kind: 'int' },
      ...NODE_STRATEGY,
    ],
  },
  'service call': {
    prog: 'ros2 service call',
    positionals: ['service_name', 'service_type', 'values'],
    optionalLast: true,
    options: [
      { names: ['--stdin'], dest: 'stdin', flag: true },
      { names: ['-r', '--rate'], dest: 'rate', convert: float, kind: 'float' },
    ],
  },
  'lifecycle set': {
    prog: 'ros2 lifecycle set',
    positionals: ['node_name', 'transition'],
    optionalLast: false,
    options: [{ names: ['--include-hidden-nodes'], dest: 'include_hidden_nodes', flag: true }, ...NODE_STRATEGY],
  },
  'node list': {
    prog: 'ros2 node list',
    positionals: [],
    optionalLast: false,
    options: [{ names: ['-a', '--all'], dest: 'all', flag: true }, { names: ['-c', '--count-nodes'], dest: 'count', flag: true }, ...NODE_STRATEGY],
  },
  'node info': {
    prog: 'ros2 node info',
    positionals: ['node_name'],
    optionalLast: false,
    options: [{ names: ['--include-hidden'], dest: 'include_hidden', flag: true }, ...NODE_STRATEGY],
  },
  'topic list': {
    prog: 'ros2 topic list',
    positionals: [],
    optionalLast: false,
    options: [
      { names: ['-t', '--show-types'], dest: 'show_types', flag: true },
      { names: ['-c', '--count-topics'], dest: 'count', flag: true },
      { names: ['--include-hidden-topics'], dest: 'include_hidden', flag: true },
      { names: ['-v', '--verbose'], dest: 'verbose', flag: true },
      ...NODE_STRATEGY,
    ],
  },
  'topic info': {
    prog: 'ros2 topic info',
    positionals: ['topic_name'],
    optionalLast: false,
    options: [{ names: ['--verbose', '-v'], dest: 'verbose', flag: true }, ...NODE_STRATEGY],
  },
  'topic hz': {
    prog: 'ros2 topic hz',
    positionals: ['topic_name'],
    optionalLast: false,
    options: [
      { names: ['--window', '-w'], dest: 'window_size', convert: positiveInt, kind: 'positive_int' },
      { names: ['--filter'], dest: 'filter_expr' },
      { names: ['--wall-time'], dest: 'use_wtime', flag: true },
      ...DIRECT_NODE,
    ],
  },
  'param list': {
    prog: 'ros2 param list',
    positionals: ['node_name'],
    optionalLast: true,
    options: [
      { names: ['--filter'], dest: 'filter' },
      { names: ['--include-hidden-nodes'], dest: 'include_hidden_nodes', flag: true },
      { names: ['--param-prefixes'], dest: 'param_prefixes' },
      { names: ['--param-type'], dest: 'param_type', flag: true },
      ...NODE_STRATEGY,
    ],
  },
  'param get': {
    prog: 'ros2 param get',
    positionals: ['node_name', 'parameter_name'],
    optionalLast: false,
    options: [
      { names: ['--include-hidden-nodes'], dest: 'include_hidden_nodes', flag: true },
      { names: ['--hide-type'], dest: 'hide_type', flag: true },
      { names: ['--timeout'], dest: 'timeout', convert: int, kind: 'int' },
      ...NODE_STRATEGY,
    ],
  },
  'param describe': {
    prog: 'ros2 param describe',
    positionals: ['node_name', 'parameter_names'],
    optionalLast: false,
    variadicLast: true,
    options: [
      { names: ['--include-hidden-nodes'], dest: 'include_hidden_nodes', flag: true },
      { names: ['--timeout'], dest: 'timeout', convert: int, kind: 'int' },
      ...NODE_STRATEGY,
    ],
  },
  'action list': {
    prog: 'ros2 action list',
    positionals: [],
    optionalLast: false,
    options: [
      { names: ['-t', '--show-types'], dest: 'show_types', flag: true },
      { names: ['-c', '--count-actions'], dest: 'count', flag: true },
      ...NODE_STRATEGY,
    ],
  },
  'action send_goal': {
    prog: 'ros2 action send_goal',
    positionals: ['action_name', 'action_type', 'goal'],
    optionalLast: true,
    options: [
      { names: ['--stdin'], dest: 'stdin', flag: true },
      { names: ['-f', '--feedback'], dest: 'feedback', flag: true },
    ],
  },
  'interface list': {
    prog: 'ros2 interface list',
    positionals: [],
    optionalLast: false,
    options: [
      { names: ['-m', '--only-msgs'], dest: 'msg', flag: true },
      { names: ['-s', '--only-srvs'], dest: 'srv', flag: true },
      { names: ['-a', '--only-actions'], dest: 'action', flag: true },
    ],
  },
  'interface show': {
    prog: 'ros2 interface show',
    positionals: ['type'],
    optionalLast: false,
    exclusive: ['all_comments', 'no_comments'],
    options: [
      { names: ['--all-comments'], dest: 'all_comments', flag: true },
      { names: ['--no-comments'], dest: 'no_comments', flag: true },
    ],
  },
  'param dump': {
    prog: 'ros2 param dump',
    positionals: ['node_name'],
    optionalLast: false,
    options: [
      { names: ['--include-hidden-nodes'], dest: 'include_hidden_nodes', flag: true },
      { names: ['--timeout'], dest: 'timeout', convert: int, kind: 'int' },
      ...NODE_STRATEGY,
    ],
  },
};

/** argparse's reading of `words` for one verb: positionals in order, options anywhere, `--` ends options. */
function parse(spec: VerbSpec, words: readonly string[]): Map<string, string | number | true> {
  const fail = (message: string): never => {
    throw new Ros2UsageError(`${spec.prog}: error: ${message}`);
  };
  const found = new Map<string, string | number | true>();
  const positionals: string[] = [];
  const optionOf = (name: string): OptionSpec | undefined => spec.options.find((option) => option.names.includes(name));
  let onlyPositionals = false;
  // argparse: a negative number is a positional unless the parser has an option that looks like one (pub's -1).
  const negativeNumber = /^-\d+$|^-\d*\.\d+$/;
  const numbersArePositional = !spec.options.some((option) => option.names.some((name) => negativeNumber.test(name)));
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (onlyPositionals || !word.startsWith('-') || word === '-' || (numbersArePositional && negativeNumber.test(word))) {
      positionals.push(word);
      continue;
    }
    if (word === '--') {
      onlyPositionals = true;
      continue;
    }
    const equals = word.startsWith('--') ? word.indexOf('=') : -1;
    const name = equals < 0 ? (word.startsWith('--') ? word : word.slice(0, 2)) : word.slice(0, equals);
    const option = optionOf(name);
    if (option === undefined) fail(`unrecognized arguments: ${word}`);
    const shown = option!.names.join('/');
    let text: string | undefined;
    if (option!.flag) {
      if (equals >= 0 || (!word.startsWith('--') && word.length > 2))
        fail(`argument ${shown}: ignored explicit argument '${word.slice(equals >= 0 ? equals + 1 : 2)}'`);
      found.set(option!.dest, true);
    } else {
      const attached = equals >= 0 ? word.slice(equals + 1) : !word.startsWith('--') && word.length > 2 ? word.slice(2) : undefined;
      text = attached ?? words[++i];
      // argparse takes no option-like word as a value.
      if (text === undefined || (attached === undefined && text.startsWith('-') && text.length > 1 && !(numbersArePositional && negativeNumber.test(text))))
        fail(`argument ${shown}: expected one argument`);
      if (option!.choices !== undefined && !option!.choices.includes(text!))
        fail(`argument ${shown}: invalid choice: '${text}' (choose from ${option!.choices.map((c) => `'${c}'`).join(', ')})`);
      let value: string | number = text!;
      if (option!.convert !== undefined) {
        try {
          value = option!.convert(text!);
        } catch {
          fail(`argument ${shown}: invalid ${option!.kind} value: '${text}'`);
        }
      }
      found.set(option!.dest, value);
    }
    const [a, b] = spec.exclusive ?? [];
    if (a !== undefined && b !== undefined && found.has(a) && found.has(b)) {
      const names = (dest: string) => spec.options.find((option) => option.dest === dest)!.names.join('/');
      fail(`argument ${names(option!.dest)}: not allowed with argument ${names(option!.dest === a ? b : a)}`);
    }
  }
  const required = spec.optionalLast ? spec.positionals.length - 1 : spec.positionals.length;
  if (positionals.length < required) fail(`the following arguments are required: ${spec.positionals.slice(positionals.length, required).join(', ')}`);
  if (positionals.length > spec.positionals.length && !spec.variadicLast)
    fail(`unrecognized arguments: ${positionals.slice(spec.positionals.length).join(' ')}`);
  for (const [i, value] of positionals.entries()) {
    const dest = spec.positionals[Math.min(i, spec.positionals.length - 1)]!;
    found.set(dest, i < spec.positionals.length ? value : `${found.get(dest)}\n${value}`);
  }
  return found;
}

/**
 * The command `words` (after `ros2`) say, or a Ros2UsageError: argparse's line for a bad
 * command line; a line naming the verb rclsim has no equivalent of (`run` never comes here: ros2Run.ts makes it a node entry).
 */
export function readRos2Words(words: readonly string[]): Ros2Command {
  const verb = words.slice(0, 2).join(' ');
  const spec = VERBS[verb];
  if (spec === undefined) {
    throw new Ros2UsageError(
      `ros2 ${words.length === 0 ? '' : verb}: rclsim has no equivalent of this command (it has: ${Object.keys(VERBS)
        .map((name) => `ros2 ${name}`)
        .join(', ')})`,
    );
  }
  const args = parse(spec, words.slice(2));
  const text = (name: string, fallback: string): string => (args.get(name) as string | undefined) ?? fallback;
  const number = (name: string, fallback: number): number => (args.get(name) as number | undefined) ?? fallback;
  if (args.has('stdin')) throw new Ros2UsageError(`${spec.prog}: --stdin: a simulation has no standard input; give the values as an argument`);
  const qosKeys = (fallback: string): Ros2QoS => {
    for (const dest of ['qos_profile', 'qos_reliability', 'qos_durability'])
      if (['unknown', 'best_available'].includes(text(dest, '')))
        throw new Ros2UsageError(`${spec.prog}: --${dest.replace(/_/g, '-')} ${text(dest, '')}: rclsim's QoS has no such setting`);
    return {
      profile: text('qos_profile', fallback),
      depth: (args.get('qos_depth') as number | undefined) ?? null,
      history: (args.get('qos_history') as string | undefined) ?? null,
      reliability: (args.get('qos_reliability') as string | undefined) ?? null,
      durability: (args.get('qos_durability') as string | undefined) ?? null,
    };
  };
  switch (verb) {
    case 'topic echo': {
      const unsupported = ECHO_UNSUPPORTED.find((dest) => args.has(dest));
      if (unsupported !== undefined)
        throw new Ros2UsageError(
          `${spec.prog}: --${unsupported.replace('_expr', '').replace(/_/g, '-')}: rclsim has no equivalent of this option (it prints YAML)`,
        );
      return {
        verb,
        topic: text('topic_name', ''),
        type: text('message_type', ''),
        once: args.has('once'),
        timeout: (args.get('timeout') as number | undefined) ?? null,
        qos: qosKeys('sensor_data'),
        adaptToPublishers: !['qos_depth', 'qos_history', 'qos_reliability', 'qos_durability'].some((dest) => args.has(dest)),
        // echo.py: DEFAULT_TRUNCATE_LENGTH 128; --full-length: none.
        truncate: args.has('full_length') ? null : number('truncate_length', 128),
        noArr: args.has('no_arr'),
        noStr: args.has('no_str'),
        spinTime: number('spin_time', 0.5),
      };
    }
    case 'topic pub': {
      const times = args.has('once') ? 1 : number('times', 0);
      const qos = qosKeys('default');
      return {
        verb,
        topic: text('topic_name', ''),
        type: text('message_type', ''),
        values: text('values', '{}'),
        period: 1 / number('rate', 1),
        printNth: number('print', 1),
        times,
        // pub.py: waits for one subscription when it publishes a counted number of times.
        waitMatching: number('wait_matching_subscriptions', times !== 0 ? 1 : 0),
        maxWaitTime: (args.get('max_wait_time_secs') as number | undefined) ?? null,
        keepAlive: number('keep_alive', 0.1),
        nodeName: (args.get('node_name') as string | undefined) ?? null,
        qos,
        spinTime: number('spin_time', 0.5),
      };
    }
    case 'param set':
      return {
        verb,
        node: text('node_name', ''),
        name: text('parameter_name', ''),
        value: text('value', ''),
        timeout: number('timeout', 1),
        spinTime: number('spin_time', 0.5),
      };
    case 'service call': {
      const rate = (args.get('rate') as number | undefined) ?? null;
      // call.py: a rate of 0 or less is refused before anything runs.
      if (rate !== null && rate <= 0) throw new Ros2UsageError(`${spec.prog}: rate must be greater than zero`);
      return { verb, service: text('service_name', ''), type: text('service_type', ''), values: text('values', '{}'), period: rate === null ? null : 1 / rate };
    }
    case 'lifecycle set':
      return { verb, node: text('node_name', ''), transition: text('transition', ''), spinTime: number('spin_time', 0.5) };
    case 'action send_goal':
      return { verb, action: text('action_name', ''), type: text('action_type', ''), values: text('goal', '{}'), feedback: args.has('feedback') };
  }
  return readQueryWords(verb, spec.prog, args);
}

/** The graph's verbs, read from argparse's values. */
function readQueryWords(verb: string, prog: string, args: Map<string, string | number | true>): Ros2Query {
  const text = (name: string): string => (args.get(name) as string | undefined) ?? '';
  const spinTime = (args.get('spin_time') as number | undefined) ?? 0.5;
  // ros2param's --timeout: wait_for_node's, 1 s by default.
  const timeout = (args.get('timeout') as number | undefined) ?? 1;
  for (const dest of ['filter_expr', 'use_wtime', 'param_prefixes'])
    if (args.has(dest))
      throw new Ros2UsageError(
        `${prog}: --${dest.replace('_expr', '').replace('use_wtime', 'wall_time').replace(/_/g, '-')}: rclsim has no equivalent of this option`,
      );
  switch (verb) {
    case 'node list':
      return { verb, all: args.has('all'), count: args.has('count'), spinTime };
    case 'node info':
      return { verb, node: text('node_name'), includeHidden: args.has('include_hidden'), spinTime };
    case 'topic list':
      return {
        verb,
        showTypes: args.has('show_types'),
        count: args.has('count'),
        includeHidden: args.has('include_hidden'),
        verbose: args.has('verbose'),
        spinTime,
      };
    case 'topic info':
      return { verb, topic: text('topic_name'), verbose: args.has('verbose'), spinTime };
    case 'topic hz':
      // hz.py: DEFAULT_WINDOW_SIZE 10000.
      return { verb, topic: text('topic_name'), window: (args.get('window_size') as number | undefined) ?? 10000, spinTime };
    case 'param list':
      return {
        verb,
        node: args.has('node_name') ? text('node_name') : null,
        filter: args.has('filter') ? text('filter') : null,
        includeHidden: args.has('include_hidden_nodes'),
        paramType: args.has('param_type'),
        spinTime,
      };
    case 'param get':
      return {
        verb,
        node: text('node_name'),
        name: text('parameter_name'),
        hideType: args.has('hide_type'),
        includeHidden: args.has('include_hidden_nodes'),
        timeout,
        spinTime,
      };
    case 'param describe':
      return { verb, node: text('node_name'), names: text('parameter_names').split('\n'), includeHidden: args.has('include_hidden_nodes'), timeout, spinTime };
    case 'interface list': {
      const asked = (['msg', 'srv', 'action'] as const).filter((kind) => args.has(kind));
      return { verb, kinds: asked.length > 0 ? asked : ['msg', 'srv', 'action'] };
    }
    case 'interface show': {
      // show.py's ReadStdinPipe: `-` reads the type from a pipe, which a simulation has not.
      if (text('type') === '-') throw new Ros2UsageError(`${prog}: -: a simulation has no standard input; give the type as an argument`);
      if (text('type') === '') throw new Ros2UsageError(`${prog}: error: the passed value is empty`);
      return { verb, type: text('type'), allComments: args.has('all_comments'), noComments: args.has('no_comments') };
    }
    case 'action list':
      return { verb, showTypes: args.has('show_types'), count: args.has('count'), spinTime };
    default:
      return { verb: 'param dump', node: text('node_name'), includeHidden: args.has('include_hidden_nodes'), timeout, spinTime };
  }
}

/** A command line read as readRos2Words reads it, its VALUES checked as YAML: what is wrong throws a Ros2UsageError. */
export function readRos2Command(words: readonly string[]): Ros2Command {
  const command = readRos2Words(words);
  if (command.verb === 'topic pub' || command.verb === 'service call' || command.verb === 'action send_goal') {
    try {
      loadYaml(command.values);
    } catch (error) {
      throw new Ros2UsageError(`ros2 ${command.verb}: values: not YAML: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return command;
}
