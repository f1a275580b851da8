import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InterfaceRegistry, type InterfaceSource } from '../interfaces/InterfaceRegistry.js';
import { generateMessageHeaders } from '../interfaces/messageHeaders.js';
import { cachedFolder, cacheRoot, contentKey } from './buildCache.js';

/** A folder of generated message headers (rosidl_generator_cpp's layout) and what it holds, as a key. */
export interface CppMessages {
  folder: string;
  key: string;
}

/**
 * The C++ headers of every interface package `registry` knows (the shipped ones, and the job's
 * own ahead of them), generated from the simulation's own definitions into the cache, once per
 * content: a C++ program's CDR is the simulation's by construction.
 */
export function cppMessages(registry: InterfaceRegistry): CppMessages {
  // The definition files as they are now (names, sizes, times) name the headers already made:
  // a start whose definitions did not change generates nothing.
  const stamp = contentKey([definitionsStamp(registry.sources()), generatorStamp()]);
  const known = join(cacheRoot(), 'cpp-messages-by-definitions', stamp);
  if (existsSync(known)) {
    const key = readFileSync(known, 'utf8');
    const folder = join(cacheRoot(), 'cpp-messages', key);
    if (existsSync(folder)) return { folder, key };
  }
  const made = generated(registry);
  mkdirSync(dirname(known), { recursive: true });
  writeFileSync(known, made.key);
  return made;
}

function generated(registry: InterfaceRegistry): CppMessages {
  const files = generateMessageHeaders(registry, registry.packageNames());
  const paths = [...files.keys()].sort();
  const key = contentKey(paths.flatMap((path) => [path, files.get(path) as string]));
  const folder = cachedFolder('cpp-messages', key, (into) => {
    for (const path of paths) {
      const file = join(into, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, files.get(path) as string);
    }
  });
  return { folder, key };
}

/** The headers of the shipped packages alone: what the client library is built with. */
export function shippedCppMessages(): CppMessages {
  return cppMessages(new InterfaceRegistry());
}

/** The generators' compiled files (src/interfaces/: names, sizes, change times): another rclsim makes the headers again. */
function generatorStamp(): string {
  const folder = dirname(fileURLToPath(import.meta.resolve('../interfaces/messageHeaders.js')));
  const parts: string[] = [];
  for (const file of entries(folder)) {
    const stats = statSync(join(folder, file), { throwIfNoEntry: false });
    if (stats?.isFile()) parts.push(file, String(stats.size), String(stats.mtimeMs));
  }
  return contentKey(parts);
}

/** Lists a folder ([] when it is none). */
function entries(folder: string): string[] {
  try {
    return readdirSync(folder).sort();
  } catch {
    return [];
  }
}

/**
 * What the definition files of the sources are now, as a key: each one's path, size and change
 * time, where the registry looks for them (a source's packages one folder deep, a colcon
 * install's share/, or the source itself as a package).
 */
function definitionsStamp(sources: readonly InterfaceSource[]): string {
  const parts: string[] = [];
  const kinds = (root: string): void => {
    for (const kind of ['msg', 'srv', 'action']) {
      for (const file of entries(join(root, kind))) {
        const path = join(root, kind, file);
        const stats = statSync(path, { throwIfNoEntry: false });
        if (stats?.isFile()) parts.push(path, String(stats.size), String(stats.mtimeMs));
      }
    }
  };
  for (const source of sources) {
    parts.push(`source ${source.path} ${source.package ?? ''}`);
    kinds(source.path);
    if (source.package !== undefined) continue;
    for (const root of [source.path, join(source.path, 'share')]) {
      for (const entry of entries(root)) kinds(join(root, entry));
    }
  }
  return contentKey(parts);
}
