import Module, { register } from 'node:module';
import * as rclnodejs from './index.js';
import { isRclnodejsEntry } from './rclnodejsEntry.js';
import { rclnodejsLibModule } from './rclnodejsLibModules.js';

let installed = false;

/**
 * Makes `require('rclnodejs')` and `import 'rclnodejs'` load rclsim's rclnodejs-shaped module,
 * so programs written for rclnodejs run unmodified (and `require('rclnodejs/lib/…')` of the
 * modules rclnodejsLibModules.ts lists). Installed once per process.
 */
export function installRclnodejsAlias(): void {
  if (installed) return;
  installed = true;
  const loader = Module as unknown as {
    _load(request: string, parent: unknown, isMain: boolean): unknown;
    _resolveFilename(request: string, parent: unknown, isMain: boolean): string;
  };
  const load = loader._load;
  loader._load = function (this: unknown, request: string, parent: unknown, isMain: boolean): unknown {
    if (request === 'rclnodejs') return rclnodejs;
    const lib = /^rclnodejs\/lib\/([a-z_/]+\.js)$/.exec(request);
    const libModule = lib === null ? undefined : rclnodejsLibModule(lib[1]!);
    if (libModule !== undefined) return libModule;
    if (request.startsWith('.') || request.startsWith('/')) {
      let file: string | null = null;
      try {
        file = loader._resolveFilename(request, parent, isMain);
      } catch {
        // not found: let the original loader report it
      }
      if (file !== null && isRclnodejsEntry(file)) return rclnodejs;
    }
    return load.call(this, request, parent, isMain);
  };
  register(new URL('./rclnodejsHooks.js', import.meta.url), {
    data: { target: new URL('./index.js', import.meta.url).href },
  });
}
