import { pathToFileURL } from 'node:url';
import { installRclnodejsAlias } from '../compat/rclnodejsAlias.js';
import { JobModuleError } from './jobErrors.js';

let typeScriptRegistered = false;

/**
 * Readies the process to load user code from `file`: `rclnodejs` resolves to rclsim's module,
 * and TypeScript loads directly through tsx — as ES modules, and as CommonJS where Node's rules
 * make a `.ts` file CommonJS (no `"type": "module"`). Each is installed once per process; tsx
 * is loaded only for the first TypeScript file (a run of JavaScript programs starts faster).
 */
export async function prepareToLoad(file: string): Promise<void> {
  installRclnodejsAlias(file);
  if (typeScriptRegistered || !/\.[cm]?tsx?$/.test(file)) return;
  typeScriptRegistered = true;
  const [modules, commonJs] = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')]);
  modules.register();
  commonJs.register();
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
    throw new JobModuleError(`${what}: ${(error as Error).message}`);
  }
}
