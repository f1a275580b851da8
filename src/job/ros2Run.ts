/**
 * `ros2: [run, PKG, EXE, ARGS…]` in a job's events, made what launch makes of an ExecuteProcess
 * of `ros2 run …` in an event handler: a node entry of the job (its package's executable, started
 * by the action as `start_after: event` entries are, its output shown as a launched process's) and
 * a `{ start: id }` action where the command was. ros2run's argparse (ros2run/command/run.py):
 * `[--prefix PREFIX] package_name executable_name [argv …]`.
 */
import { isMap, isSeq, type YAMLMap } from 'yaml';
import type { JobFileContext } from './sectionContext.js';

type Location = (string | number)[];

/** Rewrites the document's `ros2 run` actions in place (before the job is read), each entry named by the action's line. */
export function ros2RunEntries(context: JobFileContext): void {
  const { doc } = context;
  const events = doc.get('events');
  if (!isSeq(events)) return;
  let count = 0;
  const rewrite = (location: Location): void => {
    const list = doc.getIn(location);
    if (!isSeq(list)) return;
    list.items.forEach((item, i) => {
      if (!isMap(item)) return;
      const at = [...location, i];
      if (item.has('after')) return rewrite([...at, 'do']);
      const words = (item as YAMLMap).toJSON().ros2 as unknown;
      if (!Array.isArray(words) || words[0] !== 'run') return;
      const [, ...rest] = words.map(String);
      if (rest[0]?.startsWith('--prefix')) context.fail([...at, 'ros2'], 'ros2 run: --prefix: a simulation runs the executable itself, with no prefix command');
      if (rest.length < 2)
        context.fail(
          [...at, 'ros2'],
          `ros2 run: error: the following arguments are required: ${['package_name', 'executable_name'].slice(rest.length).join(', ')}`,
        );
      const [pkg, executable, ...args] = rest as [string, string, ...string[]];
      const id = (item.get('id') as string | undefined) ?? `ros2_run_${++count}`;
      const entry = {
        package: pkg,
        executable,
        ...(args.length > 0 ? { args } : {}),
        id,
        start_after: 'event',
        origin: `${context.lineOf([...at, 'ros2'])}: ${[...at, 'ros2']
          .map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`))
          .join('')
          .slice(1)}`,
      };
      if (!isSeq(doc.get('nodes'))) doc.set('nodes', doc.createNode([]));
      doc.addIn(['nodes'], doc.createNode(entry));
      list.items[i] = doc.createNode({ start: id });
    });
  };
  events.items.forEach((_, i) => rewrite(['events', i, 'do']));
}
