import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { InterfaceSource } from '../interfaces/InterfaceRegistry.js';
import { packagesByName } from './buildOrder.js';
import { findPackages, type PackageManifest } from './packageManifest.js';
import { layOutPythonPackage, readSetups } from './pythonPackages.js';
import { workspaceFolders } from './workspaceFolders.js';

/** A workspace ready to run from: its install prefix, its packages, its interface packages. */
export interface PreparedWorkspace {
  /** The workspace (the folder with src/), or null when only an install prefix was named. */
  root: string | null;
  /** The install prefix (absolute): what AMENT_PREFIX_PATH gets, where lib/<pkg>/<exe> is. */
  install: string;
  /** The packages below src/, by folder (none without a root). */
  packages: PackageManifest[];
  /**
   * Where the run finds the workspace's messages, services and actions: each interface package
   * below src/ by its package.xml name (its folder's name may be another), then the install
   * prefix (share/<pkg>/msg/…, what rclsim build or colcon installed).
   */
  interfaceSources: InterfaceSource[];
}

/** The build type of packages laid out from their setup.py. */
export const PYTHON_BUILD_TYPE = 'ament_python';

/** Lays out the ament_python packages among `packages` in `install` (reading every setup.py first, in one process). */
export function layOutPythonPackages(packages: readonly PackageManifest[], install: string, log?: (pkg: PackageManifest) => void): void {
  const python = packages.filter((pkg) => pkg.buildType === PYTHON_BUILD_TYPE);
  const installs = readSetups(python.map((pkg) => pkg.folder));
  python.forEach((pkg, i) => {
    layOutPythonPackage(pkg, installs[i]!, install);
    log?.(pkg);
  });
}

/**
 * The workspace `dir` names (workspaceFolders: --workspace, a job's `workspace:`, else the current
 * folder), ready to run from: its ament_python packages laid out in its install prefix (symlinks
 * and small files, each time: cheap, and never stale). Its C++ packages are `rclsim build`'s.
 * A setup.py rclsim cannot read: WorkspaceError; two packages of one name, a bad package.xml: ManifestError.
 */
export function prepareWorkspace(dir?: string): PreparedWorkspace {
  const { root, sources, install } = workspaceFolders(dir);
  const packages = sources === null ? [] : findPackages(sources);
  packagesByName(packages);
  layOutPythonPackages(packages, install);
  return { root, install, packages, interfaceSources: interfaceSources(packages, install) };
}

/** The interface packages among `packages` by name (sorted), then the install prefix's. */
function interfaceSources(packages: readonly PackageManifest[], install: string): InterfaceSource[] {
  const interfaces = packages
    .filter((pkg) => ['msg', 'srv', 'action'].some((kind) => existsSync(join(pkg.folder, kind))))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((pkg) => ({ path: pkg.folder, package: pkg.name }));
  return [...interfaces, { path: install }];
}

/**
 * What a program run from a workspace gets of it without anything laid out (`rclsim exec
 * node.py` in a workspace, a job's `script:` entries): its install prefix when there is one (for
 * the environment a sourced install gives), and its interface packages. None when `dir` (else the
 * current folder) has neither.
 */
export function programWorkspace(dir?: string): { install: string | undefined; interfaceSources: InterfaceSource[] } | undefined {
  const { sources, install } = workspaceFolders(dir);
  const installed = existsSync(install);
  const packages = sources === null ? [] : findPackages(sources);
  const found = interfaceSources(packages, install).filter((source) => installed || source.path !== install);
  // A folder with a src/ of no ROS packages (a JavaScript project's) gives nothing.
  if (!installed && found.length === 0) return undefined;
  return { install: installed ? install : undefined, interfaceSources: found };
}
