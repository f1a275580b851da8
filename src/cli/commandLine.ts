import { readFileSync } from 'node:fs';
import { Command, CommanderError, type HelpContext, InvalidArgumentError, Option } from 'commander';
import { EXACT_RANGE, MAX_TIME, PAST_MAX_TIME } from '../base/simTimeRange.js';
import { parseDuration } from '../job/duration.js';
import { ExitCode } from '../job/exitCodes.js';
import type { BuildOptions } from './commands/build.js';
import type { ExploreOptions } from './commands/explore.js';
import type { GenTypesOptions } from './commands/genTypes.js';
import type { HuntOptions } from './commands/hunt.js';
import type { ShrinkOptions } from './commands/shrink.js';
import type { SweepCommandOptions } from './commands/sweep.js';
import type { VerifyOptions } from './commands/verify.js';
import { ExecCommand } from './ExecCommand.js';
import { missingInterfaceFolder } from './interfaceFolders.js';
import { LOG_LEVELS } from './logLevels.js';
import type { RunCommandOptions } from './run/runAndReport.js';
import { withToolArguments } from './toolArguments.js';

/**
 * The `rclsim` command. Usage errors (an unknown option, a value of the wrong kind) are one line
 * and exit code 64, kept apart from what commands report (diff's 1 means "the traces differ").
 */
const program = new Command()
  .name('rclsim')
  .description(
    "Deterministic discrete-event simulation of ROS 2 programs — unmodified rclnodejs (JavaScript, TypeScript), rclpy (Python) and rclcpp (C++) nodes, alone, in job files or started from their launch files — and the robot's world around them",
  )
  .version(packageVersion(), '-V, --version', 'print the version of rclsim')
  .exitOverride()
  .configureOutput({ outputError: (text, write) => write(`rclsim: ${text.replace(/^error: /, '').trimEnd()}\n`) })
  .showSuggestionAfterError();
briefWithoutCommand(program);

/** The options of every command that runs a simulation. */
function withRunOptions(command: Command): Command {
  return command
    .option('--json', 'print the summary as one JSON object on the last line of stdout')
    .option('--params-file <file>', 'ROS 2 parameter file for the nodes (repeatable; later files win)', collect, [])
    .option('--seed <n>', "seed of Math.random, crypto and the run's other random streams (an integer)", seed)
    .option('--start <time>', "start the sim clock at this time instead of the job's start: (e.g. 10s; 0 when the job gives none)", simTime)
    .option('--no-fingerprint', 'do not compute the run fingerprint')
    .option('--max-callbacks-per-instant <n>', 'callbacks at one sim instant before failing as a livelock', positiveInteger)
    .addOption(new Option('--log-level <level>', 'minimum severity of node log lines').choices(Object.keys(LOG_LEVELS)).default('info'))
    .option('--trace <file>', 'write every executed callback and output to a trace file (format: docs/determinism.md, "Traces")')
    .option('--metrics <file>', 'write executor metrics (callback response times, utilization, chain latencies) to a CSV file, or JSON for .json')
    .option('--report <file>', 'write a self-contained HTML report of the run (timeline, topic rates and latencies, executors, network), also when it fails')
    .option(
      '--foxglove [address]',
      'serve a live view of the run to Foxglove (foxglove.websocket.v1) on [HOST:]PORT (default 127.0.0.1:8765); paces the run at --rate 1 unless told otherwise',
    )
    .option('--rate <rate>', 'pace the run at this many times real time, or max (default: max; 1 with --foxglove)', rate)
    .option('--wait-for-client', 'with --foxglove: start the run once a client has connected')
    .option('--perturb', 'add random real busy-waits and memory pressure after callbacks (results must not change)')
    .option(
      '--seeded-order',
      "order every executor's wait results by the seed, as explore does (without executors: every node in one single_threaded executor)",
    )
    .option('--swarm', "swarm testing, whatever the job says: the seed also decides which of the job's faults are on, and scales them")
    .option('--callback-timeout <duration>', 'stop the run when one callback runs longer than this wall time (e.g. 5s)', wallDuration)
    .option('--quiet', 'no progress bar (there is none when stderr is not a terminal)')
    .option('--verbose', 'print the stack of a failure');
}

