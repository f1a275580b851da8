/**
 * gazebo_ros's spawn_entity.py's command line as its argparse parser reads it
 * (gazebo_ros_pkgs ros2 branch, gazebo_ros/scripts/spawn_entity.py, SpawnEntityNode.__init__):
 * one source of `-file`, `-topic`, `-database`, `-stdin` (a required mutually exclusive group),
 * `-entity` required, the rest with their defaults. argparse's own rules are kept where a launch
 * file can meet them: `-name=value`, a unique prefix of a long option (allow_abbrev), a one-letter
 * option's value joined to it (`-x1.5`), negative numbers taken as values, and its error messages
 * in its order (an option's value as it is consumed, then the required arguments, then the
 * required group, then what is left over).
 */
export interface SpawnEntityArguments {
  file?: string;
  topic?: string;
  database?: string;
  stdin: boolean;
  entity: string;
  reference_frame: string;
  gazebo_namespace: string;
  robot_namespace: string;
  timeout: number;
  unpause: boolean;
  wait?: string;
  spawn_service_timeout?: number;
  x: number;
  y: number;
  z: number;
  R: number;
  P: number;
  Y: number;
  package_to_model: boolean;
  bond: boolean;
}

interface Option {
  readonly name: string;
  /** Where it lands (argparse's dest). */
  readonly dest: keyof SpawnEntityArguments;
  readonly kind: 'string' | 'float' | 'flag';
}

/** In the order spawn_entity.py adds them (argparse's usage and its prefix matching follow it). */
const OPTIONS: readonly Option[] = [
  { name: '-file', dest: 'file', kind: 'string' },
  { name: '-topic', dest: 'topic', kind: 'string' },
  { name: '-database', dest: 'database', kind: 'string' },
  { name: '-stdin', dest: 'stdin', kind: 'flag' },
  { name: '-entity', dest: 'entity', kind: 'string' },
  { name: '-reference_frame', dest: 'reference_frame', kind: 'string' },
  { name: '-gazebo_namespace', dest: 'gazebo_namespace', kind: 'string' },
  { name: '-robot_namespace', dest: 'robot_namespace', kind: 'string' },
  { name: '-timeout', dest: 'timeout', kind: 'float' },
  { name: '-unpause', dest: 'unpause', kind: 'flag' },
  { name: '-wait', dest: 'wait', kind: 'string' },
  { name: '-spawn_service_timeout', dest: 'spawn_service_timeout', kind: 'float' },
  { name: '-x', dest: 'x', kind: 'float' },
  { name: '-y', dest: 'y', kind: 'float' },
  { name: '-z', dest: 'z', kind: 'float' },
  { name: '-R', dest: 'R', kind: 'float' },
  { name: '-P', dest: 'P', kind: 'float' },
  { name: '-Y', dest: 'Y', kind: 'float' },
  { name: '-package_to_model', dest: 'package_to_model', kind: 'flag' },
  { name: '-b', dest: 'bond', kind: 'flag' },
];

const SOURCES = ['-file', '-topic', '-database', '-stdin'];
/** argparse's `-h`: help printed, exit 0. */
const HELP = ['-h', '--help'];

/** Where argparse ends the program: its error (exit code 2), or `-h` (its help, exit code 0). */
export class SpawnEntityUsageError extends Error {
  override readonly name = 'SpawnEntityUsageError';
  readonly exitCode: number;

