import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { atan, cos, sin } from '../../src/base/portableMath.js';
import { readModelText, readWorldText } from '../../src/world/description/sdfFile.js';
import { SimulatedWorld } from '../../src/world/SimulatedWorld.js';
import { logLines, repoRoot, runCli } from '../support/helpers.js';

const fixtures = join(repoRoot, 'test/fixtures/world/ackermann');
const noPaths = { modelFolders: [], prefixes: [], fuelCache: null };
const fingerprint = (stdout: string): string => /fingerprint +([0-9a-f]{16})/.exec(stdout)?.[1] ?? 'none';

describe("gz-sim's AckermannSteering: steered front wheels, a differential at the back", () => {
  it('turns the circle its geometry says: wheel base over the tangent of the steering, as the true path and both steering joints give it', () => {
    const run = () => runCli(['run', 'job.yaml'], fixtures, 120_000);
    const result = run();
    assert.equal(result.status, 0, result.stderr);
    const lines = logLines(result.stderr).filter((line) => line.includes('[circle]'));
    assert.deepEqual(lines, [
      // 1 m/s at 0.5 rad/s: 2 m about a centre 2 m to the left of where it started (its x from the steering's first second).
      '[INFO] [30.000000000] [circle]: true path from 5 s: a circle of radius 2.0001 m about 0.122 2.008, every point within 4.7e-13 m of it',
      // atan(0.5 / (2 ∓ 0.2)): each front wheel on its own circle about the same centre.
      '[INFO] [30.000000000] [circle]: steering 0.2709 0.2235 rad: radius 2.000 m by the left, 2.000 m by the right',
      // gz-sim's odometry takes the steering joints' mean angle for the arc: it turns a little faster than the car.
      '[INFO] [30.000000000] [circle]: odometry 1.505 3.483, 1.000 m/s turning 0.505 rad/s, frames car/odom car/chassis',
    ]);
    assert.equal(fingerprint(run().stdout), fingerprint(result.stdout));
    assert.notEqual(fingerprint(result.stdout), 'none');
  });

  it('steering only: a gz.msgs.Double on steer_angle turns each front wheel to its Ackermann angle, within the steering limit', () => {
    const world = new SimulatedWorld(readWorldText(readFileSync(join(fixtures, '../floor.sdf'), 'utf8'), 'world.sdf', { paths: noPaths, warn: () => {} }), {
      originNs: 0n,
      seed: 1,
      warn: () => {},
    });
    const text = readFileSync(join(fixtures, 'car.sdf'), 'utf8').replace('<topic>cmd_vel</topic>', '<steering_only>true</steering_only>');
    const car = world.spawn(readModelText(text, 'car.sdf', { paths: noPaths, warn: () => {} }));
    const angle = (joint: string) => car.kinematics.positions[car.kinematics.indexOf(joint)!]!;
    world.bus.publish('/model/car/steer_angle', 'gz.msgs.Double', { data: 0.3 });
    world.advanceTo(5000);
    // 2 L sin / (2 L cos ∓ separation sin), L = 0.5, separation 0.4.
    assert.ok(Math.abs(angle('front_left_steering_joint') - atan((1 * sin(0.3)) / (1 * cos(0.3) - 0.4 * sin(0.3)))) < 1e-9);
    assert.ok(Math.abs(angle('front_right_steering_joint') - atan((1 * sin(0.3)) / (1 * cos(0.3) + 0.4 * sin(0.3)))) < 1e-9);
    // Nothing drives it: it stays where it stood.
    assert.equal(car.body!.x, 0);
    world.bus.publish('/model/car/steer_angle', 'gz.msgs.Double', { data: -2 });
    world.advanceTo(10000);
    assert.ok(Math.abs(angle('front_left_steering_joint') - atan((1 * sin(-0.5)) / (1 * cos(-0.5) - 0.4 * sin(-0.5)))) < 1e-9);
  });
});
