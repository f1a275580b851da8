import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { stringify } from 'yaml';
import { ExitCode } from '../../job/exitCodes.js';
import { JobFileError } from '../../job/jobErrors.js';
import { expandLaunch, launchRequest } from '../../job/launchSection.js';
import { preparedWorkspace } from '../../job/packageExecutables.js';
import { evaluateLaunch, LaunchError } from '../../launch/evaluateLaunch.js';
import type { LaunchArgument } from '../../launch/launchPlan.js';

/** `rclsim launch [PKG] FILE [name:=value …]` as ros2 launch reads it. */
export interface LaunchTarget {
  package?: string;
  file: string;
  /** name → value, in the order given (a later one wins, as launch has it). */
  arguments: Record<string, string>;
}

/** A word `name:=value`. */
const ASSIGNMENT = /^([^:=\s]+):=(.*)$/s;

/**
 * What the words after `launch` name: a file that is there (a path), or a package and the launch
 * file in its share folder, then `name:=value` arguments (ros2launch's command/launch.py). A word
 * that is neither is bad input.
 */
export function launchTarget(first: string, rest: readonly string[]): LaunchTarget {
  const second = rest[0];
  const withPackage = !existsSync(first) && second !== undefined && !ASSIGNMENT.test(second);
  const words = withPackage ? rest.slice(1) : rest;
  const given: Record<string, string> = {};
  for (const word of words) {
    const match = ASSIGNMENT.exec(word);
    if (match === null) throw new JobFileError(`malformed launch argument '${word}', expected format '<name>:=<value>'`);
    given[match[1]!] = match[2]!;
  }
  return withPackage ? { package: first, file: second!, arguments: given } : { file: first, arguments: given };
}

/** The job file a launch runs as: `launch:` naming it, and the command line's skips. */
export function launchJobText(target: LaunchTarget): string {
  const launch = {
    ...(target.package === undefined ? { file: resolve(target.file) } : { package: target.package, file: target.file }),
    arguments: target.arguments,
  };
  // The run is named after the launch file, as a job file after itself.
  return stringify({ name: basename(target.file).replace(/(\.launch)?\.(py|xml|ya?ml)$/, ''), launch }, { lineWidth: 0 });
}

/** Where a launch's job is said to be: the current folder, which its relative paths are resolved from. */
export const LAUNCH_JOB_PATH = 'launch.yaml';

/** `--print-job`: the job the launch evaluates to, on stdout; nothing runs. */
export function printJob(target: LaunchTarget, options: { workspace?: string; skip: string[] }): number {
  return said(() => {
    process.stdout.write(expandLaunch(launchJobText(target), resolve(LAUNCH_JOB_PATH), { workspace: options.workspace, skip: options.skip }).text);
  });
}

/** `--show-args`: the launch file's arguments as ros2 launch --show-args lists them (ros2launch/api/api.py). */
export function showArgs(target: LaunchTarget, options: { workspace?: string }): number {
  return said(() => {
    const plan = evaluateLaunch({ ...launchRequest(target, process.cwd(), preparedWorkspace(options.workspace).install), showArgs: true });
    process.stdout.write(argumentsText(plan.arguments));
  });
}

/** As ros2launch's print_arguments_of_launch_description (ros2launch/api/api.py) prints them. */
export function argumentsText(declared: readonly LaunchArgument[]): string {
  let text = "Arguments (pass arguments as '<name>:=<value>'):\n";
  for (const argument of declared) {
    text += `\n    '${argument.name}':${argument.conditional ? '*' : ''}\n        ${argument.description}`;
    if (argument.described_default !== null) text += `\n        (default: ${argument.described_default})`;
    text += '\n';
  }
  if (declared.length === 0) return `${text}\n  No arguments.\n`;
  return declared.some((argument) => argument.conditional) ? `${text}\n* argument(s) which are only used if specific conditions occur\n` : text;
}

/** Runs `work`; bad input is one line and exit 2. */
function said(work: () => void): number {
  try {
    work();
    return 0;
  } catch (error) {
    if (!(error instanceof JobFileError || error instanceof LaunchError)) throw error;
    process.stderr.write(`rclsim: ${error.message}\n`);
    return ExitCode.badInput;
  }
}
