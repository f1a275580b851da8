import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '../support/helpers.js';

const SELF = 'test/house/designInside.test.ts';

/** The repository's files, committed or not (but ignored ones: dist/, builds, outputs). */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' });
  return listed.split('\0').filter((path) => path !== '' && path !== SELF);
}

// A clone has the design in docs/design.md and nothing else: a citation of the specification that
// once lived beside the repository (../shared/) sends a reader to a file a clone does not have.
describe('the design lives inside the repository', () => {
  it('no file cites the design that lived outside it', () => {
    const citing: string[] = [];
    for (const path of repositoryFiles()) {
      let text: string;
      try {
        text = readFileSync(join(repoRoot, path), 'latin1');
      } catch {
        continue; // listed but deleted in the working tree
      }
      text.split('\n').forEach((line, i) => {
        if (/\bDESIGN\b/.test(line)) citing.push(`${path}:${i + 1}: ${line.trim()}`);
      });
    }
    assert.deepEqual(citing, [], 'cite docs/design.md#<section> (or a guide) instead');
  });

  it('the README sends readers to docs/design.md for the design, not out of the clone', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    assert.match(readme, /\]\(docs\/design\.md\)/);
    assert.doesNotMatch(readme.replace(/\.\.\/shared\/(fixtures|tools\/bag-oracle)/g, ''), /\.\.\/shared/);
  });
});
