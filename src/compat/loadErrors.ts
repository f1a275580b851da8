import { describeThrown } from '../base/describeThrown.js';

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
