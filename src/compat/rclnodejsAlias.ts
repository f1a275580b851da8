import { readFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { isModulePackage } from './packageType.js';
import { registerPowHooks } from './portablePow.js';
import { isRclnodejsEntry } from './rclnodejsEntry.js';

/** What `rclnodejs` loads as: the module's exports, its URL (for `import`), and modules of `rclnodejs/lib/…`. */
export interface RclnodejsTarget {
  exports: object;
  url: string;
  lib(path: string): unknown;
  /** Other packages that load from here too, by specifier (a separate program's process: rclsim's own names, to the client). */
  packages?: Readonly<Record<string, { exports: object; url: string }>>;
}

let installed = false;
let hooksRegistered = false;

/**
 * Makes `require('rclnodejs')` and `import 'rclnodejs'` load rclsim's rclnodejs-shaped module,
 * so programs written for rclnodejs run unmodified (and `require('rclnodejs/lib/…')` of the
 * modules client/rclnodejsLibModules.ts lists). Installed once per process; the ES module hook only
 * once `file`, or a user file it requires, may import (see mayImport).
 */
export function installRclnodejsAlias(file: string, target: RclnodejsTarget): void {
  if (mayImport(file)) registerModuleHooks(target);
  if (installed) return;
  installed = true;
  const loader = Module as unknown as {
    _load(request: string, parent: unknown, isMain: boolean): unknown;
    _resolveFilename(request: string, parent: unknown, isMain: boolean): string;
  };
  const load = loader._load;
  loader._load = function (this: unknown, request: string, parent: unknown, isMain: boolean): unknown {
    if (request === 'rclnodejs') return target.exports;
    const aliased = target.packages?.[request];
    if (aliased !== undefined) return aliased.exports;
    const lib = /^rclnodejs\/lib\/([a-z_/]+\.js)$/.exec(request);
    const libModule = lib === null ? undefined : target.lib(lib[1]!);
    if (libModule !== undefined) return libModule;
    if (request.startsWith('.') || request.startsWith('/')) {
      let file: string | null = null;
      try {
        file = loader._resolveFilename(request, parent, isMain);
      } catch {
        // not found: let the original loader report it
      }
      if (file !== null && isRclnodejsEntry(file)) return target.exports;
      if (file !== null && !file.includes('/node_modules/') && mayImport(file)) registerModuleHooks(target);
    }
    return load.call(this, request, parent, isMain);
  };
}

/**
 * Whether a user file may load an ES module (that imports rclnodejs, or whose `**` the hooks
 * rewrite: compat/portablePow.ts): TypeScript (loaded through tsx's module hooks anyway), an
 * .mjs file, a .js file of a "type": "module" package, or any file whose text says `import` or
 * `export` (`export … from 'rclnodejs'` imports it too). The ES module hook runs on a thread of
 * its own and makes every later import a round trip to it: a cold run of CommonJS programs
 * starts ~30 ms faster without it.
 */
function mayImport(file: string): boolean {
  if (hooksRegistered) return false;
  if (/\.(?:[cm]?tsx?|mjs)$/.test(file)) return true;
  if (file.endsWith('.js') && isModulePackage(file)) return true;
  try {
    return /\b(?:import|export)\b/.test(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
}

function registerModuleHooks(target: RclnodejsTarget): void {
  if (hooksRegistered) return;
  hooksRegistered = true;
  const packages = Object.fromEntries(Object.entries(target.packages ?? {}).map(([specifier, { url }]) => [specifier, url]));
  register(new URL('./rclnodejsHooks.js', import.meta.url), { data: { target: target.url, packages } });
  registerPowHooks('javascript');
}
