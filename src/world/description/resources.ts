import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/**
 * Where a world's files are found, as Gazebo finds them: `model://NAME/…` in the model folders
 * (gz-sim's GZ_SIM_RESOURCE_PATH, then sdformat's SDF_PATH and gz-common's GZ_FILE_PATH, then
 * classic Gazebo's GAZEBO_MODEL_PATH), `package://PKG/…` in an install prefix's share folder
 * (ros_gz_sim turns it into model://PKG/… over the share folders of AMENT_PREFIX_PATH), Fuel's
 * `https://fuel.gazebosim.org/1.0/OWNER/models/NAME` in Gazebo's download cache, a path relative
 * to the file that names it.
 */
export interface ResourcePaths {
  readonly modelFolders: readonly string[];
  /** Install prefixes, first wins (AMENT_PREFIX_PATH). */
  readonly prefixes: readonly string[];
  /** Gazebo's Fuel cache (`~/.gz/fuel`), if any. */
  readonly fuelCache: string | null;
}

const MODEL_PATH_VARIABLES = ['GZ_SIM_RESOURCE_PATH', 'IGN_GAZEBO_RESOURCE_PATH', 'SDF_PATH', 'GZ_FILE_PATH', 'GAZEBO_MODEL_PATH'];

/** The search paths an environment gives (as a launch's environment gives them to Gazebo). */
export function resourcePathsOf(env: Readonly<Record<string, string | undefined>>, home: string | null): ResourcePaths {
  const split = (value: string | undefined): string[] => (value ?? '').split(':').filter((part) => part !== '');
  return {
    modelFolders: MODEL_PATH_VARIABLES.flatMap((name) => split(env[name])),
    prefixes: split(env.AMENT_PREFIX_PATH),
    fuelCache: env.GZ_FUEL_CACHE_PATH ?? (home === null ? null : join(home, '.gz', 'fuel')),
  };
}

const FUEL = /^https?:\/\/([^/]+)\/1\.0\/([^/]+)\/models\/([^/]+?)\/?(?:\/(\d+|tip))?$/i;

/** A Fuel model's address, split: host, owner, name (as written, spaces and all). */
export function fuelModel(uri: string): { host: string; owner: string; name: string } | null {
  const match = FUEL.exec(uri.replace(/%20/g, ' '));
  return match === null ? null : { host: match[1]!, owner: match[2]!, name: match[3]! };
}

/**
 * The path `uri` names, written in the file `from`: a file or a folder that exists, or null.
 * Fuel addresses resolve to the newest version in the download cache.
 */
export function resolveUri(uri: string, from: string, paths: ResourcePaths): string | null {
  const found = (path: string): string | null => (existsSync(path) ? path : null);
  if (uri.startsWith('model://')) {
    const rest = uri.slice('model://'.length);
    for (const folder of paths.modelFolders) {
      const path = found(join(folder, rest));
      if (path !== null) return path;
    }
    return packagePath(rest, paths);
  }
  if (uri.startsWith('package://')) return packagePath(uri.slice('package://'.length), paths);
  if (uri.startsWith('file://')) return found(uri.slice('file://'.length));
  const fuel = fuelModel(uri);
  if (fuel !== null) return fuelCached(fuel, paths);
  if (/^[a-z]+:\/\//i.test(uri)) return null;
  return found(isAbsolute(uri) ? uri : resolve(dirname(from), uri));
}

/** `PKG/rest` in the share folder of the first prefix that has the package. */
function packagePath(rest: string, paths: ResourcePaths): string | null {
  const slash = rest.indexOf('/');
  const pkg = slash < 0 ? rest : rest.slice(0, slash);
  const tail = slash < 0 ? '' : rest.slice(slash + 1);
  for (const prefix of paths.prefixes) {
    const share = join(prefix, 'share', pkg);
    if (existsSync(share)) return existsSync(join(share, tail)) ? join(share, tail) : null;
  }
  return null;
}

/** Gazebo's cache keeps `host/owner/models/name/VERSION/` in lower case; the highest version wins. */
function fuelCached(fuel: { host: string; owner: string; name: string }, paths: ResourcePaths): string | null {
  if (paths.fuelCache === null) return null;
  const folder = join(paths.fuelCache, fuel.host.toLowerCase(), fuel.owner.toLowerCase(), 'models', fuel.name.toLowerCase());
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return null;
  const versions = readVersions(folder);
  return versions.length === 0 ? null : join(folder, String(versions[versions.length - 1]));
}

function readVersions(folder: string): number[] {
  return readdirSync(folder)
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);
}
