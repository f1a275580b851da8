/**
 * Classic Gazebo's commands as a launch file runs them: `gzserver` (gazebo_ros's
 * gzserver.launch.py, or an ExecuteProcess of its own), `gzclient` (the GUI) and `gazebo` (both),
 * their options as Gazebo 11's Server::ParseArgs and gazebo.cc declare them (boost
 * program_options: `--name value` or `--name=value`), and the ROS arguments between `--ros-args`
 * and `--` that gzserver hands to its system plugins (gazebo_ros_init's rclcpp::init).
 */
export interface GzserverCommand {
  /** `gzserver` runs a world; `gazebo` a world and the GUI; `gzclient` the GUI alone. */
  readonly program: 'gzserver' | 'gzclient' | 'gazebo';
  /** The world file as given (null: none, gzserver's empty world). */
  readonly world: string | null;
  /** `-u` / `--pause`. */
  readonly paused: boolean;
  /** `-s` / `--server-plugin`, in order. */
  readonly plugins: string[];
  /** The words between `--ros-args` and `--` (or the end). */
  readonly rosArguments: string[];
  /** What the command asks that rclsim does not model: one line's text each. */
  readonly notModeled: string[];
  /** `--help` or `--version`: it prints and exits, no world runs. */
  readonly printsOnly: string | null;
}

/** Options that take a value, by every name they go by. */
const VALUED = new Map<string, string>([
  ['--initial_sim_time', 'initial_sim_time'],
  ['-e', 'physics'],
  ['--physics', 'physics'],
  ['-p', 'play'],
  ['--play', 'play'],
  ['--record_encoding', 'record_encoding'],
  ['--record_path', 'record_path'],
  ['--record_period', 'record_period'],
  ['--record_filter', 'record_filter'],
  ['--seed', 'seed'],
  ['--iters', 'iters'],
  ['-s', 'server-plugin'],
  ['--server-plugin', 'server-plugin'],
  ['-o', 'profile'],
  ['--profile', 'profile'],
  ['-g', 'gui-plugin'],
  ['--gui-plugin', 'gui-plugin'],
]);

/** Options without a value that change nothing a ROS program sees (rclsim steps sensors in lockstep). */
const QUIET = new Set(['--verbose', '--lockstep', '--minimal_comms', '--record_resources', '-q']);

/** Options rclsim does not model: what each would have done. */
const NOT_MODELED: Readonly<Record<string, string>> = {
  initial_sim_time: 'a starting sim time other than 0',
  physics: 'another physics engine (rclsim steps its own planar physics)',
  play: 'playing a Gazebo log',
  record: 'recording a Gazebo log',
  seed: "Gazebo's own random seed: rclsim's run seed draws the sensors' noise",
  iters: 'stopping after a number of iterations',
  profile: "a physics profile of the world's",
};

/** The command's words, from where the program is named; null when it runs none of Gazebo's classic programs. */
export function gzserverCommand(words: readonly string[]): GzserverCommand | null {
  const start = programAt(words);
  if (start < 0) return null;
  const program = words[start]!.split('/').pop() as GzserverCommand['program'];
  const notModeled: string[] = [];
  if (start > 0) notModeled.push(`${words.slice(0, start).join(' ')} (a debugger or a wrapper around ${program}: rclsim runs the world in its simulation)`);
  let world: string | null = null;
  let paused = false;
  let printsOnly: string | null = null;
  const plugins: string[] = [];
  const rosArguments: string[] = [];
  const rest = words.slice(start + 1);
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (word === '') continue;
    if (word === '--ros-args') {
      for (i++; i < rest.length && rest[i] !== '--'; i++) rosArguments.push(rest[i]!);
      continue;
    }
    const at = word.indexOf('=');
    const name = word.startsWith('--') && at > 0 ? word.slice(0, at) : word;
    const valued = VALUED.get(name);
    if (valued !== undefined) {
      const value = name !== word ? word.slice(at + 1) : (rest[++i] ?? '');
      if (valued === 'server-plugin') plugins.push(value);
      else if (valued === 'gui-plugin') notModeled.push(`${name} ${value} (a plugin of the GUI)`);
      else notModeled.push(`${name} ${value} (${NOT_MODELED[valued]})`);
    } else if (word === '-u' || word === '--pause') paused = true;
    else if (word === '-r' || word === '--record') notModeled.push(`${word} (${NOT_MODELED.record})`);
    else if (word === '-h' || word === '--help' || word === '-v' || word === '--version') printsOnly ??= word;
    else if (QUIET.has(word)) continue;
    else if (word.startsWith('-')) notModeled.push(`${word} (an option rclsim does not know)`);
    else world ??= word;
  }
  return { program, world, paused, plugins, rosArguments, notModeled, printsOnly };
}

const PROGRAM = /(^|\/)(gzserver|gzclient|gazebo)$/;

/** Where the program is: the first word, or the first after a wrapper (gdb's `--args`, valgrind and its options); -1 when none is Gazebo's. */
function programAt(words: readonly string[]): number {
  if (PROGRAM.test(words[0] ?? '')) return 0;
  const afterArgs = words.indexOf('--args') + 1;
  if (afterArgs > 0 && /(^|\/)gdb$/.test(words[0]!)) return PROGRAM.test(words[afterArgs] ?? '') ? afterArgs : -1;
  if (/(^|\/)valgrind$/.test(words[0] ?? '')) {
    const first = words.findIndex((word, i) => i > 0 && !word.startsWith('-'));
    return first > 0 && PROGRAM.test(words[first]!) ? first : -1;
  }
  return -1;
}
