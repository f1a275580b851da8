import { registerPowHooks } from './portablePow.js';

let registered = false;

/**
 * Lets Node load TypeScript user code directly through tsx — as ES modules, and as CommonJS
 * where Node's rules make a `.ts` file CommonJS (no `"type": "module"`). Registered once per
 * process, and only for the first TypeScript file: a run of JavaScript programs starts faster.
 * Then the hook that rewrites `**` in what tsx compiles to ES modules (compat/portablePow.ts).
 */
export async function registerTypeScript(file: string): Promise<void> {
  if (registered || !/\.[cm]?tsx?$/.test(file)) return;
  registered = true;
  const [modules, commonJs] = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')]);
  modules.register();
  commonJs.register();
  registerPowHooks('typescript');
}
