import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '../support/helpers.js';
import { anchors } from '../support/markdown.js';

const SELF = 'test/house/designInside.test.ts';

/** Each file of the repository, committed or not (but ignored ones: dist/, builds, outputs), with its text. */
function* repositoryTexts(): Generator<[path: string, text: string]> {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' });
  for (const path of listed.split('\0')) {
    // Listed but deleted in the working tree: nothing to read.
    if (path !== '' && path !== SELF && existsSync(join(repoRoot, path))) yield [path, readFileSync(join(repoRoot, path), 'latin1')];
  }
}

// A clone has the design in docs/design.md and nothing else: a citation of the specification that
// once lived beside the repository (../shared/) sends a reader to a file a clone does not have.
describe('the design lives inside the repository', () => {
  it('no file cites the design that lived outside it', () => {
    const citing: string[] = [];
    for (const [path, text] of repositoryTexts()) {
      text.split('\n').forEach((line, i) => {
        if (/\bDESIGN\b/.test(line)) citing.push(`${path}:${i + 1}: ${line.trim()}`);
      });
    }
    assert.deepEqual(citing, [], 'cite docs/design.md#<section> (or a guide) instead');
  });

  it('every citation of a section of docs/ (docs/design.md#the-step-loop) names a heading of that page', () => {
    const headings = new Map<string, Set<string>>();
    const broken: string[] = [];
    for (const [path, text] of repositoryTexts()) {
      for (const [citation, page, anchor] of text.matchAll(/\b(docs\/[\w-]+\.md)#([\w-]+)/g)) {
        if (!headings.has(page!)) headings.set(page!, existsSync(join(repoRoot, page!)) ? anchors(readFileSync(join(repoRoot, page!), 'utf8')) : new Set());
        if (!headings.get(page!)!.has(anchor!)) broken.push(`${path}: ${citation}`);
      }
    }
    assert.ok(headings.has('docs/design.md'), 'nothing cites a section of docs/design.md');
    assert.deepEqual(broken, []);
  });

  it('the README sends readers to docs/design.md for the design, not out of the clone', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    assert.match(readme, /\]\(docs\/design\.md\)/);
    assert.doesNotMatch(readme.replace(/\.\.\/shared\/(fixtures|tools\/bag-oracle)/g, ''), /\.\.\/shared/);
  });
});