const runCommand = withRunOptions(
  new ExecCommand('run')
    .copyInheritedSettings(program)
    .description(
      "run a job (a YAML job file, or a .ts/.js job module) and print its summary; or, as ros2 run, a package's executable in the workspace (run PACKAGE EXECUTABLE [args…], as exec runs it)",
    )
    .argument('<job>', 'job.yaml, or a module whose default export is defineJob({...}) or a setup(job) function; or a package of the workspace')
    .argument('[args...]', "with a package: its executable, then the program's arguments, including --ros-args …")
    .option('--until <duration>', "end after this much sim time past the start, instead of the job's own end.after (e.g. 30s)", simDuration)
    .option(
      '--workspace <dir>',
      "the workspace of the job's package: entries (a folder with src/, or an install prefix; default: the job's workspace:, else . when it has src/, else ./install)",
    )
    .allowUnknownOption()
    .allowExcessArguments(),
);
program.addCommand(
  runCommand.action(async (target: string, args: string[], options: RunCommandOptions & { until?: string }) => {
    // Each command loads what it needs when it runs: a usage error costs no more than commander.
    const { namesPackage } = await import('./run/packageRun.js');
    const packageRun = namesPackage(target, args);
    if (!packageRun && (args.length > 0 || target.startsWith('-'))) {
      // Past a job file nothing is the job's: what commander would have refused, refused as it words it.
      const unknown = [target, ...args].find((arg) => arg.startsWith('-'));
      runCommand.error(
        unknown === undefined ? `error: too many arguments for 'run'. Expected 1 argument but got ${1 + args.length}.` : `error: unknown option '${unknown}'`,
      );
    }
    const { supervise } = await import('./run/supervisor.js');
    process.exitCode = await supervise({ command: packageRun ? 'exec' : 'run', target, args, options });
  }),
);

program.addCommand(
  withRunOptions(
    new ExecCommand('exec')
      .copyInheritedSettings(program)
      .description(
        'run one unmodified ROS 2 program: rclnodejs (JavaScript: .js, .cjs, .mjs; TypeScript: .ts, .mts), rclpy (Python: .py) or rclcpp (C++: .cpp, .cc, .cxx, built and cached); ' +
          "a Python or C++ program runs in its own process. Its stdout is the program's own, " +
          'the summary goes to stderr (or, with --json, to the last line of stdout). ' +
          "rclsim's options may stand anywhere (but a --params-file inside --ros-args is the program's); every other argument is the program's",
      )
      .argument('[program]', "the program (with -m: the first of the module's arguments), or a built package whose executable follows, as ros2 run")
      .argument('[args...]', "the program's arguments, including --ros-args …")
      .option('-m, --module <module>', 'run a Python module as the program, as python3 -m runs it (rclsim exec -m pytest …)')
      .option('--until <duration>', 'stop after this much sim time (e.g. 10s, 250ms, or integer ns)', simDuration)
      .addOption(
        new Option('--process <how>', "where the program runs: in rclsim's process, or in its own (the same run either way)")
          .choices(['in-process', 'separate'])
          .default('in-process'),
      )
      .option('--python <interpreter>', 'the Python interpreter of a .py program (default python3)')
      .option('--interfaces <folder>', "a folder of interface packages the program uses, as a job file's interfaces: (repeatable)", collect, [])
      .option(
        '--workspace <dir>',
        "the workspace of a package's executable (exec PACKAGE EXECUTABLE, as ros2 run): a folder with src/, or an install prefix (default: . when it has src/, else ./install)",
      )
      .allowUnknownOption()
      .allowExcessArguments(),
  ).action(
    async (
      target: string | undefined,
      args: string[],
      options: RunCommandOptions & { until?: string; process: 'in-process' | 'separate'; python?: string; module?: string; interfaces: string[] },
    ) => {
      // With -m every argument is the module's: the first one filled [program].
      const programArgs = options.module === undefined ? args : [...(target === undefined ? [] : [target]), ...args];
      if (options.module === undefined && target === undefined)
        program.commands.find((c) => c.name() === 'exec')!.error("error: missing required argument 'program'");
      const missing = missingInterfaceFolder(options.interfaces);
      if (missing !== null) {
        process.stderr.write(missing);
        process.exitCode = ExitCode.badInput;
        return;
      }
      const { supervise } = await import('./run/supervisor.js');
      process.exitCode = await supervise({ command: 'exec', target: options.module ?? target!, args: programArgs, options });
    },
  ),
);

