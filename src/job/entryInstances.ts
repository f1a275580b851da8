import type { NodeItem } from './nodesSection.js';

/**
 * What tells each program entry apart in the job, which keys its random streams with its program's
 * name: its namespace and name, else its id; else, for the second and later entries of one program
 * that nothing tells from the first, their place among those (`#2`, `#3` … in the job's order), so
 * each draws its own as each process's std::random_device does upstream (two unnamed
 * static_transform_publishers get two names). The first keeps the bare key, so adding an entry
 * never shifts an earlier one's draws. Components and containers are left out: their name is theirs.
 */
export function entryInstances(items: readonly NodeItem[]): Map<NodeItem, string> {
  const instances = new Map<NodeItem, string>();
  const seen = new Map<string, number>();
  for (const item of items) {
    const { entry } = item;
    if (entry.component !== undefined) continue;
    if (entry.namespace !== undefined || entry.name !== undefined) instances.set(item, `${entry.namespace ?? ''}/${entry.name ?? ''}`);
    else if (entry.id !== undefined) instances.set(item, entry.id);
    else {
      const program = entry.package !== undefined ? `${entry.package}/${entry.executable}` : item.target;
      const count = (seen.get(program) ?? 0) + 1;
      seen.set(program, count);
      if (count > 1) instances.set(item, `#${count}`);
    }
  }
  return instances;
}
