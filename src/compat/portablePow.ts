import Module, { register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { POW, rewritePow } from './powRewrite.js';

/** rclsim's own compiled code (dist/), which uses base/portableMath.ts where it must. */
const OWN_CODE = fileURLToPath(new URL('../../', import.meta.url));

let installed = false;

/**
 * Whether a file is user code whose `**` rclsim rewrites: not a package's (node_modules) and not
 * rclsim's own.
 */
export function isRewrittenFile(file: string): boolean {
  return !file.includes('/node_modules/') && !file.startsWith(OWN_CODE);
}

/**
 * Makes user code's `**` and `**=` compute as `Math.pow` does when they run, so during a run
 * the portable one (compat/VirtualGlobals.ts): V8 compiles `**` to its own pow, whose last bits
 * differ between CPUs. CommonJS files (and what tsx compiles to CommonJS) are rewritten as they
 * are compiled; ES modules by the load hooks of registerPowHooks. Installed once per process,
 * before user code loads; POW stays defined, as code rewritten may run after a run.
 */
export function installPortablePow(): void {
  if (installed) return;
  installed = true;
  const pow = Object.assign(
    // BigInt exponentiation is exact: no rounding to make portable.
    // biome-ignore lint/style/useExponentiationOperator: Math.pow is what a run replaces.
    (a: unknown, b: unknown): unknown => (typeof a === 'bigint' || typeof b === 'bigint' ? (a as bigint) ** (b as bigint) : Math.pow(a as number, b as number)),
    {
      key: undefined as unknown,
      value: undefined as unknown,
      /** A member target of `**=`: its object, its key and old value kept for the assignment the rewritten code makes. */
      ref(object: Record<PropertyKey, unknown>, key: PropertyKey): object {
        pow.key = key;
        pow.value = object[key];
        return object;
      },
    },
  );
  Object.defineProperty(globalThis, POW, { value: pow, enumerable: false });
  const prototype = Module.prototype as unknown as { _compile(content: string, filename: string, ...rest: unknown[]): unknown };
  const compile = prototype._compile;
  prototype._compile = function (this: unknown, content: string, filename: string, ...rest: unknown[]): unknown {
    // From Node.js 22 on, an ES module that CommonJS requires is compiled here too, its third argument says.
    const rewritten = isRewrittenFile(filename) ? rewritePow(content, rest[0] === 'module' ? 'module' : 'commonjs') : content;
    return compile.call(this, rewritten, filename, ...rest);
  };
}

/**
 * Registers the ES module load hook that rewrites `**`, for JavaScript files, or for TypeScript
 * ones: hooks registered later run first, so the TypeScript hook goes after tsx's, to see its
 * output (compat/typeScriptLoader.ts).
 */
export function registerPowHooks(language: 'javascript' | 'typescript'): void {
  register(new URL(`./powHooks.js?${language}`, import.meta.url));
}
