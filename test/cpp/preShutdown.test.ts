import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 400_000;

describe("C++ programs: the context's shutdown", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  // nav2's servers ran their pre-shutdown hook twice, interleaved, and crashed cleaning up twice;
  // then main returned while the hook still ran.
  for (const placement of ['separate', 'in-process']) {
    it(`runs the pre-shutdown callbacks once when two threads shut it down and the callback waits (${placement})`, () => {
      const dir = tempDir();
      copyFileSync(join(repoRoot, 'test/fixtures/cpp/pre_shutdown_once.cpp'), join(dir, 'pre_shutdown_once.cpp'));
      const args = ['exec', '--until', '1s', ...(placement === 'separate' ? ['--process', 'separate'] : []), 'pre_shutdown_once.cpp'];
      const run = runCli(args, dir, BUILD_MS);
      assert.equal(run.status, 0, run.stderr);
      const lines = run.stdout.split('\n').filter(Boolean);
      assert.deepEqual(
        lines.filter((line) => line.startsWith('pre-shutdown')),
        ['pre-shutdown begins', 'pre-shutdown ends'],
      );
      assert.deepEqual(lines.filter((line) => line.endsWith('shut down')).sort(), [
        "main's shutdown: already shut down",
        "worker's shutdown: already shut down",
      ]);
      // As rclcpp's init_mutex_ makes them, the second callers return once the callbacks ended:
      // main returning sooner ended the process under nav2's callbacks (SIGSEGV, abort).
      const ended = lines.indexOf('pre-shutdown ends');
      for (const who of ["main's", "worker's"]) {
        assert.ok(lines.indexOf(`${who} shutdown: already shut down`) > ended, lines.join('\n'));
      }
    });

    it(`runs the shutdown on a thread of its own, so a callback may join the thread that read the run's end (${placement})`, () => {
      const dir = tempDir();
      copyFileSync(join(repoRoot, 'test/fixtures/cpp/shutdown_joins_spinner.cpp'), join(dir, 'shutdown_joins_spinner.cpp'));
      const args = ['exec', '--until', '1s', ...(placement === 'separate' ? ['--process', 'separate'] : []), 'shutdown_joins_spinner.cpp'];
      const run = runCli(args, dir, BUILD_MS);
      assert.equal(run.status, 0, run.stderr);
      // The join ran on the thread it joins before: it never ended, and the program was killed.
      assert.doesNotMatch(run.stderr, /after the run's end/);
      assert.deepEqual(run.stdout.split('\n').filter(Boolean), [
        'pre-shutdown begins after 10 ticks',
        'pre-shutdown joined the spinning thread',
        "main's spin returned",
      ]);
    });
  }
});
