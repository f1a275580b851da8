import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '../support/helpers.js';

/** The most lines a folder's README may have: a header that says what the folder holds, not a guide. */
const MOST_LINES = 15;

/** `dir` and every folder below it, relative to the repository. */
function foldersFrom(dir: string): string[] {
  const below = readdirSync(join(repoRoot, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => foldersFrom(join(dir, entry.name)));
  return [dir, ...below];
}

const FOLDERS = [...foldersFrom('src').filter((folder) => folder !== 'src'), 'clients/cpp'];

describe('the house: every folder says what it holds', () => {
  it(`gives every folder of src/ (at any depth) and clients/cpp/ a README.md of at most ${MOST_LINES} lines`, () => {
    assert.ok(FOLDERS.includes('src/world/physics'), 'the walk found no subfolder: the rule reads nothing');
    const missing = FOLDERS.filter((folder) => !existsSync(join(repoRoot, folder, 'README.md')));
    assert.deepEqual(missing, [], 'folders without a README.md saying what they hold');
    const long = FOLDERS.map((folder) => relative(repoRoot, join(repoRoot, folder, 'README.md')))
      .map((readme) => ({ readme, lines: readFileSync(join(repoRoot, readme), 'utf8').replace(/\n$/, '').split('\n').length }))
      .filter(({ lines }) => lines > MOST_LINES)
      .map(({ readme, lines }) => `${readme}: ${lines} lines`);
    assert.deepEqual(long, [], `READMEs longer than ${MOST_LINES} lines`);
  });
});
