import { type Dirent, existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type ManifestElement, ManifestXmlError, parseManifestXml } from './manifestXml.js';

/** What a package.xml says that a build needs: the package's name, what it depends on, how it builds. */
export interface PackageManifest {
  name: string;
  /** The package's folder (where its package.xml is). */
  folder: string;
  /** `<depend>`, `<build_depend>`, `<buildtool_depend>`, `<build_export_depend>`: by name, sorted, once each. */
  buildDependencies: string[];
  /**
   * Every dependency colcon follows for `--packages-up-to`: its build, run and test categories
   * (colcon-ros: build and buildtool depends; build and buildtool export depends and exec
   * depends; test depends — `<depend>` is all three, format 1's `<run_depend>` a run one).
   */
  dependencies: string[];
  /** `<export><build_type>`; without one, `cmake` when there is a CMakeLists.txt (as colcon has it). */
  buildType: string;
}

/** A package.xml rclsim cannot read: not well-formed XML, no `<package>` root, no single `<name>`. */
export class ManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ManifestError';
  }
}

const DEPENDENCY_TAGS = new Set(['depend', 'build_depend', 'buildtool_depend', 'build_export_depend']);
const OTHER_DEPENDENCY_TAGS = new Set(['buildtool_export_depend', 'exec_depend', 'run_depend', 'test_depend']);

/**
 * The package.xml of `folder`, read (format 1, 2 and 3) as catkin_pkg reads it: one that is not
 * well-formed XML, or whose root is not `<package>`, or that has no single `<name>`, is a
 * ManifestError naming the file and line (colcon builds no ROS package of it: catkin_pkg's
 * InvalidPackage).
 */
export function readManifest(folder: string): PackageManifest {
  const file = join(folder, 'package.xml');
  let root: ManifestElement;
  try {
    root = parseManifestXml(readFileSync(file, 'utf8'));
  } catch (error) {
    if (!(error instanceof ManifestXmlError)) throw error;
    throw new ManifestError(`${file}:${error.line}: the manifest is not well-formed XML (${error.message})`);
  }
  if (root.name !== 'package') throw new ManifestError(`${file}:${root.line}: the manifest's root element is <${root.name}>, not <package>`);
  const only = (parent: ManifestElement, tag: string): ManifestElement | undefined => {
    const found = parent.children.filter((child) => child.name === tag);
    if (found.length > 1) throw new ManifestError(`${file}:${found[1]!.line}: a second <${tag}> (a manifest has one)`);
    return found[0];
  };
  const name = only(root, 'name')?.text.trim();
  if (name === undefined || name === '') throw new ManifestError(`${file}:${root.line}: no <name>`);
  const named = (tags: ReadonlySet<string>): Set<string> => {
    const names = new Set(root.children.filter((child) => tags.has(child.name) && holds(child)).map((child) => child.text.trim()));
    names.delete('');
    return names;
  };
  const dependencies = named(DEPENDENCY_TAGS);
  const declared = only(root, 'export')
    ?.children.find((child) => child.name === 'build_type' && holds(child))
    ?.text.trim();
  return {
    name,
    folder,
    buildDependencies: [...dependencies].sort(),
    dependencies: [...new Set([...dependencies, ...named(OTHER_DEPENDENCY_TAGS)])].sort(),
    buildType: declared ?? (existsSync(join(folder, 'CMakeLists.txt')) ? 'cmake' : 'unknown'),
  };
}

/** What a ROS 2 Jazzy shell has set, for a manifest's conditions. */
const CONDITION_VARIABLES: Record<string, string> = { ROS_VERSION: '2', ROS_DISTRO: 'jazzy', ROS_PYTHON_VERSION: '3' };

/**
 * Whether an element's `condition` holds (none: it does), as catkin_pkg's evaluate_condition
 * reads it: `$VAR == value` or `!=`, joined by `and`/`or` (parentheses are not read). BehaviorTree.CPP
 * declares `<build_type condition="$ROS_VERSION == 1">catkin</build_type>` before its ament_cmake one.
 */
function holds(element: ManifestElement): boolean {
  const condition = element.attributes.condition?.trim();
  if (condition === undefined || condition === '') return true;
  return condition.split(/\s+or\s+/).some((any) =>
    any.split(/\s+and\s+/).every((term) => {
      const match = /^(\S+)\s*(==|!=)\s*(\S+)$/.exec(term.trim());
      if (match === null) return true;
      const value = (side: string): string => (side.startsWith('$') ? (CONDITION_VARIABLES[side.slice(1)] ?? '') : side);
      return (value(match[1]!) === value(match[3]!)) === (match[2] === '==');
    }),
  );
}

/** A folder, or a symbolic link to one (a link that leads nowhere is not). */
function isFolder(parent: string, entry: Dirent): boolean {
  if (entry.isDirectory()) return true;
  return entry.isSymbolicLink() && statSync(join(parent, entry.name), { throwIfNoEntry: false })?.isDirectory() === true;
}

/**
 * Every package below `root` (a folder with a package.xml; nothing below it is looked at), as
 * colcon finds them (colcon-core's `package_discovery/recursive_crawl.py`): a folder with a
 * COLCON_IGNORE file, and hidden folders, are left out; a symbolic link to a folder is followed,
 * and a folder reached twice (two links to one package) is crawled the first time only.
 * Sorted by folder, for the same order on every machine.
 */
export function findPackages(root: string): PackageManifest[] {
  const found: PackageManifest[] = [];
  const visited = new Set<string>();
  const walk = (folder: string): void => {
    const real = realpathSync(folder);
    if (visited.has(real)) return;
    visited.add(real);
    if (existsSync(join(folder, 'COLCON_IGNORE'))) return;
    if (existsSync(join(folder, 'package.xml'))) {
      found.push(readManifest(folder));
      return;
    }
    const entries = readdirSync(folder, { withFileTypes: true })
      .filter((entry) => isFolder(folder, entry) && !entry.name.startsWith('.') && entry.name !== 'node_modules')
      .map((entry) => entry.name)
      .sort();
    for (const name of entries) walk(join(folder, name));
  };
  walk(root);
  return found;
}
