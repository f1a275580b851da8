import { register as registerCommonJs } from 'tsx/cjs/api';
import { register as registerModules } from 'tsx/esm/api';

let registered = false;

/**
 * Lets `import()` load TypeScript files directly (through tsx), once per process: as ES modules,
 * and as CommonJS where Node's rules make a `.ts` file CommonJS (no `"type": "module"`).
 */
export function registerTypeScript(): void {
  if (registered) return;
  registered = true;
  registerModules();
  registerCommonJs();
}

export function isTypeScript(file: string): boolean {
  return /\.[cm]?tsx?$/.test(file);
}