withRunOptions(
  program
    .command('launch')
    .description('evaluate a launch file (Python, XML or YAML) as ros2 launch does, into a job, and run it: rclsim launch [PACKAGE] FILE [name:=value …]')
    .argument('<file>', 'the launch file, or a package whose share folder holds it (then the file name follows)')
    .argument('[args...]', 'the launch file (after a package), then its arguments as name:=value')
    .option(
      '--workspace <dir>',
      'the workspace of the launched packages: a folder with src/, or an install prefix (default: . when it has src/, else ./install)',
    )
    .option(
      '--skip <pattern>',
      'skip the processes the launch starts that cannot run here and this names: a package, package/executable or node name (* matches any text, ? one character; repeatable)',
      collect,
      [],
    )
    .option('--print-job', 'print the job the launch file evaluates to (YAML) and run nothing')
    .option('--show-args', 'list the arguments the launch file declares, as ros2 launch --show-args, and run nothing')
    .option('--until <duration>', 'stop after this much sim time (e.g. 30s)', simDuration),
).action(
  async (
    file: string,
    args: string[],
    options: RunCommandOptions & { workspace?: string; skip: string[]; printJob?: boolean; showArgs?: boolean; until?: string },
  ) => {
    const launch = await import('./commands/launch.js');
    let target: import('./commands/launch.js').LaunchTarget;
    try {
      target = launch.launchTarget(file, args);
    } catch (error) {
      process.stderr.write(`rclsim: ${(error as Error).message}\n`);
      process.exitCode = ExitCode.badInput;
      return;
    }
    if (options.showArgs === true || options.printJob === true) {
      // Evaluating the launch file waits on it: a thread of its own, which SIGINT/SIGTERM stop.
      const { onCommandThread } = await import('./commandThread.js');
      process.exitCode = await onCommandThread({
        module: new URL('./commands/launch.js', import.meta.url),
        name: options.showArgs === true ? 'showArgs' : 'printJob',
        args: [target, { workspace: options.workspace, skip: options.skip }],
      });
    } else {
      const { supervise } = await import('./run/supervisor.js');
      process.exitCode = await supervise({ command: 'launch', target: launch.launchJobText(target), args: [], options });
    }
  },
);

program
  .command('verify')
  .description('run a job N times in separate processes and check that every run gives the same fingerprint')
  .argument('<job>', 'job.yaml or job module (or, with --program, an rclnodejs program)')
  .option('--runs <n>', 'how many runs', positiveInteger, 5)
  .option('--program', 'the file is an rclnodejs program, run as `rclsim exec` runs it')
  .option('--until <duration>', 'stop each run after this much sim time', simDuration)
  .option('--perturb', 'add random real busy-waits and memory pressure to every run')
  .option('--callback-timeout <duration>', 'stop a run when one callback runs longer than this wall time', (value: string) => {
    wallDuration(value);
    return value;
  })
  .option('--timeout <duration>', 'wall time after which a run counts as hung: it is stopped, and verify with it (default 10min)', wallDuration)
  .option('--keep-traces <dir>', "write the runs' traces here (default: a temporary folder, kept only on a difference)")
  .option('--report <file>', "write an HTML report of the first run's trace, showing where the runs part ways when they do")
  .option('--params-file <file>', 'ROS 2 parameter file for the nodes (repeatable)', collect, [])
  .option('--seed <n>', "the job's seed", seed)
  .action(async (job: string, options: VerifyOptions) => {
    process.exitCode = await (await import('./commands/verify.js')).verify(job, options);
  });

program
  .command('explore')
  .description(
    "run a job N times, run i with seed S+i and every executor's wait results in an order drawn from that seed, and report the distinct outcomes, the seeds of each, and where the first two part ways",
  )
  .argument('<job>', 'job.yaml or job module')
  .option('--runs <n>', 'how many runs', positiveInteger, 20)
  .option('--seed <n>', "the first run's seed (default 0)", seed)
  .option('--timeout <duration>', 'wall time after which a run counts as hung: it is stopped, and counts as an outcome (default 10min)', wallDuration)
  .option('--keep-traces <dir>', "write the runs' traces here (default: a temporary folder, removed)")
  .option('--params-file <file>', 'ROS 2 parameter file for the nodes (repeatable)', collect, [])
  .option('--json', 'one JSON object instead of the report')
  .action(async (job: string, options: ExploreOptions) => {
    process.exitCode = await (await import('./commands/explore.js')).explore(job, options);
  });

