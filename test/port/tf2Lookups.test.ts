import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { firstDifference } from '../support/corpus.js';
import { needs, repoRoot, runCli } from '../support/helpers.js';

// The C++ runner builds rclsim's C++ client into the cache first (minutes on 2 shared vCPUs).
const BUILD_MS = 900_000;
const fixtures = join(repoRoot, 'test/fixtures/tf2');
const script = join(fixtures, 'lookups.txt');

// One buffer core per language (docs/design.md#standard-nodes-and-libraries): tf2_py.BufferCore in
// Python, tf2::BufferCore in C++, each run by rclsim as a program (so each does math with the
// client's correctly rounded functions) over one script: every answer the same bits, and tf2's.
describe('tf2: one script of lookups through the Python and the C++ buffer core', needs('mpmath'), () => {
  describe('with the C++ client', needs('C++ toolchain'), () => {
    it('prints the same bits and texts in both languages, those of lookups.expected', needs('MPFR'), () => {
      const python = runCli(['exec', join(fixtures, 'lookups.py'), script], repoRoot, 120_000);
      assert.equal(python.status, 0, python.stderr);
      const cpp = runCli(['exec', join(fixtures, 'lookups.cpp'), script], repoRoot, BUILD_MS);
      assert.equal(cpp.status, 0, cpp.stderr);
      assert.ok(python.stdout === cpp.stdout, `Python and C++ differ at ${firstDifference(python.stdout, cpp.stdout)}`);
      const expected = readFileSync(join(fixtures, 'lookups.expected'), 'utf8');
      assert.ok(python.stdout === expected, `the answers differ from lookups.expected at ${firstDifference(python.stdout, expected)}`);
      assert.ok(expected.split('\n').filter((line) => line.startsWith('ok ')).length >= 20, 'the script looks up at least 20 transforms');
    });
  });
});
