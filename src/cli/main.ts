#!/usr/bin/env node
import { bagInfo } from './bagInfo.js';
import { Command, Option } from 'commander';
import { parseDuration } from '../job/duration.js';
import { loadJob } from '../job/loadJob.js';
import { startProgram } from '../job/programs.js';
import { parseRosArguments } from '../rcl/RosArguments.js';
import { diff } from './diff.js';
import { genTypes, type GenTypesOptions } from './genTypes.js';
import { LOG_LEVELS, runAndReport, type RunCommandOptions } from './runAndReport.js';
import { verify, type VerifyOptions } from './verify.js';

const program = new Command()
  .name('rclsim')
  .description('Deterministic discrete-event simulation of ROS 2 node graphs (rclnodejs-compatible)')
  .showHelpAfterError();

/** The options of every command that runs a simulation. */
function withRunOptions(command: Command): Command {
  return command
    .option('--json', 'print the summary as one JSON object on the last line of stdout')
    .option('--params-file <file>', 'ROS 2 parameter file for the nodes (repeatable; later files win)', collect, [])
    .option('--seed <n>', "seed of Math.random, crypto and the run's other random streams", integer)
    .option('--no-fingerprint', 'do not compute the run fingerprint')
    .option('--max-callbacks-per-instant <n>', 'callbacks at one sim instant before failing as a livelock', positiveInteger)
    .addOption(new Option('--log-level <level>', 'minimum severity of node log lines').choices(Object.keys(LOG_LEVELS)).default('info'))
    .option('--trace <file>', 'write every executed callback to a trace file (format: README, "Traces")')
    .option('--perturb', 'add random real busy-waits and memory pressure after callbacks (results must not change)')
    .option('--quiet', 'no progress bar (there is none when stderr is not a terminal)')
    .option('--verbose', 'print the stack of a failure');
}

withRunOptions(
  program
    .command('run')
    .description('run a job (a YAML job file, or a .ts/.js job module) and print its summary')
    .argument('<job>', 'job.yaml, or a module whose default export is defineJob({...}) or a setup(job) function'),
).action(async (jobPath: string, options: RunCommandOptions) => {
  process.exitCode = await runAndReport(() => loadJob(jobPath), options, process.stdout);
});

withRunOptions(
  program
    .command('exec')
    .description(
      "run one unmodified rclnodejs program (.js, .cjs, .mjs or .ts); its stdout is the program's own, " +
        'the summary goes to stderr (or, with --json, to the last line of stdout). ' +
        "rclsim's options may stand anywhere; every other argument is the program's",
    )
    .argument('<program>', 'the program')
    .argument('[args...]', "the program's arguments, including --ros-args …")
    .option('--until <duration>', 'stop after this much sim time (e.g. 10s, 250ms, or integer ns)')
    .allowUnknownOption()
    .allowExcessArguments(),
).action(async (path: string, args: string[], options: RunCommandOptions & { until?: string }) => {
  process.exitCode = await runAndReport(
    async () => {
      parseRosArguments(args);
      return {
        name: path,
        ...(options.until === undefined ? {} : { endAfter: parseDuration(options.until) }),
        setup: async (job) => {
          await startProgram(job.simulation, path, args);
        },
      };
    },
    options,
    process.stderr,
  );
});

program
  .command('verify')
  .description('run a job N times in separate processes and check that every run gives the same fingerprint')
  .argument('<job>', 'job.yaml or job module (or, with --program, an rclnodejs program)')
  .option('--runs <n>', 'how many runs', positiveInteger, 5)
  .option('--program', 'the file is an rclnodejs program, run as `rclsim exec` runs it')
  .option('--until <duration>', 'stop each run after this much sim time')
  .option('--perturb', 'add random real busy-waits and memory pressure to every run')
  .option('--keep-traces <dir>', 'write the runs\' traces here (default: a temporary folder, named on a difference)')
  .option('--params-file <file>', 'ROS 2 parameter file for the nodes (repeatable)', collect, [])
  .option('--seed <n>', "the job's seed", integer)
  .action(async (job: string, options: VerifyOptions) => {
    process.exitCode = await verify(job, options);
  });

program
  .command('diff')
  .description('compare two traces and print where they part ways (exit 0 identical, 1 different)')
  .argument('<a>', 'first trace')
  .argument('<b>', 'second trace')
  .option('--context <n>', 'callbacks to show around the divergence', integer, 3)
  .action((a: string, b: string, options: { context: number }) => {
    process.exitCode = diff(a, b, options.context);
  });

program
  .command('gen-types')
  .description('write TypeScript declarations for interface packages (rclnodejs style), typing rclsim\'s rclnodejs API')
  .argument('[packages...]', 'packages to declare (default: every package of the --interfaces folders)')
  .option('-o, --output <file>', 'the .d.ts file to write (default: stdout)')
  .option('--interfaces <folder>', 'a folder of interface packages (repeatable)', collect, [])
  .option('--standard', 'declare the standard packages rclsim ships (what src/interfaces/standardTypes.ts holds)')
  .action((packages: string[], options: GenTypesOptions) => {
    process.exitCode = genTypes(packages, options);
  });

const bag = program.command('bag').description('rosbag2 bags');
bag
  .command('info')
  .description('print what ros2 bag info prints: files, size, storage, duration, start and end, messages, topics')
  .argument('<path>', 'a bag directory, an .mcap or a .db3 file')
  .option('--json', 'one JSON object instead of the report')
  .action(async (path: string, options: { json?: boolean }) => {
    process.exitCode = await bagInfo(path, options);
  });

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function integer(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`expected an integer, got '${value}'`);
  return n;
}

function positiveInteger(value: string): number {
  const n = integer(value);
  if (n <= 0) throw new Error(`expected a positive integer, got '${value}'`);
  return n;
}

await program.parseAsync(process.argv);
