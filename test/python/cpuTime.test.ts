import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { lastJsonLine, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

describe("rclpy programs' CPU-time clocks: the modeled execution time, not sim time", needs('python3'), () => {
  const dir = tempDir();
  copyFileSync(join(repoRoot, 'test/fixtures/python/cpu_time.py'), join(dir, 'cpu_time.py'));

  it("ends a busy-wait on the thread's CPU clock at the sim time it began; a thread that only slept used ~0", () => {
    const run = runCli(['exec', '--until', '0.35s', 'cpu_time.py'], dir, 120_000);
    assert.equal(run.status, 0, run.stderr);
    // Each read of a CPU clock costs its thread 1 µs: 10,000 reads burn 10 ms, as in C++ programs.
    assert.deepEqual(run.stdout.split('\n').slice(0, 5), [
      '0.000 process starts at 1 us',
      '0.100 burnt from 2 to 10003 us',
      '0.200 burnt from 10004 to 20005 us',
      '0.300 burnt from 20006 to 30007 us',
      'idle thread used 1 us, clock_gettime agrees: True',
    ]);
  });

  it("adds each callback's execution time from the job to its thread's CPU time, the same on every run", () => {
    const job = writeTemp(
      dir,
      'timed.yaml',
      'end: { after: 0.35s }\nexecution_times:\n  - { nodes: [burner], kind: timer, time: 5ms }\nnodes:\n  - script: cpu_time.py\n',
    );
    const runs = [0, 1].map(() => runCli(['run', job, '--json'], dir, 120_000));
    for (const run of runs) assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(runs[0]!.stdout.split('\n').slice(1, 4), [
      '0.100 burnt from 2 to 10003 us',
      '0.200 burnt from 15004 to 25005 us',
      '0.300 burnt from 30006 to 40007 us',
    ]);
    assert.equal(lastJsonLine(runs[1]!.stdout).fingerprint, lastJsonLine(runs[0]!.stdout).fingerprint);
  });
});
