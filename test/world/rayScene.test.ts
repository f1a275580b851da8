import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SeededRandom } from '../../src/base/SeededRandom.js';
import { IDENTITY, type Pose, quatFromEuler } from '../../src/world/geometry/pose.js';
import { type RayHit, RayScene } from '../../src/world/geometry/RayScene.js';

const at = (x: number, y: number, z: number, yaw = 0, roll = 0): Pose => ({ position: { x, y, z }, rotation: quatFromEuler(roll, 0, yaw) });

function cast(scene: RayScene, o: [number, number, number], d: [number, number, number], far = 100): RayHit {
  const n = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  const hit: RayHit = { distance: 0, tag: 0 };
  scene.cast(Float64Array.of(o[0], o[1], o[2], d[0] / n, d[1] / n, d[2] / n, 0, far), hit);
  return hit;
}

const near = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} is not ${expected}`);

describe('rays against the world: each shape, the hierarchy, ties', () => {
  it('meets each shape where geometry says', () => {
    const scene = new RayScene();
    scene.addBox(at(5, 0, 0, Math.PI / 4), { x: 2, y: 2, z: 2 }, 1);
    scene.addSphere({ x: 0, y: 5, z: 0 }, 1, 2);
    scene.addCylinder(at(-5, 0, 0), 0.5, 2, 3);
    scene.addCylinder(at(0, -5, 0, 0, Math.PI / 2), 0.5, 2, 4);
    scene.addCapsule(at(0, 0, 5), 0.5, 1, 5);
    scene.addEllipsoid(at(0, 0, -5), { x: 1, y: 1, z: 2 }, 6);
    scene.addTriangle({ x: 10, y: -1, z: -1 }, { x: 10, y: 1, z: -1 }, { x: 10, y: 0, z: 2 }, 7);
    const box = cast(scene, [0, 0, 0], [1, 0, 0]);
    // The rotated box's corner faces the ray: √2 from its centre.
    near(box.distance, 5 - Math.SQRT2);
    assert.equal(box.tag, 1);
    near(cast(scene, [0, 0, 0], [0, 1, 0]).distance, 4);
    near(cast(scene, [0, 0, 0], [-1, 0, 0]).distance, 4.5);
    // A cylinder lying along y (rolled 90°): the ray along -y meets its end cap, 1 from its centre.
    near(cast(scene, [0, 0, 0], [0, -1, 0]).distance, 4);
    // The capsule stands on z: its lower sphere's bottom is 0.5 + 0.5 below its centre.
    near(cast(scene, [0, 0, 0], [0, 0, 1]).distance, 4);
    near(cast(scene, [0, 0, 0], [0, 0, -1]).distance, 3);
    // Past the box, the triangle; not within a shorter range.
    const side = cast(scene, [7, 0, 0], [1, 0, 0]);
    assert.deepEqual(side, { distance: 3, tag: 7 });
    assert.deepEqual(cast(scene, [7, 0, 0], [1, 0, 0], 2.5), { distance: Infinity, tag: -1 });
    // From inside a solid, the ray does not meet it (a renderer culls its back faces): the sphere's own centre sees out.
    assert.deepEqual(cast(scene, [0, 5, 0], [0, 1, 0]), { distance: Infinity, tag: -1 });
    assert.deepEqual(cast(scene, [5, 0, 0], [1, 0, 0]), { distance: 5, tag: 7 });
    assert.deepEqual(cast(scene, [-5, 0, 0], [0, 0, 1]), { distance: Infinity, tag: -1 });
    assert.deepEqual(cast(scene, [0, 0, 5], [1, 0, 0]), { distance: Infinity, tag: -1 });
  });

  it('gives what testing every primitive gives, through the hierarchy', () => {
    const random = new SeededRandom(7);
    const scene = new RayScene();
    const brute: RayScene[] = [];
    for (let i = 0; i < 300; i++) {
      const x = random.nextDouble() * 40 - 20;
      const y = random.nextDouble() * 40 - 20;
      const z = random.nextDouble() * 4 - 2;
      const yaw = random.nextDouble() * 6;
      const one = new RayScene();
      for (const into of [scene, one]) {
        if (i % 3 === 0) into.addBox(at(x, y, z, yaw), { x: 0.5, y: 1, z: 0.3 }, i);
        else if (i % 3 === 1) into.addCylinder(at(x, y, z), 0.3, 1, i);
        else into.addTriangle({ x, y, z }, { x: x + 1, y, z }, { x, y: y + 1, z: z + 0.5 }, i);
      }
      brute.push(one);
    }
    scene.addPlane({ x: 0, y: 0, z: -3 }, { x: 0, y: 0, z: 1 }, 1000);
    let hits = 0;
    for (let k = 0; k < 2000; k++) {
      const angle = random.nextDouble() * 2 * Math.PI;
      const d: [number, number, number] = [Math.cos(angle), Math.sin(angle), random.nextDouble() - 0.6];
      const o: [number, number, number] = [random.nextDouble() * 10 - 5, random.nextDouble() * 10 - 5, 0];
      const got = cast(scene, o, d, 30);
      let expected: RayHit = { distance: Infinity, tag: -1 };
      for (const one of brute) {
        const hit = cast(one, o, d, 30);
        if (hit.distance < expected.distance) expected = hit;
      }
      const plane = new RayScene();
      plane.addPlane({ x: 0, y: 0, z: -3 }, { x: 0, y: 0, z: 1 }, 1000);
      const ground = cast(plane, o, d, 30);
      // The plane wins a tie: it is tested first.
      if (ground.distance <= expected.distance) expected = ground;
      assert.equal(got.tag, expected.tag, `ray ${k}`);
      assert.equal(got.distance, expected.distance, `ray ${k}`);
      if (got.tag >= 0) hits++;
    }
    assert.ok(hits > 500, `${hits} hits`);
  });

  it('reports the primitive added first where two are met at the same distance, whatever the tree', () => {
    for (const count of [3, 40]) {
      const scene = new RayScene();
      for (let i = 0; i < count; i++) scene.addBox(IDENTITY, { x: 2, y: 2, z: 2 }, 100 - i);
      assert.deepEqual(cast(scene, [-5, 0, 0], [1, 0, 0]), { distance: 4, tag: 100 });
    }
  });

  it('casts through a hierarchy deeper than the traversal stack first held', () => {
    // Each box 256 times the last, so that the heuristic peels one off a level: a chain of cubes
    // shrinking about x = 0.5 (the smallest added first), inside a chain of boxes growing along x.
    const scene = new RayScene();
    for (let j = 120; j >= 1; j--) scene.addBox(at(0.5, 0, 0), { x: 256 ** -j, y: 256 ** -j, z: 1 }, 1000 + j);
    for (let i = 0; i < 120; i++) scene.addBox(at(256 ** i / 2, 0, 0), { x: 256 ** i, y: 1, z: 1 }, i);
    // Straight up through x = 0.5: every box is met at the same height, and the one added first wins the tie — the deepest.
    assert.deepEqual(cast(scene, [0.5, 0, -5], [0, 0, 1]), { distance: 4.5, tag: 1120 });
    // Beside the cubes, inside the first box: the first box.
    assert.deepEqual(cast(scene, [0.25, 0, -5], [0, 0, 1]), { distance: 4.5, tag: 0 });
  });
});
