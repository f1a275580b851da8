import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Whether a file is the entry point of a package named `rclnodejs` (an rclnodejs checkout's
 * examples require '../../index.js'): those load rclsim's module too.
 */
export function isRclnodejsEntry(file: string): boolean {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; main?: string };
        return pkg.name === 'rclnodejs' && file === join(dir, pkg.main ?? 'index.js');
      } catch {
        return false;
      }
    }
    if (dirname(dir) === dir) return false;
  }
}
