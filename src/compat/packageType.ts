import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Whether the nearest package.json above `file` says "type": "module", as Node decides whether
 * a .js (or tsx a .ts) file is an ES module; no package.json, or one that cannot be read, says no.
 */
export function isModulePackage(file: string): boolean {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        return (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: unknown }).type === 'module';
      } catch {
        return false;
      }
    }
    if (dirname(dir) === dir) return false;
  }
}
