import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { lastJsonLine, logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

const pythonFixtures = join(repoRoot, 'test/fixtures/python');

/** A folder with the Fibonacci action server and client and a job running them (the client first: it waits for the server). */
function job(clientArgs: string[]): { dir: string; file: string } {
  const dir = tempDir();
  for (const file of ['fibonacci_server.py', 'fibonacci_client.py']) copyFileSync(join(pythonFixtures, file), join(dir, file));
  const args = clientArgs.map((arg) => JSON.stringify(arg)).join(', ');
  const file = writeTemp(
    dir,
    'job.yaml',
    `end: { after: 30s }\nnodes:\n  - script: fibonacci_client.py\n    args: [${args}]\n  - script: fibonacci_server.py\n`,
  );
  return { dir, file };
}

// rclpy's wait_for_server polls every 0.25 s: the client, started first, sends its goal at 0.25 s.
const waited = "[INFO] [0.250000000] [fibonacci_client]: Actions: [('/fibonacci', ['example_interfaces/action/Fibonacci'])]";

describe('Python programs: rclpy actions (ActionServer, ActionClient, feedback, cancel)', needs('numpy'), () => {
  it('runs a goal to its result with feedback each second, the same on every run', () => {
    const { dir, file } = job(['4']);
    const first = runCli(['run', file, '--json'], dir, 60_000);
    assert.equal(first.status, 0, first.stderr);
    assert.deepEqual(logLines(first.stderr), [
      waited,
      '[INFO] [0.250000000] [fibonacci_server]: Accepting goal of order 4',
      '[INFO] [0.250000000] [fibonacci_server]: Executing goal...',
      '[INFO] [0.250000000] [fibonacci_server]: Feedback: [0, 1, 1]',
      '[INFO] [0.250000000] [fibonacci_client]: Goal accepted :)',
      '[INFO] [0.250000000] [fibonacci_client]: Received feedback: [0, 1, 1]',
      '[INFO] [1.250000000] [fibonacci_server]: Feedback: [0, 1, 1, 2]',
      '[INFO] [1.250000000] [fibonacci_client]: Received feedback: [0, 1, 1, 2]',
      '[INFO] [2.250000000] [fibonacci_server]: Feedback: [0, 1, 1, 2, 3]',
      '[INFO] [2.250000000] [fibonacci_client]: Received feedback: [0, 1, 1, 2, 3]',
      '[INFO] [3.250000000] [fibonacci_client]: Goal succeeded: [0, 1, 1, 2, 3]',
    ]);
    const summary = lastJsonLine(first.stdout);
    // The server's kept result expires later (result_timeout), which alone does not keep the run going.
    assert.equal(summary.endReason, 'idle');
    assert.equal(summary.endTime, '3250000000');
    const again = runCli(['run', file, '--json'], dir, 60_000);
    assert.equal(lastJsonLine(again.stdout).fingerprint, summary.fingerprint);
    assert.equal(again.stderr, first.stderr);
  });

  it('cancels a goal after some feedback: the server hears it while it executes', () => {
    const { dir, file } = job(['8', '3']);
    const result = runCli(['run', file, '--json'], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(logLines(result.stderr).slice(-6), [
      '[INFO] [2.250000000] [fibonacci_client]: Received feedback: [0, 1, 1, 2, 3]',
      '[INFO] [2.250000000] [fibonacci_client]: Canceling goal',
      '[INFO] [2.250000000] [fibonacci_server]: Cancel requested',
      // The status array (CANCELING = 3) comes before the cancel response.
      '[INFO] [2.250000000] [fibonacci_client]: Cancel response: 1 goal(s) canceling, status 3',
      '[INFO] [3.250000000] [fibonacci_server]: Goal canceled',
      '[INFO] [3.250000000] [fibonacci_client]: Goal canceled: [0, 1, 1, 2, 3]',
    ]);
    assert.equal(lastJsonLine(result.stdout).endTime, '3250000000');
  });

  it('answers a goal the goal callback rejects', () => {
    const { dir, file } = job(['25']);
    const result = runCli(['run', file], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(logLines(result.stderr), [
      waited,
      '[INFO] [0.250000000] [fibonacci_server]: Rejecting goal of order 25',
      '[INFO] [0.250000000] [fibonacci_client]: Goal rejected :(',
    ]);
  });
});
