import type { Command } from 'commander';

/** The options whose values are another tool's arguments, as colcon takes them. */
const TOOL_OPTIONS = ['--cmake-args'];

/**
 * `argv` with each tool option's values (`rclsim build --cmake-args -DCMAKE_BUILD_TYPE=Release
 * -DFOO=1 --packages-select pkg`) made safe for commander, which would read `-DFOO=1` as an
 * option of its own: as colcon, every argument after `--cmake-args` up to the next option of the
 * command is the tool's, and a value that would read as such an option is given with a leading
 * space (`--cmake-args " --trace"`), which is taken off. Each value is joined to the option
 * (`--cmake-args=-DFOO=1`, repeated), which commander collects as a variadic option's values.
 */
export function withToolArguments(argv: readonly string[], command: Command): string[] {
  if (argv[2] !== command.name()) return [...argv];
  const own = new Set(command.options.flatMap((option) => [option.long, option.short].filter((name): name is string => name !== undefined)));
  const out: string[] = [];
  let tool: string | null = null;
  for (const arg of argv) {
    const name = arg.split('=')[0]!;
    if (TOOL_OPTIONS.includes(arg)) {
      // Given with its values only: without any, it gives none.
      tool = arg;
    } else if (tool !== null && !own.has(name) && arg !== '--') {
      out.push(`${tool}=${arg.startsWith(' ') ? arg.slice(1) : arg}`);
    } else {
      tool = null;
      out.push(arg);
    }
  }
  return out;
}
