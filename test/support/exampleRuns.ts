import assert from 'node:assert/strict';
import { lastJsonLine, runCli } from './helpers.js';

/**
 * Runs an example job (`rclsim run JOB --json`), which must pass: its stdout lines before the JSON
 * summary, the summary, and its stderr. The files of test/house/examples/ share it.
 */
export function runExample(job: string, ...args: string[]): { lines: string[]; summary: Record<string, unknown>; stderr: string } {
  const result = runCli(['run', job, '--json', ...args]);
  assert.equal(result.status, 0, result.stderr);
  const lines = result.stdout.trimEnd().split('\n');
  return { lines: lines.slice(0, -1), summary: lastJsonLine(result.stdout), stderr: result.stderr };
}
