import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../../support/helpers.js';

// The examples' tests are several files, run side by side (scripts/test.mjs): this one holds them
// to running every example.

/** The folder of the examples' test files (compiled, beside this one). */
const here = dirname(fileURLToPath(import.meta.url));

describe('examples', () => {
  it('every job and sweep file under examples/ is run by a test of test/house/examples/', () => {
    const sources = readdirSync(here)
      .filter((file) => file.endsWith('.test.js'))
      .map((file) => readFileSync(join(here, file), 'utf8'));
    const files = readdirSync(join(repoRoot, 'examples'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) =>
        readdirSync(join(repoRoot, 'examples', entry.name))
          .filter((file) => /^(job|sweep)\.(ya?ml|ts|js)$/.test(file))
          .map((file) => `examples/${entry.name}/${file}`),
      );
    assert.ok(files.length >= 10, files.join(' '));
    for (const file of files)
      assert.ok(
        sources.some((source) => source.includes(`'${file}'`)),
        `${file} is not run by a test of test/house/examples/`,
      );
  });
});
