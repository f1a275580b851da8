import type { PackageManifest } from './packageManifest.js';

/** colcon's package selection arguments (colcon-core package_selection), as `rclsim build` takes them. */
export interface PackageSelection {
  /** `--packages-select`: only these. */
  select?: readonly string[];
  /** `--packages-up-to`: these and their recursive dependencies in the workspace (build, run and test). */
  upTo?: readonly string[];
  /** `--packages-skip`: not these. */
  skip?: readonly string[];
}

/**
 * The packages of `order` a build processes, in that order, as colcon selects them: the
 * `--packages-up-to` closure and `--packages-select` names when either is given (both: the
 * packages in both), less `--packages-skip`. A name that is no package of the workspace is
 * warned about on `warn` with colcon's words and ignored, as colcon ignores it (a build that then
 * selects nothing builds nothing and succeeds).
 */
export function selectPackages(order: readonly PackageManifest[], selection: PackageSelection, warn: (line: string) => void): PackageManifest[] {
  const byName = new Map(order.map((pkg) => [pkg.name, pkg]));
  const known = (names: readonly string[] | undefined, option: string): string[] | undefined => {
    if (names === undefined) return undefined;
    for (const name of names) if (!byName.has(name)) warn(`WARNING: ignoring unknown package '${name}' in --${option}`);
    return names.filter((name) => byName.has(name));
  };
  const select = known(selection.select, 'packages-select');
  const upTo = known(selection.upTo, 'packages-up-to');
  const skip = new Set(known(selection.skip, 'packages-skip') ?? []);
  const upToClosure = upTo === undefined ? undefined : closure(upTo, byName);
  return order.filter(({ name }) => (select === undefined || select.includes(name)) && (upToClosure === undefined || upToClosure.has(name)) && !skip.has(name));
}

/** `names` and every workspace package they depend on, directly or not. */
function closure(names: readonly string[], byName: ReadonlyMap<string, PackageManifest>): Set<string> {
  const reached = new Set<string>();
  const next = [...names];
  for (let name = next.pop(); name !== undefined; name = next.pop()) {
    if (reached.has(name)) continue;
    reached.add(name);
    for (const dep of byName.get(name)?.dependencies ?? []) if (byName.has(dep)) next.push(dep);
  }
  return reached;
}
