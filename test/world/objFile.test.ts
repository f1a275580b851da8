import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readMeshFile } from '../../src/world/meshes/meshFile.js';
import { readObj } from '../../src/world/meshes/objFile.js';
import { boundingBox, triangleCount } from '../../src/world/meshes/TriangleMesh.js';
import { repoRoot, tempDir, writeTemp } from '../support/helpers.js';

const HOUSE = readFileSync(join(repoRoot, 'test/fixtures/world/house.obj'), 'utf8');

function errorOf(content: string): string {
  const path = writeTemp(tempDir(), 'house.obj', content);
  try {
    readMeshFile(path);
  } catch (thrown) {
    return (thrown as Error).message.replace(path, 'house.obj');
  }
  return 'no error';
}

describe('Wavefront OBJ meshes', () => {
  it('reads v and f in every reference form, negative indices from the last v, polygons fanned from their first vertex', () => {
    const mesh = readObj(HOUSE);
    assert.equal(mesh.positions.length, 3 * 14, 'every v, vt and vn aside');
    assert.equal(triangleCount(mesh), 5 * 2 + 4 + 3, 'four walls and a floor in quads, four roof triangles, a pentagon sign');
    const triangles = [...mesh.triangles];
    assert.deepEqual(triangles.slice(0, 6), [0, 1, 5, 0, 5, 4], 'v/vt/vn: the first wall, fanned');
    assert.deepEqual(triangles.slice(6, 12), [1, 2, 6, 1, 6, 5], 'v//vn');
    assert.deepEqual(triangles.slice(24, 30), [0, 3, 2, 0, 2, 1], 'the floor -9 -6 -7 -8, nine vertices read');
    assert.deepEqual(triangles.slice(42), [9, 10, 11, 9, 11, 12, 9, 12, 13], 'the sign -5..-1 after fourteen');
    assert.deepEqual([...mesh.positions.subarray(3 * 8, 3 * 9)], [1, 0.5, 1.5]);
    assert.deepEqual(boundingBox(mesh), { min: { x: 0, y: 0, z: 0 }, max: { x: 4.25, y: 1, z: 1.5 } });
  });

  it('fails in one line naming the file and the line: a reference to no vertex, a face of two, a v without three numbers', () => {
    assert.equal(errorOf(HOUSE.replace('f 5 6 9', 'f 5 6 10')), "house.obj: line 25: '10' names no vertex (9 so far)");
    assert.equal(errorOf(HOUSE.replace('f 5 6 9', 'f 5 0 9')), "house.obj: line 25: '0' names no vertex (9 so far)");
    assert.equal(errorOf(HOUSE.replace('f 5 6 9', 'f -10 6 9')), "house.obj: line 25: '-10' names no vertex (9 so far)");
    assert.equal(errorOf(HOUSE.replace('f 5 6 9', 'f 5 6')), 'house.obj: line 25: a face has 2 vertices, not at least 3');
    assert.equal(errorOf(HOUSE.replace('f 5 6 9', 'f 5 x 9')), "house.obj: line 25: 'x' is not a vertex reference");
    assert.equal(errorOf(HOUSE.replace('v 1 0.5 1.5', 'v 1 0.5')), "house.obj: line 12: 'v' needs 3 numbers, not '1 0.5'");
  });
});
