import { pathToFileURL } from 'node:url';
import { register as registerCommonJs } from 'tsx/cjs/api';
import { register as registerModules } from 'tsx/esm/api';
import { installRclnodejsAlias } from '../compat/rclnodejsAlias.js';

/** User code that cannot be loaded (a missing file, a syntax error, a missing export). */
export class JobModuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobModuleError';
  }
}

let typeScriptRegistered = false;

/**
 * Readies the process to load user code from `file`: `rclnodejs` resolves to rclsim's module,
 * and TypeScript loads directly through tsx — as ES modules, and as CommonJS where Node's rules
 * make a `.ts` file CommonJS (no `"type": "module"`). Each is installed once per process.
 */
export function prepareToLoad(file: string): void {
  installRclnodejsAlias();
  if (typeScriptRegistered || !/\.[cm]?tsx?$/.test(file)) return;
  typeScriptRegistered = true;
  registerModules();
  registerCommonJs();
}

/** Imports a user module; a failure becomes one JobModuleError line starting with `what`. */
export async function importUserModule(file: string, what: string): Promise<Record<string, unknown>> {
  prepareToLoad(file);
  try {
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new JobModuleError(`${what}: ${(error as Error).message}`);
  }
}
