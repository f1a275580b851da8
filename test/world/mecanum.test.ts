import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { logLines, repoRoot, runCli } from '../support/helpers.js';

const fixtures = join(repoRoot, 'test/fixtures/world/mecanum');
const fingerprint = (stdout: string): string => /fingerprint +([0-9a-f]{16})/.exec(stdout)?.[1] ?? 'none';

describe("gz-sim's MecanumDrive: four wheels whose rollers are each a first friction direction", () => {
  it('a pure sideways command moves the base sideways, then forward and round as told, its wheel odometry with it', () => {
    const run = () => runCli(['run', 'job.yaml'], fixtures, 120_000);
    const result = run();
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(
      logLines(result.stderr).filter((line) => line.includes('[strafe]')),
      [
        // 2 s at 0.5 m/s to the left: straight sideways, its heading kept; the odometry (from the wheels' turns) a metre, the body
        // a little less — the rollers' grip (mu 1 along them, none across) took a few hundredths to bring it up to speed.
        '[INFO] [4.000000000] [strafe]: true 0.000 0.982 yaw 0.000; odometry 0.000 0.999 yaw 0.000, velocity 0.000 0.500 0.000',
        '[INFO] [6.000000000] [strafe]: true 0.964 1.018 yaw 0.000; odometry 1.000 1.000 yaw 0.000, velocity 0.500 0.000 0.000',
        '[INFO] [8.000000000] [strafe]: true 0.983 1.018 yaw 0.971; odometry 1.000 1.000 yaw 1.000, velocity -0.000 0.000 0.500',
      ],
    );
    assert.equal(fingerprint(run().stdout), fingerprint(result.stdout));
    assert.notEqual(fingerprint(result.stdout), 'none');
  });
});