program
  .command('sweep')
  .description(
    'run a job over a matrix of seeds, parameter values and bags (a sweep file) on warm worker processes; results appended to a results folder as runs end, and a second call resumes',
  )
  .argument('<sweep>', 'sweep.yaml: the base job, its matrix and seeds')
  .addOption(jobsOption())
  .option('--retries <n>', 'how often a run whose worker died or that hung is tried again (default 1)', nonNegativeInteger)
  .option('--verify <k>', 'run each case K times, on different workers, and flag cases whose fingerprints differ', positiveInteger)
  .addOption(hungTimeoutOption())
  .option('--output <dir>', 'the results folder (default: beside the sweep file)')
  .addOption(queueOption())
  .option('--json', 'one JSON object instead of the table')
  .option('--quiet', 'no progress count')
  .action(async (file: string, options: SweepCommandOptions) => {
    process.exitCode = await (await import('./commands/sweep.js')).sweepCommand(file, options);
  });

program
  .command('hunt')
  .description(
    'run a job with seeds S, S+1, … on warm worker processes until a run fails (a check, or exit code 3, 4 or 7), and print its seed and the commands that replay and shrink it (exit 8: a failure found, 0: none)',
  )
  .argument('<job>', 'job.yaml')
  .requiredOption('--runs <n>', 'how many seeds at most', positiveInteger)
  .option('--seed <n>', "the first run's seed (default 0); run i has seed S + i", seed)
  .addOption(jobsOption())
  .option('--swarm', 'the seed also decides which faults are on and scales them, as `run --swarm` does')
  .option('--seeded-order', "order every executor's wait results by the seed, as `run --seeded-order` does")
  .addOption(queueOption())
  .option('--all', 'run every seed and list every failing one, instead of stopping at the first')
  .option('--checks-only', 'only failed checks and assertions count, not exit codes 3, 4 and 7')
  .addOption(hungTimeoutOption())
  .option('--json', 'one JSON object instead of the report')
  .option('--quiet', 'no progress bar')
  .action(async (job: string, options: HuntOptions) => {
    process.exitCode = await (await import('./commands/hunt.js')).hunt(job, options);
  });

program
  .command('shrink')
  .description(
    'replay a failing seed with its fired faults listed explicitly, remove faults by delta debugging while the same check still fails the same way, and write the smallest job found, its report, and where its trace parts from the job without faults',
  )
  .argument('<job>', 'job.yaml')
  .requiredOption('--seed <n>', 'the failing seed (as hunt printed it)', seed)
  .option('--check <name>', 'the check or assertion whose failure to keep (default: the first that failed; without any, the exit code 3, 4 or 7 and its line)')
  .option('--swarm', 'the failing run was a --swarm run')
  .option('--seeded-order', 'the failing run was a --seeded-order run')
  .addOption(jobsOption())
  .option('--out <file>', 'the minimal job file to write (default: <job>.shrunk.yaml beside the job)')
  .addOption(hungTimeoutOption())
  .option('--json', 'one JSON object instead of the report')
  .option('--quiet', 'no progress bar')
  .action(async (job: string, options: ShrinkOptions) => {
    process.exitCode = await (await import('./commands/shrink.js')).shrink(job, options);
  });

program
  .command('worker')
  .description("take sweeps' and hunts' runs from a BullMQ queue in Redis and run them on warm worker processes, until SIGINT/SIGTERM")
  .argument('<redis-url>', 'redis://HOST:PORT', redisUrl)
  .option('--concurrency <n>', 'runs at a time (default: the cores)', positiveInteger)
  .option(
    '--lock <duration>',
    "how long a run is this worker's without a sign of life: a worker killed mid-run gives its runs back after this (default 30s)",
    wallDuration,
  )
  .action(async (url: string, options: { concurrency?: number; lock?: number }) => {
    process.exitCode = await (await import('../sweep/queue/queueWorker.js')).runQueueWorker(url, {
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      ...(options.lock === undefined ? {} : { lockMs: options.lock }),
    });
  });

