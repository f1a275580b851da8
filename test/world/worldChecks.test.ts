import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

/** A copy of examples/world: probe.cjs drives the rover east at 0.5 m/s from 1 s into the wall at x = 4. */
function yard(): string {
  const dir = tempDir();
  cpSync(join(repoRoot, 'examples/world'), dir, { recursive: true });
  return dir;
}

const WORLD = `end: { after: 10s }
world:
  sdf: yard.sdf
  spawn: [{ file: rover.sdf, pose: [0, 0, 0, 0, 0, 0] }]
  bridge: [{ config_file: bridge.yaml }]
nodes:
  - script: probe.cjs
`;

const fingerprint = (stdout: string): string => /fingerprint +([0-9a-f]{16})/.exec(stdout)?.[1] ?? 'none';

describe("checks on the robot's world: collisions, regions and distances on the true state, at every step", () => {
  it('judge every step: they fail at the step it happens, as a true pose published at every step shows; they change no run', () => {
    const dir = yard();
    writeTemp(
      dir,
      'checked.yaml',
      `${WORLD}checks:
  - { name: no-collision, never: "collision(rover)" }
  - { name: no-wall, never: "collision(rover, walls)" }
  - { name: no-pillar, never: "collision(rover, pillar)" }
  - { name: in-room, always: "in_region(rover, 3.7, 3, -4, -3)" }
  - { name: arrives, eventually: "distance(rover, 3, 0) < 0.01", within: 9s }
  - { name: elsewhere, eventually: "distance('rover', 3, 1) < 0.01", within: 5s }
  - { name: seen-near, topic: /scan, never: "collision(rover) AND ranges[180] < 0" }
`,
    );
    const checked = runCli(['run', 'checked.yaml'], dir, 120_000);
    assert.equal(checked.status, 8, checked.stderr);
    // The body's front (0.2 m ahead of its frame) meets the wall's face (x = 4) at 8.628 s, as the contacts topic says.
    assert.match(checked.stdout, /no-collision: FAILED at 8\.628000000s: it held at step 8628: rover at \(3\.800, 0\.000\), touching walls::walls::east$/m);
    assert.match(checked.stdout, /no-wall: FAILED at 8\.628000000s/);
    assert.match(checked.stdout, /no-pillar: held \(never, 10000 read\)/);
    assert.match(checked.stdout, /arrives: held \(eventually, 10000 read\)/);
    assert.match(checked.stdout, /elsewhere: FAILED at 5\.000000000s: nothing matched within 5 s of the start/);
    // A message's check reads the world as it is at the message: the first scan after the contact, nearer than the minimum range.
    assert.match(checked.stdout, /seen-near: FAILED at 8\.700000000s: it held for message .*; rover at \(3\.800, 0\.000\), touching walls::walls::east$/m);
    const inRoom = /in-room: FAILED at (\d+\.\d+)s: it did not hold at step (\d+): rover at \(3\.700, 0\.000\)$/m.exec(checked.stdout);
    assert.ok(inRoom !== null, checked.stdout);
    // The truth published at every step (1000 Hz) crosses x = 3.7 at that very step.
    writeTemp(
      dir,
      'truth.yaml',
      WORLD.replace('  sdf: yard.sdf\n', '  sdf: yard.sdf\n  ground_truth: 1000\n') +
        'checks:\n  - { name: in-room, topic: /rclsim/world/rover/pose, always: "pose.position.x <= 3.7" }\n',
    );
    const truth = runCli(['run', 'truth.yaml'], dir, 120_000);
    assert.match(truth.stdout, new RegExp(`in-room: FAILED at ${inRoom[1]!.replace('.', '\\.')}s`));
    // Only read: the run without the checks has the same fingerprint.
    writeTemp(dir, 'unchecked.yaml', WORLD);
    const unchecked = runCli(['run', 'unchecked.yaml'], dir, 120_000);
    assert.equal(unchecked.status, 0, unchecked.stderr);
    assert.equal(fingerprint(checked.stdout), fingerprint(unchecked.stdout));
    assert.notEqual(fingerprint(checked.stdout), 'none');
  });

  it('refuses a check on the world that cannot be judged, in one line naming the file, line and check', () => {
    const dir = yard();
    const refused = (text: string, expected: RegExp) => {
      writeTemp(dir, 'bad.yaml', text);
      const result = runCli(['run', 'bad.yaml'], dir, 60_000);
      assert.equal(result.status, 2, result.stderr);
      assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
      assert.match(result.stderr, expected);
    };
    const alone = 'end: { after: 1s }\nnodes:\n  - script: probe.cjs\nchecks:\n';
    refused(
      `${alone}  - { name: c, never: "collision(rover)" }\n`,
      /bad\.yaml:5: checks\[0\]\.never: reads the robot's world \(model 'rover'\), but the job has no 'world'/,
    );
    refused(`${alone}  - { name: c, topic: /scan, always: "distance(rover, 0, 0) < 1" }\n`, /bad\.yaml:5: checks\[0\]\.always: reads the robot's world/);
    // Another engine's world (MuJoCo): the checks' functions read the built-in world's models and contacts.
    cpSync(join(repoRoot, 'examples/mujoco-arm/arm.xml'), join(dir, 'arm.xml'));
    refused(
      'end: { after: 1s }\nworld: { mujoco: arm.xml }\nchecks:\n  - { name: c, never: "collision(arm)" }\n',
      /bad\.yaml:4: checks\[0\]\.never: reads the robot's world \(model 'arm'\), but the job's world is another engine's, which faults and checks do not reach/,
    );
    refused(
      `${WORLD}checks:\n  - { name: c, always: "ranges[0] > 0" }\n`,
      /bad\.yaml:9: checks\[0\]\.always: .*'ranges\[0\]' is a message's field, but a check without 'topic' reads no message/,
    );
    refused(
      `${WORLD}checks:\n  - { name: c, always: "now() < 5" }\n`,
      /bad\.yaml:9: checks\[0\]\.always: a check without 'topic' judges the world at every step: its expression names a model/,
    );
    refused(`${WORLD}checks:\n  - { name: c, node: /probe, never: "collision(rover)" }\n`, /bad\.yaml:9: checks\[0\]\.node: reads messages as they arrive/);
    refused(`${WORLD}checks:\n  - { name: c, never: "collision(rover" }\n`, /bad\.yaml:9: checks\[0\]\.never: .*expected '\)' at the end/);
  });
});
