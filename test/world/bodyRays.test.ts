import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resourcePathsOf } from '../../src/world/description/resources.js';
import { readModelText, readWorldText } from '../../src/world/description/sdfFile.js';
import { quatFromEuler } from '../../src/world/geometry/pose.js';
import { SimulatedWorld, type WorldHit } from '../../src/world/SimulatedWorld.js';

const options = { paths: resourcePathsOf({}, null), warn: () => {} };

/** A 1 m × 0.5 m box robot named `name`. */
const robot = (name: string) =>
  readModelText(
    `<sdf version="1.8"><model name="${name}"><link name="base"><inertial><mass>5</mass></inertial>
<collision name="body"><pose>0 0 0.25 0 0 0</pose><geometry><box><size>1 0.5 0.5</size></box></geometry></collision></link></model></sdf>`,
    `${name}.sdf`,
    options,
  );

function world(): SimulatedWorld {
  const description = readWorldText('<sdf version="1.8"><world name="w"></world></sdf>', 'w.sdf', options);
  const simulated = new SimulatedWorld(description, { originNs: 0n, seed: 0, warn: () => {} });
  simulated.spawn(robot('near'), { position: { x: 3, y: 0, z: 0 }, rotation: quatFromEuler(0, 0, 0) });
  // Turned a quarter: its 1 m side faces along y.
  simulated.spawn(robot('far'), { position: { x: 10, y: 5, z: 0 }, rotation: quatFromEuler(0, 0, Math.PI / 2) });
  return simulated;
}

function cast(simulated: SimulatedWorld, o: [number, number, number], d: [number, number, number], far = 50): WorldHit {
  const n = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  const hit: WorldHit = { distance: 0, collision: '', retro: 0 };
  simulated.castRay({ x: o[0], y: o[1], z: o[2] }, { x: d[0] / n, y: d[1] / n, z: d[2] / n }, 0, far, hit);
  return hit;
}

describe("rays meet moving models' own geometry", () => {
  const simulated = world();

  it('meets the nearest robot head on, and the one behind it only past it', () => {
    assert.deepEqual(cast(simulated, [0, 0, 0.25], [1, 0, 0]), { distance: 2.5, collision: 'near::base::body', retro: 0 });
    assert.deepEqual(cast(simulated, [0, 5, 0.25], [1, 0, 0]), { distance: 9.75, collision: 'far::base::body', retro: 0 });
    assert.equal(cast(simulated, [0, 5, 0.25], [1, 0, 0], 9.5).distance, Infinity);
  });

  it('meets a robot a ray only grazes: its corner, from far off to the side', () => {
    // Towards near's corner (3.5, 0.25) from (-20, 0.25 + 23.5 × 0.01): it crosses the end face just inside it.
    const hit = cast(simulated, [-20, 0.25 + 23.5 * 0.01 - 1e-6, 0.25], [1, -0.01, 0]);
    assert.equal(hit.collision, 'near::base::body');
    // Just wide of the corner (above its top edge, past its end): nothing.
    assert.equal(cast(simulated, [-20, 0.26 + 23.5 * 0.01, 0.25], [1, -0.01, 0]).distance, Infinity);
  });

  it('meets a robot from straight above and below, where the ray has no direction in the plane', () => {
    assert.deepEqual(cast(simulated, [3.2, 0.1, 5], [0, 0, -1]), { distance: 4.5, collision: 'near::base::body', retro: 0 });
    assert.equal(cast(simulated, [3.2, 0.6, 5], [0, 0, -1]).distance, Infinity);
  });

  it('meets a robot from inside its reach in the plane but above it: nothing', () => {
    assert.equal(cast(simulated, [2, 0, 2], [1, 0, 0]).distance, Infinity);
  });
});