program
  .command('report')
  .description('write a self-contained HTML report: of a trace (given a second trace, with where the two part ways), or of a job, which it runs')
  .argument('<trace-or-job>', 'a trace (`rclsim run --trace`), or a job file or module to run')
  .argument('[other-trace]', 'a second trace of the same job: the report shows where the two part ways')
  .requiredOption('-o, --output <file>', 'the HTML file to write')
  .action(async (target: string, other: string | undefined, options: { output: string }) => {
    process.exitCode = await (await import('./commands/report.js')).report(target, other, options);
  });

program
  .command('diff')
  .description('compare two traces and print where they part ways (exit 0 identical, 1 different)')
  .argument('<a>', 'first trace')
  .argument('<b>', 'second trace')
  .option('--context <n>', 'records to show around the divergence', nonNegativeInteger, 3)
  .action(async (a: string, b: string, options: { context: number }) => {
    process.exitCode = (await import('./commands/diff.js')).diff(a, b, options.context);
  });

program
  .command('gen-types')
  .description("write TypeScript declarations for interface packages (rclnodejs style), typing rclsim's rclnodejs API")
  .argument('[packages...]', 'packages to declare (default: every package of the --interfaces folders)')
  .option('-o, --output <file>', 'the .d.ts file to write (default: stdout)')
  .option('--interfaces <folder>', 'a folder of interface packages (repeatable)', collect, [])
  .option('--standard', 'declare the standard packages rclsim ships (what src/interfaces/standardTypes.ts holds)')
  .action(async (packages: string[], options: GenTypesOptions) => {
    process.exitCode = (await import('./commands/genTypes.js')).genTypes(packages, options);
  });

program
  .command('build')
  .description(
    "build a workspace as colcon build --merge-install --symlink-install does: its C++ packages (ament_cmake) in dependency order, against rclsim's rclcpp and interface packages; its ament_python packages laid out as symlinks",
  )
  .argument('[dir]', 'the workspace (a folder with src/; default .), or else the folder of the packages')
  .option('--build-base <dir>', "where each package's CMake build folder goes (default: the workspace's build/)")
  .option('--install-base <dir>', "the install prefix of every package (default: the workspace's install/)")
  .option('--packages-select <pkg...>', 'build only these packages (their dependencies must be installed already)')
  .option('--packages-up-to <pkg...>', 'build these packages and every workspace package they depend on')
  .option('--packages-skip <pkg...>', 'do not build these packages')
  .option(
    '--cmake-args <arg...>',
    "arguments for every package's CMake configure, up to the next option of this command (one that would read as such: with a leading space, as colcon takes it)",
  )
  .option('--symlink-install', 'accepted: ament_python packages are always symlinked; C++ packages are installed as copies, which programs read alike')
  .option('--merge-install', 'accepted: the install prefix is always one, merged')
  .option('--parallel-workers <n>', 'accepted: packages build one at a time, each with the build tool parallel over the CPUs', positiveInteger)
  .option('--event-handlers <handler...>', "accepted: each package's progress and its tools' output go to stderr as they come")
  .action(async (dir: string | undefined, options: BuildOptions) => {
    const { onCommandThread } = await import('./commandThread.js');
    process.exitCode = await onCommandThread({ module: new URL('./commands/build.js', import.meta.url), name: 'build', args: [dir, options] });
  });

const bag = program.command('bag').description('rosbag2 bags');
briefWithoutCommand(bag);
bag
  .command('info')
  .description('print what ros2 bag info prints: files, size, storage, duration, start and end, messages, topics, services')
  .argument('<path>', 'a bag directory, an .mcap or a .db3 file')
  .option('--json', 'one JSON object instead of the report')
  .action(async (path: string, options: { json?: boolean }) => {
    process.exitCode = await (await import('./commands/bagInfoCommand.js')).bagInfo(path, options);
  });

bag
  .command('recover')
  .description('finish a recording whose process was killed before it could: keeps every complete chunk, writes the index and metadata.yaml')
  .argument('<path>', 'an .mcap file, or a bag directory')
  .action(async (path: string) => {
    process.exitCode = await (await import('./commands/bagRecover.js')).bagRecover(path);
  });

