import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { lastJsonLine, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// The first run builds the fixture; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 240_000;

describe("C++ programs' CPU-time clocks: the modeled execution time, not sim time", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  const dir = tempDir();
  copyFileSync(join(repoRoot, 'test/fixtures/cpp/cpu_time.cpp'), join(dir, 'cpu_time.cpp'));

  it("ends a busy-wait on the thread's CPU clock (cbg_executor's burn_cpu_cycles) at the sim time it began; a thread that only slept used ~0", () => {
    const run = runCli(['exec', '--until', '0.35s', 'cpu_time.cpp'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    // Each read of a CPU clock costs its thread 1 µs: 10,000 reads burn 10 ms.
    assert.deepEqual(run.stdout.split('\n').slice(0, 9), [
      '0.000 process starts at 1 us',
      '0.000 idle thread starts at 1 us',
      '0.100 burnt from 2 to 10003 us',
      '0.200 burnt from 10004 to 20005 us',
      '0.300 burnt from 20006 to 30007 us',
      '0.300 idle thread used 1 us',
      '0.300 main thread used 30009 us',
      '0.300 process used 30011 us',
      '0.300 clock() 30014, getrusage 30012 us, times 3 ticks, 30 ticks since',
    ]);
  });

  it("adds each callback's execution time from the job to its thread's CPU time, the same on every run", () => {
    const job = writeTemp(
      dir,
      'timed.yaml',
      'end: { after: 0.35s }\nexecution_times:\n  - { nodes: [burner], kind: timer, time: 5ms }\nnodes:\n  - script: cpu_time.cpp\n',
    );
    const runs = [0, 1].map(() => runCli(['run', job, '--json'], dir, BUILD_MS));
    for (const run of runs) assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(runs[0]!.stdout.split('\n').slice(2, 5), [
      '0.100 burnt from 2 to 10003 us',
      '0.200 burnt from 15004 to 25005 us',
      '0.300 burnt from 30006 to 40007 us',
    ]);
    assert.equal(lastJsonLine(runs[1]!.stdout).fingerprint, lastJsonLine(runs[0]!.stdout).fingerprint);
  });
});
