import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { facadeTarget } from '../compat/facadeTarget.js';
import { installRclnodejsAlias } from '../compat/rclnodejsAlias.js';
import { registerTypeScript } from '../compat/typeScriptLoader.js';
import { describeThrown } from '../engine/describeThrown.js';
import { JobModuleError } from './jobErrors.js';

/**
 * Readies the process to load user code from `file`: `rclnodejs` resolves to rclsim's module,
 * and TypeScript loads directly through tsx.
 */
export async function prepareToLoad(file: string): Promise<void> {
  installRclnodejsAlias(file, facadeTarget);
  await registerTypeScript(file);
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
 * esbuild's failure to compile TypeScript (through tsx). Only its message is relied on: an error
 * raised on the module hooks' thread reaches this one as a copy without esbuild's other fields.
 */
const TRANSFORM_FAILURE = /^(?:Transform|Build) failed with \d+ errors?:\r?\n(.*)/;

/** Whether user code failed to load (not found, or not valid JavaScript or TypeScript) rather than threw. */
export function isLoadError(error: unknown): boolean {
  // What user code threw may have getters that throw: such a value is no error of Node's loader.
  try {
    const code = (error as { code?: string } | null)?.code;
    return (
      error instanceof SyntaxError ||
      code === 'ERR_MODULE_NOT_FOUND' ||
      code === 'MODULE_NOT_FOUND' ||
      (error instanceof Error && TRANSFORM_FAILURE.test(error.message))
    );
  } catch {
    return false;
  }
}

/**
 * Why user code could not be loaded: esbuild's first message with its place (not only its
 * header line), and for a known mistake, its fix.
 */
export function loadFailure(error: unknown): string {
  const message = describeThrown(error);
  const first = TRANSFORM_FAILURE.exec(message)?.[1];
  if (first === undefined) return message;
  // tsx compiles a .ts file of a package without "type": "module" to CommonJS, which has no top-level await.
  const fix =
    /top-level await/i.test(first) && first.includes('"cjs"')
      ? ' (a .ts file is CommonJS in a package without "type": "module": rename it to .mts or set "type": "module" in package.json)'
      : '';
  return `${first.replace(': ERROR: ', ': ')}${fix}`;
}

/**
 * Whether tsx compiles `file` to CommonJS: a .ts (or .tsx) file whose nearest package.json does not
 * say "type": "module", as Node decides for .js.
 */
export function isCommonJsTypeScript(file: string): boolean {
  if (!/\.tsx?$/.test(file)) return false;
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        return (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: unknown }).type !== 'module';
      } catch {
        return true;
      }
    }
    if (dirname(dir) === dir) return true;
  }
}