program
  .command('ros2')
  .description(
    "run a ros2 command (topic, node, param, service, action, lifecycle, interface verbs) inside a live run started with --foxglove, as a job file's ros2 action runs it; its output is printed here and its exit code is this one's",
  )
  .argument('<words...>', 'the command line after ros2, e.g. topic echo /chatter --once')
  .option('--foxglove <address>', "the live run's [HOST:]PORT (default 127.0.0.1:8765)")
  .allowUnknownOption()
  .action(async (words: string[], options: { foxglove?: string }) => {
    process.exitCode = await (await import('./commands/ros2Live.js')).ros2Live(words, options);
  });

/**
 * A command of commands given none says so in one line and where the list is, rather than
 * printing the whole help where a usage error is expected (commander asks for help with
 * `error: true` only then).
 */
function briefWithoutCommand(command: Command): void {
  const help = command.help.bind(command);
  const path = command.parent === null ? 'rclsim' : `rclsim ${command.name()}`;
  const subject = command.parent === null ? '' : `${command.name()}: `;
  command.help = ((context?: HelpContext) => {
    if (context?.error === true) command.error(`${subject}a command is missing: \`${path} --help\` lists them`);
    help(context);
  }) as Command['help'];
}

// The options of the commands that run on warm workers (sweep, hunt, shrink), one definition each.
function jobsOption(): Option {
  return new Option('--jobs <n>', 'worker processes (default: the cores)').argParser(positiveInteger);
}

function queueOption(): Option {
  return new Option(
    '--queue <redis-url>',
    'put the runs on a BullMQ queue in Redis (redis://HOST:PORT) for `rclsim worker`s to take, instead of local workers',
  ).argParser(redisUrl);
}

function hungTimeoutOption(): Option {
  return new Option('--timeout <duration>', 'wall time after which a run counts as hung (default 10min)').argParser(wallDuration);
}

/** The version in the package.json this file was installed with (dist/src/cli/ → the package root). */
function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function integer(value: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError('expected an integer.');
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new InvalidArgumentError(`expected an integer of at most ${Number.MAX_SAFE_INTEGER}.`);
  return n;
}

function seed(value: string): number {
  return integer(value);
}

/** A Redis address as ioredis takes it. */
function redisUrl(value: string): string {
  if (!/^rediss?:\/\/[^/]+/.test(value)) throw new InvalidArgumentError('expected redis://HOST:PORT (or rediss:// for TLS).');
  return value;
}

/** A pace: a positive number of times real time, or `max` (Infinity). */
function rate(value: string): number {
  if (value === 'max') return Infinity;
  const n = Number(value);
  if (!/^\d*\.?\d+(e[+-]?\d+)?$/i.test(value.trim()) || !(n > 0) || !Number.isFinite(n))
    throw new InvalidArgumentError('expected a positive number (times real time) or max.');
  return n;
}

function positiveInteger(value: string): number {
  const n = integer(value);
  if (n <= 0) throw new InvalidArgumentError('expected a positive integer.');
  return n;
}

function nonNegativeInteger(value: string): number {
  const n = integer(value);
  if (n < 0) throw new InvalidArgumentError('expected an integer of 0 or more.');
  return n;
}

/** A duration as parseDuration reads it (ns); what it cannot read is a usage error. */
function durationNs(value: string): bigint {
  try {
    return parseDuration(value);
  } catch (error) {
    throw new InvalidArgumentError(`${(error as Error).message}.`);
  }
}

/** A sim-time duration (within the exact range after the start), checked here and passed on as written. */
function simDuration(value: string): string {
  if (durationNs(value) > EXACT_RANGE) throw new InvalidArgumentError("too long: rclsim's sim time is exact up to 2^53 ns (about 104 days) after the start.");
  return value;
}

/** A sim time (a job's `start:`), checked here and passed on as written. */
function simTime(value: string): string {
  if (durationNs(value) > MAX_TIME) throw new InvalidArgumentError(`${value} ${PAST_MAX_TIME}.`);
  return value;
}

/** A wall-time duration, in ms. */
function wallDuration(value: string): number {
  const ns = durationNs(value);
  if (ns < 1_000_000n || ns > 86_400_000_000_000n) throw new InvalidArgumentError('expected between 1ms and 24h.');
  return Number(ns / 1_000_000n);
}

try {
  await program.parseAsync(withToolArguments(process.argv, program.commands.find((command) => command.name() === 'build')!));
} catch (error) {
  if (!(error instanceof CommanderError)) throw error;
  // Help and version are not errors; everything else commander reports is a usage error.
  process.exitCode = error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
}
