import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 900_000;

const SEVERITIES = ['DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL'];

/** A record in each severity (or those named) from one call site per severity, as the program's EACH_SEVERITY logs it. */
function each(seconds: number, logger: string, text: string, severities = SEVERITIES): string[] {
  const time = `${seconds.toFixed(2)}0000000`;
  return severities.map((severity) => `[${severity}] [${time}] [${logger}]: ${text} ${severity.toLowerCase()}`);
}

describe("C++ programs: rcutils' logging macros", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it('logs each of the 70 forms as rcutils does: once, by expression and function, skipping the first, throttled in sim time', () => {
    const dir = tempDir();
    copyFileSync(join(repoRoot, 'test/fixtures/cpp/rcutils_logging.cpp'), join(dir, 'rcutils_logging.cpp'));
    const job = writeTemp(dir, 'job.yaml', 'end: { after: 3s }\nnodes:\n  - script: rcutils_logging.cpp\n');
    const result = runCli(['run', job], dir, BUILD_MS);
    assert.equal(result.status, 0, result.stderr);
    // A timer's ticks every 0.25 s, 1 to 8; "quiet" logs ERROR and above until tick 4.
    // The failing clock's line names the program's source where the run compiled it.
    const lines = logLines(result.stderr).map((line) => line.replace(/ at \S*rcutils_logging\.cpp:/, ' at rcutils_logging.cpp:'));
    assert.deepEqual(lines, [
      ...each(0.25, '', 'plain 1'),
      ...each(0.25, 'named', 'named 1'),
      // A throttle whose clock cannot be read says so and lets the record through.
      '[ERROR] [0.250000000] []: operator()() at rcutils_logging.cpp:40 getting current steady time failed',
      '[INFO] [0.250000000] []: unread clock 1',
      ...each(0.25, '', 'once 1'),
      ...each(0.25, 'quiet', 'once named 1', ['ERROR', 'FATAL']),
      ...each(0.5, '', 'function 2'),
      ...each(0.75, '', 'expression 3'),
      // The first call (tick 2) skipped.
      ...each(0.75, '', 'skipfirst 3'),
      // Throttled by 600 ms from a last time of 0: first at 0.75 s, then 1.5 s.
      ...each(0.75, 'named', 'throttle named 3'),
      // Below the level at ticks 1 to 3, the DEBUG, INFO and WARN sites were not used up.
      ...each(1, 'quiet', 'once named 4', ['DEBUG', 'INFO', 'WARN']),
      // Throttled by 1 s: at 1 s and 2 s.
      ...each(1, '', 'throttle 4'),
      ...each(1.25, 'named', 'expression named 5'),
      ...each(1.5, 'named', 'function named 6'),
      ...each(1.5, 'named', 'throttle named 6'),
      // Throttled by 700 ms, the first passed record (0.75 s) skipped.
      ...each(1.5, '', 'skipfirst throttle 6'),
      ...each(1.75, 'named', 'skipfirst named 7'),
      ...each(2, '', 'throttle 8'),
      // Throttled by 900 ms, the first passed record (1 s) skipped.
      ...each(2, 'named', 'skipfirst throttle named 8'),
    ]);
  });
});
