import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a package.xml says that a build needs: the package's name, what it depends on, how it builds. */
export interface PackageManifest {
  name: string;
  /** The package's folder (where its package.xml is). */
  folder: string;
  /** `<depend>`, `<build_depend>`, `<buildtool_depend>`, `<build_export_depend>`: by name, sorted, once each. */
  buildDependencies: string[];
  /** `<export><build_type>`; without one, `cmake` when there is a CMakeLists.txt (as colcon has it). */
  buildType: string;
}

/** A package.xml that names no package. */
export class ManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ManifestError';
  }
}

const DEPENDENCY_TAGS = ['depend', 'build_depend', 'buildtool_depend', 'build_export_depend'];

/** The text of each `<tag …>text</tag>` element, trimmed. */
function elements(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}\\s*>`, 'g'))].map((match) => match[1]!.trim());
}

/** The package.xml of `folder`, read (format 2 and 3). */
export function readManifest(folder: string): PackageManifest {
  const file = join(folder, 'package.xml');
  const xml = readFileSync(file, 'utf8').replace(/<!--[\s\S]*?-->/g, '');
  const name = elements(xml, 'name')[0];
  if (name === undefined || name === '') throw new ManifestError(`${file}: no <name>`);
  const dependencies = new Set(DEPENDENCY_TAGS.flatMap((tag) => elements(xml, tag)).filter((dep) => dep !== ''));
  const declared = elements(xml, 'build_type')[0];
  return {
    name,
    folder,
    buildDependencies: [...dependencies].sort(),
    buildType: declared ?? (existsSync(join(folder, 'CMakeLists.txt')) ? 'cmake' : 'unknown'),
  };
}

/**
 * Every package below `root` (a folder with a package.xml; nothing below it is looked at), as
 * colcon finds them: a folder with a COLCON_IGNORE file, and hidden folders, are left out.
 * Sorted by folder, for the same order on every machine.
 */
export function findPackages(root: string): PackageManifest[] {
  const found: PackageManifest[] = [];
  const walk = (folder: string): void => {
    if (existsSync(join(folder, 'COLCON_IGNORE'))) return;
    if (existsSync(join(folder, 'package.xml'))) {
      found.push(readManifest(folder));
      return;
    }
    const entries = readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
      .map((entry) => entry.name)
      .sort();
    for (const name of entries) walk(join(folder, name));
  };
  walk(root);
  return found;
}
