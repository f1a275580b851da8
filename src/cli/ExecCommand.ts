import { Command, type ParseOptionsResult } from 'commander';

/**
 * A program's argument that commander must pass through untouched: no argument a process is
 * given can hold a NUL character, so one that starts with it can only be marked here.
 */
const KEPT = '\0';

/**
 * `rclsim exec`: rclsim's options may stand anywhere, but `--params-file` is also a ROS argument.
 * Inside a `--ros-args` section (up to a lone `--`, which ends it as rcl has it) it is the
 * program's, kept in its place among the `-p` arguments: rcl applies them in the order given, so
 * a later file wins over an earlier `-p` and the other way round (rcl/src/rcl/arguments.c).
 * Outside any section it stays rclsim's option.
 */
export class ExecCommand extends Command {
  override parseOptions(args: string[]): ParseOptionsResult {
    const { operands, unknown } = super.parseOptions(keepRosArgsParamsFiles(args));
    return { operands: operands.map(unmark), unknown: unknown.map(unmark) };
  }
}

/** `args` with each `--params-file FILE` of a `--ros-args` section marked as the program's. */
function keepRosArgsParamsFiles(args: readonly string[]): string[] {
  const kept = [...args];
  let inRosArgs = false;
  // A lone `--` also ends commander's options: everything after it is the program's anyway.
  for (let i = 0; i < kept.length && kept[i] !== '--'; i++) {
    const arg = kept[i]!;
    if (arg === '--ros-args') inRosArgs = true;
    else if (inRosArgs && (arg === '--params-file' || arg.startsWith('--params-file='))) {
      kept[i] = KEPT + arg;
      // The file, whatever it looks like, is the argument's value (rcl takes the next argument).
      if (arg === '--params-file' && i + 1 < kept.length) {
        i++;
        kept[i] = KEPT + kept[i]!;
      }
    }
  }
  return kept;
}

function unmark(arg: string): string {
  return arg.startsWith(KEPT) ? arg.slice(KEPT.length) : arg;
}
