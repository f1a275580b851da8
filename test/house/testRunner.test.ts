import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadedTimeout, tempDir } from '../support/helpers.js';
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
});
