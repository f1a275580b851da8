/**
 * The export a job names as a component — a Node class or a factory, so a function either way —
 * or, when there is none, why not (the module's function exports named), in the words both the
 * simulation's process and a component's own process report it with.
 */
export function componentExport(
  module: Record<string, unknown>,
  exportName: string,
  file: string,
): { found: (...args: never) => unknown } | { missing: string } {
  const exported = module[exportName];
  if (typeof exported === 'function') return { found: exported as (...args: never) => unknown };
  const available = Object.keys(module).filter((key) => typeof module[key] === 'function');
  return {
    missing: `${file} has no export '${exportName}' that is a Node class or a factory${available.length > 0 ? ` (it exports ${available.join(', ')})` : ''}`,
  };
}
