import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { logLines, repoRoot, runCli } from '../support/helpers.js';

const fixtures = join(repoRoot, 'test/fixtures/world/bumper');
const fingerprint = (stdout: string): string => /fingerprint +([0-9a-f]{16})/.exec(stdout)?.[1] ?? 'none';

describe("a contact sensor: gz-sim's Contact system, bridged as ros_gz_interfaces/msg/Contacts", () => {
  it('a robot driving into a wall: its bumper reports the wall by name at every step it touches, pushed back as hard as its wheels push', () => {
    const run = () => runCli(['run', 'job.yaml'], fixtures, 120_000);
    const result = run();
    assert.equal(result.status, 0, result.stderr);
    const lines = logLines(result.stderr).filter((line) => line.includes('[bumper]'));
    assert.deepEqual(lines.slice(7, 12), [
      '[INFO] [4.000000000] [bumper]: reports 0, the last pushing none N',
      // 0.5 m/s from 0.5 s (a step later): the bumper's face, 0.24 m ahead, meets the wall's (2 m away) after 3.52 s and the step it takes to overlap.
      '[INFO] [4.048000000] [bumper]: first contact stamped 4.048000000: 1 pair(s)',
      // The normal pushes the bumper back from the wall; the impact stops 6 kg at 0.5 m/s within a step.
      '[INFO] [4.048000000] [bumper]: bot::base_link::bumper (id 0, type 0) touches wall::link::face: 1 point(s), the first at 2.000 0.000 0.100, normal -1.000 0.000, depth 4.95e-4, force on it -3058.8 N',
      // A report at every step (1 kHz, no rate) while it touches; the wall holds back what the wheels' grip gives: 6 kg × 9.8.
      '[INFO] [4.500000000] [bumper]: reports 453, the last pushing -58.8 N',
      '[INFO] [5.000000000] [bumper]: reports 953, the last pushing -58.8 N',
    ]);
    assert.equal(fingerprint(run().stdout), fingerprint(result.stdout));
    assert.notEqual(fingerprint(result.stdout), 'none');
  });
});
