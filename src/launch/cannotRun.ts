import { globPattern } from '../ros/NodePatterns.js';
import type { LaunchedEntry, LaunchedJob } from './planToJob.js';

/**
 * Tools with a window, which a simulation has no screen for: skipped unless the user says
 * otherwise. rviz2's line points to the live view, which shows a run as rviz would.
 */
const GUI_TOOLS: Record<string, string> = {
  rviz2: 'a GUI tool (rclsim --foxglove shows the run live)',
  rqt: 'a GUI tool',
  rqt_gui: 'a GUI tool',
  rqt_graph: 'a GUI tool',
  rqt_console: 'a GUI tool',
  rqt_plot: 'a GUI tool',
  rqt_reconfigure: 'a GUI tool',
  rqt_robot_steering: 'a GUI tool',
  rqt_image_view: 'a GUI tool',
  joint_state_publisher_gui: 'a GUI tool (joint_state_publisher publishes the joints without a window)',
};

/** What cannot run of a launch's entries, said before the run: skipped (GUI tools, --skip) or refused. */
export interface CannotRun {
  /** One line each, in launch order: `file:line: package executable: why; skipped|refused`. */
  lines: string[];
  skipped: Set<LaunchedEntry>;
  refused: number;
}

/** What an entry is named by, for skip patterns: its package, `package/executable`, its executable, its node's name. */
function namesOf(entry: LaunchedEntry): string[] {
  const what = entry.executable ?? entry.component ?? '';
  return [entry.package, `${entry.package}/${what}`, what, ...(entry.name === undefined ? [] : [entry.name])];
}

/**
 * The entries that cannot run: a GUI tool (skipped), or a package executable neither the
 * workspace nor rclsim's standard nodes have, or a component no package of the workspace
 * registered (`missing` says why, or null when it is there: the caller asks
 * job/packageExecutables.ts and job/packageComponents.ts): refused unless a skip pattern names it.
 */
export function cannotRun(
  entries: readonly LaunchedEntry[],
  commands: LaunchedJob['commands'],
  skip: readonly string[],
  missing: (pkg: string, what: { executable: string } | { component: string }) => string | null,
): CannotRun {
  const result: CannotRun = { lines: [], skipped: new Set(), refused: 0 };
  // Skip patterns are globs as a job file's node patterns are (`*` any text, `?` one character).
  const patterns = skip.map(globPattern);
  const named = (names: readonly string[]): boolean => patterns.some((pattern) => names.some((name) => pattern.test(name)));
  for (const { origin, cmd } of commands) {
    // A command is named by its program's file name, or its whole line.
    const skipped = named([(cmd[0] ?? '').split('/').pop() ?? '', cmd.join(' ')]);
    if (!skipped) result.refused++;
    result.lines.push(
      `${origin}: ${cmd.join(' ')}: a process that is no package's executable (rclsim runs ROS 2 programs); ${skipped ? 'skipped' : 'refused'}`,
    );
  }
  for (const entry of entries) {
    const gui = GUI_TOOLS[entry.package];
    const what = entry.executable !== undefined ? { executable: entry.executable } : entry.component !== undefined ? { component: entry.component } : null;
    const why = gui ?? (what === null ? null : missing(entry.package, what));
    if (why === null) continue;
    const skipped = gui !== undefined || named(namesOf(entry));
    if (skipped) result.skipped.add(entry);
    else result.refused++;
    result.lines.push(`${entry.origin}: ${entry.package} ${entry.executable ?? entry.component}: ${why}; ${skipped ? 'skipped' : 'refused'}`);
  }
  return result;
}
