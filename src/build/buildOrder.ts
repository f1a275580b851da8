import { ManifestError, type PackageManifest } from './packageManifest.js';

/** Packages whose build dependencies form a cycle: no order builds them. */
export class DependencyCycleError extends Error {
  constructor(readonly cycle: readonly string[]) {
    super(`the packages' dependencies form a cycle: ${cycle.join(' -> ')}`);
    this.name = 'DependencyCycleError';
  }
}

/** The packages by name; two of one name are a ManifestError (colcon refuses them too). */
export function packagesByName(packages: readonly PackageManifest[]): Map<string, PackageManifest> {
  const byName = new Map<string, PackageManifest>();
  for (const pkg of packages) {
    const other = byName.get(pkg.name);
    if (other !== undefined) throw new ManifestError(`two packages are named ${pkg.name}: ${other.folder} and ${pkg.folder}`);
    byName.set(pkg.name, pkg);
  }
  return byName;
}

/**
 * The packages in an order that builds each after the workspace packages it depends on (its
 * other dependencies are rclsim's or the system's); among those ready at once, by name.
 */
export function buildOrder(packages: readonly PackageManifest[]): PackageManifest[] {
  const byName = packagesByName(packages);
  const inWorkspace = (pkg: PackageManifest): string[] => pkg.buildDependencies.filter((dep) => byName.has(dep) && dep !== pkg.name);
  const done = new Set<string>();
  const order: PackageManifest[] = [];
  const names = [...byName.keys()].sort();
  while (order.length < names.length) {
    const ready = names.find((name) => !done.has(name) && inWorkspace(byName.get(name)!).every((dep) => done.has(dep)));
    if (ready === undefined)
      throw new DependencyCycleError(
        cycleAmong(
          names.filter((name) => !done.has(name)),
          (name) => inWorkspace(byName.get(name)!),
        ),
      );
    done.add(ready);
    order.push(byName.get(ready)!);
  }
  return order;
}

/** A cycle among `left` (each has a dependency left): follow first dependencies from the first name until one repeats. */
function cycleAmong(left: readonly string[], dependencies: (name: string) => string[]): string[] {
  const remaining = new Set(left);
  const path: string[] = [];
  let at = left[0]!;
  while (!path.includes(at)) {
    path.push(at);
    at = dependencies(at).find((dep) => remaining.has(dep))!;
  }
  return [...path.slice(path.indexOf(at)), at];
}
