import { fileURLToPath } from 'node:url';
import { isRewrittenFile } from './portablePow.js';
import { rewritePow } from './powRewrite.js';

/**
 * ES module load hook (registered by compat/portablePow.ts's registerPowHooks, once for
 * JavaScript files and once, after tsx's hooks, for TypeScript ones, as this module's URL says):
 * rewrites user code's `**` as compat/powRewrite.ts does.
 */
const typeScript = new URL(import.meta.url).search === '?typescript';
const TYPESCRIPT_FILE = /\.[cm]?tsx?$/;

interface LoadResult {
  format?: string | null;
  source?: string | ArrayBuffer | NodeJS.TypedArray | null;
  shortCircuit?: boolean;
}

export async function load(url: string, context: unknown, nextLoad: (url: string, context: unknown) => Promise<LoadResult>): Promise<LoadResult> {
  const loaded = await nextLoad(url, context);
  if (!url.startsWith('file:') || (loaded.format !== 'module' && loaded.format !== 'commonjs') || loaded.source == null) return loaded;
  const file = fileURLToPath(url);
  if (TYPESCRIPT_FILE.test(file) !== typeScript || !isRewrittenFile(file)) return loaded;
  const source = typeof loaded.source === 'string' ? loaded.source : Buffer.from(loaded.source as Uint8Array).toString('utf8');
  return { ...loaded, source: rewritePow(source, loaded.format) };
}
