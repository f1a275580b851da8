import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, tempDir } from './helpers.js';

/** A folder of its own with test/fixtures/hunt/stuck.yaml and its program, which leaves a `stuck-<pid>` file there when it gets stuck. */
export function stuckJobDir(): string {
  const dir = tempDir();
  for (const file of ['stuck.yaml', 'stuck.cjs']) cpSync(join(repoRoot, 'test/fixtures/hunt', file), join(dir, file));
  return dir;
}