  constructor(message: string, exitCode = 2) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** A negative number as argparse's `_negative_number_matcher` tells it: a value, not an option. */
const NEGATIVE_NUMBER = /^-\d+$|^-\d*\.\d+$/;

/** Python's float(): decimal text, `inf`, `nan`, with blanks around and `_` between digits. */
function pythonFloat(text: string): number | null {
  const trimmed = text.trim().replace(/(\d)_(?=\d)/g, '$1');
  if (/^[+-]?(inf|infinity)$/i.test(trimmed)) return trimmed.startsWith('-') ? -Infinity : Infinity;
  if (/^[+-]?nan$/i.test(trimmed)) return Number.NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return null;
  return Number(trimmed);
}

/** The option a word names: exactly, or as the only option it is a prefix of; with a value joined by `=` (or to a one-letter option). */
function optionOf(word: string): { option: Option; joined: string | undefined } | null {
  const at = word.indexOf('=');
  const name = at < 0 ? word : word.slice(0, at);
  const joined = at < 0 ? undefined : word.slice(at + 1);
  const exact = OPTIONS.find((option) => option.name === name);
  if (exact !== undefined) return { option: exact, joined };
  // A one-letter option followed by its value (`-x1.5`).
  const short = OPTIONS.find((option) => option.name.length === 2 && word.startsWith(option.name));
  if (short !== undefined && at < 0) return { option: short, joined: word.slice(2) };
  const prefixed = OPTIONS.filter((option) => option.name.length > 2 && option.name.startsWith(name));
  if (prefixed.length > 1) {
    throw new SpawnEntityUsageError(`ambiguous option: ${name} could match ${prefixed.map((option) => option.name).join(', ')}`);
  }
  return prefixed.length === 1 ? { option: prefixed[0]!, joined } : null;
}

/**
 * spawn_entity.py's arguments (those before `--ros-args`, as `rclpy.utilities.remove_ros_args`
 * leaves them), or its argparse error (SpawnEntityUsageError) in argparse's words.
 */
export function spawnEntityArguments(words: readonly string[]): SpawnEntityArguments {
  const parsed: Partial<SpawnEntityArguments> = {};
  const seen = new Set<string>();
  const extras: string[] = [];
  const chosen = (): string | undefined => SOURCES.find((source) => seen.has(source));
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (HELP.includes(word)) throw new SpawnEntityUsageError(`${word}: spawn_entity.py prints its help`, 0);
    if (!word.startsWith('-') || word === '-' || NEGATIVE_NUMBER.test(word)) {
      extras.push(word);
      continue;
    }
    const found = optionOf(word);
    if (found === null) {
      extras.push(word);
      continue;
    }
    const { option, joined } = found;
    if (SOURCES.includes(option.name)) {
      const other = chosen();
      if (other !== undefined && other !== option.name) throw new SpawnEntityUsageError(`argument ${option.name}: not allowed with argument ${other}`);
    }
    seen.add(option.name);
    if (option.kind === 'flag') {
      if (joined !== undefined) throw new SpawnEntityUsageError(`argument ${option.name}: ignored explicit argument '${joined}'`);
      Object.assign(parsed, { [option.dest]: true });
      continue;
    }
    let value = joined;
    if (value === undefined) {
      const next = words[i + 1];
      // argparse takes a word for an option unless it is a negative number or has a blank in it.
      if (next === undefined || (next.startsWith('-') && next !== '-' && !NEGATIVE_NUMBER.test(next) && !next.includes(' '))) {
        throw new SpawnEntityUsageError(`argument ${option.name}: expected one argument`);
      }
      value = next;
      i++;
    }
    if (option.kind === 'float') {
      const number = pythonFloat(value);
      if (number === null) throw new SpawnEntityUsageError(`argument ${option.name}: invalid float value: '${value}'`);
      Object.assign(parsed, { [option.dest]: number });
    } else {
      Object.assign(parsed, { [option.dest]: value });
    }
  }
  if (!seen.has('-entity')) throw new SpawnEntityUsageError('the following arguments are required: -entity');
  if (chosen() === undefined) throw new SpawnEntityUsageError(`one of the arguments ${SOURCES.join(' ')} is required`);
  if (extras.length > 0) throw new SpawnEntityUsageError(`unrecognized arguments: ${extras.join(' ')}`);
  return {
    stdin: false,
    reference_frame: '',
    gazebo_namespace: '',
    robot_namespace: '',
    timeout: 30,
    unpause: false,
    x: 0,
    y: 0,
    z: 0,
    R: 0,
    P: 0,
    Y: 0,
    package_to_model: false,
    bond: false,
    ...parsed,
  } as SpawnEntityArguments;
}
