import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateCppHeaders } from '../interfaces/cppHeaders.js';
import { InterfaceRegistry } from '../interfaces/InterfaceRegistry.js';
import { cachedFolder, contentKey } from './buildCache.js';

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
  const files = generateCppHeaders(registry, registry.packageNames());
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
