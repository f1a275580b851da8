import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { outputUntil } from '../support/childOutput.js';

// A helper that waits for a child's output must fail when the child dies first: a test that
// waited on an event that never came held its file for 14 minutes of a suite's run.
describe("the tests' helpers", () => {
  it('outputUntil gives the output once it says what is waited for, and fails at once when the child ends first', async () => {
    const talker = spawn(process.execPath, ['-e', "process.stdout.write('ready\\n'); setInterval(() => {}, 1000)"]);
    try {
      assert.equal(await outputUntil(talker, 'stdout', (text) => text.includes('ready\n')), 'ready\n');
    } finally {
      talker.kill();
    }
    const dying = spawn(process.execPath, ['-e', "process.stdout.write('starting'); process.exit(3)"]);
    await assert.rejects(
      outputUntil(dying, 'stdout', (text) => text.includes('ready')),
      /ended \(exit 3\) before it wrote what the test waits for; its stdout: starting$/,
    );
    const missing = spawn('/nonexistent/program');
    await assert.rejects(
      outputUntil(missing, 'stdout', () => true),
      /ENOENT/,
    );
  });
});
