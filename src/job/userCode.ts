import { pathToFileURL } from 'node:url';
import { facadeTarget } from '../compat/facadeTarget.js';
import { loadFailure } from '../compat/loadErrors.js';
import { installLoaderOutside } from '../compat/loaderOutside.js';
import { isModulePackage } from '../compat/packageType.js';
import { installPortablePow } from '../compat/portablePow.js';
import { installRclnodejsAlias, type RclnodejsTarget } from '../compat/rclnodejsAlias.js';
import { registerTypeScript } from '../compat/typeScriptLoader.js';
import { JobModuleError } from './jobErrors.js';

/**
 * Readies the process to load user code from `file`: its `**` computes as Math.pow, `rclnodejs`
 * resolves to rclsim's module, TypeScript loads directly through tsx, and what loads it stays out
 * of the run (compat/loaderOutside.ts).
 */
export async function prepareToLoad(file: string): Promise<void> {
  installPortablePow();
  installLoaderOutside();
  installRclnodejsAlias(file, { ...facadeTarget, packages: await rclsimPackage() });
  await registerTypeScript(file);
}

/**
 * rclsim's own package by its names (package.json's exports), for a program outside an rclsim
 * project too: in a simulation `rclsim` loads wherever `rclnodejs` does, as in a separate
 * program's process (program/programMain.ts).
 */
async function rclsimPackage(): Promise<NonNullable<RclnodejsTarget['packages']>> {
  const entry = (path: string) => new URL(path, import.meta.url).href;
  const [main, interfaces] = [entry('../index.js'), entry('../interfaces/typeMaps.js')];
  return {
    rclsim: { exports: (await import(main)) as object, url: main },
    'rclsim/rclnodejs': { exports: facadeTarget.exports, url: facadeTarget.url },
    'rclsim/interfaces': { exports: (await import(interfaces)) as object, url: interfaces },
  };
}

/**
 * Modules imported so far, by file. Node keeps an imported module anyway; asking it again costs
 * a round trip to the module hooks' thread per import, which a sweep's worker would pay per run.
 */
const imported = new Map<string, Record<string, unknown>>();

/** Imports a user module; a failure becomes one JobModuleError line starting with `what`. */
export async function importUserModule(file: string, what: string): Promise<Record<string, unknown>> {
  const known = imported.get(file);
  if (known !== undefined) return known;
  await prepareToLoad(file);
  try {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    imported.set(file, module);
    return module;
  } catch (error) {
    throw new JobModuleError(`${what}: ${loadFailure(error)}`);
  }
}

/**
 * Whether tsx compiles `file` to CommonJS: a .ts (or .tsx) file whose nearest package.json does not
 * say "type": "module", as Node decides for .js.
 */
export function isCommonJsTypeScript(file: string): boolean {
  return /\.tsx?$/.test(file) && !isModulePackage(file);
}
