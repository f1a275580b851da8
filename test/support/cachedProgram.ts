import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cachedFolder, contentKey } from '../../src/build/buildCache.js';

let compilerVersion: string | undefined;
/** Builds kept per program: the current one and a few a checkout of another commit would want. */
const KEEP = 3;

/** Every file below `folder`, sorted by its path there, as that path and its bytes. */
function folderParts(folder: string): (string | Uint8Array)[] {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(join(folder, file)).isFile())
    .sort();
  return files.flatMap((file) => [file, readFileSync(join(folder, file))]);
}

/**
 * A test's own C++ program, compiled by g++ once per content into rclsim's build cache: the
 * compiler's version, the flags, the sources' text and every file under the include folders key it
 * (not where they lie: a test writes its source into a new temporary folder), so a second `npm test`
 * runs what the first compiled (CONTRIBUTING.md: npm test's time) and any change to what the program
 * reads compiles it again. The cache keeps each program's last few builds.
 */
export function cachedProgram(name: string, flags: readonly string[], sources: readonly string[], includes: readonly string[] = []): string {
  compilerVersion ??= execFileSync('g++', ['--version'], { encoding: 'utf8' });
  const key = contentKey([
    compilerVersion,
    ...flags,
    ...sources.map((source) => readFileSync(source)),
    ...includes.flatMap((folder) => ['-I', ...folderParts(folder)]),
  ]);
  const folder = cachedFolder(
    `test-programs/${name}`,
    key,
    (into) => {
      const args = [...flags, ...includes.map((folder) => `-I${folder}`), ...sources, '-o', join(into, name)];
      execFileSync('g++', args, { stdio: ['ignore', 'inherit', 'inherit'] });
    },
    KEEP,
  );
  return join(folder, name);
}
