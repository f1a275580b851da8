import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadedTimeout, repoRoot, tempDir } from '../support/helpers.js';
import { RUNNER_OPTIONS } from '../support/runnerOptions.js';

/** Whether process `pid` is still there. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("npm test's runner", () => {
  it("ends a file once its tests have, though a child a test left running would keep the file's process alive", () => {
    const dir = tempDir();
    const pidFile = join(dir, 'child.pid');
    // A test that starts a child and leaves it (as one that failed before its cleanup would).
    writeFileSync(
      join(dir, 'leaves.test.mjs'),
      `import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { it } from 'node:test';
it('leaves a child running', () => {
  const child = spawn('sleep', ['600'], { stdio: ['ignore', 'pipe', 'pipe'] });
  writeFileSync(${JSON.stringify(pidFile)}, String(child.pid));
});
`,
    );
    // Run as npm test runs it, not as a file of this run (NODE_TEST_CONTEXT would make it one).
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--test', ...RUNNER_OPTIONS, 'leaves.test.mjs'], {
      cwd: dir,
      env,
      encoding: 'utf8',
      timeout: loadedTimeout(30_000),
    });
    const pid = Number(readFileSync(pidFile, 'utf8'));
    try {
      assert.equal(run.status, 0, `${run.signal ?? ''} ${run.stdout}${run.stderr}`);
      // The file ended while its child went on: it was not waited for.
      assert.ok(alive(pid), 'the child outlived the runner');
    } finally {
      if (alive(pid)) process.kill(pid);
    }
  });

  it('starts first the files scripts/test.mjs names as longest, each a test file there is (a renamed one would drop out unsaid)', () => {
    const source = readFileSync(join(repoRoot, 'scripts/test.mjs'), 'utf8');
    const block = /const LONGEST = \[([^\]]*)\]/.exec(source);
    assert.ok(block !== null, 'scripts/test.mjs has no LONGEST list');
    const longest = [...block[1]!.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
    assert.ok(longest.length >= 5, longest.join(' '));
    const list = spawnSync(process.execPath, ['scripts/test.mjs', '--list'], { cwd: repoRoot, encoding: 'utf8', timeout: loadedTimeout(30_000) });
    assert.equal(list.status, 0, list.stderr);
    assert.deepEqual(list.stdout.split('\n').slice(0, longest.length), longest);
  });
});
