/**
 * The export a job names as a component — a Node class or a factory, so a function either way —
 * or, when there is none, why not (the module's function exports named), in the words both the
 * simulation's process and a component's own process report it with.
 */
export function componentExport(
  imported: Record<string, unknown>,
  exportName: string,
  file: string,
): { found: (...args: never) => unknown } | { missing: string } {
  const module = moduleExports(imported);
  const exported = module[exportName];
  if (typeof exported === 'function') return { found: exported as (...args: never) => unknown };
  const available = Object.keys(module).filter((key) => typeof module[key] === 'function');
  return {
    missing: `${file} has no export '${exportName}' that is a Node class or a factory${available.length > 0 ? ` (it exports ${available.join(', ')})` : ''}`,
  };
}

/**
 * A module's exports as its code wrote them. A .ts file outside a "type": "module" package is
 * compiled by tsx to CommonJS, which Node imports as `{ default: module.exports }` alone: it
 * cannot see the names esbuild's output exports. That output marks its exports `__esModule`, and
 * they are the module's, as tsx's own import interop takes them.
 */
function moduleExports(imported: Record<string, unknown>): Record<string, unknown> {
  const commonJs = imported.default;
  return typeof commonJs === 'object' && commonJs !== null && '__esModule' in commonJs ? (commonJs as Record<string, unknown>) : imported;
}
