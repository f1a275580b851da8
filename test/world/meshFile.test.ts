import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readMeshFile } from '../../src/world/meshes/meshFile.js';
import { boundingBox, scaledMesh, triangleCount } from '../../src/world/meshes/TriangleMesh.js';
import { repoRoot, tempDir } from '../support/helpers.js';

const FIXTURES = join(repoRoot, 'test/fixtures/world');

function errorOf(path: string): string {
  try {
    readMeshFile(path);
  } catch (thrown) {
    return (thrown as Error).message;
  }
  return 'no error';
}

describe('mesh files read by their extension', () => {
  it('reads .stl, .dae and .obj in any case of the extension', () => {
    const dir = tempDir();
    for (const [fixture, name, triangles] of [
      ['wedge.stl', 'WEDGE.Stl', 3],
      ['pavilion.dae', 'pavilion.DAE', 8],
      ['house.obj', 'house.OBJ', 17],
    ] as const) {
      copyFileSync(join(FIXTURES, fixture), join(dir, name));
      assert.equal(triangleCount(readMeshFile(join(dir, name))), triangles, name);
    }
  });

  it("scales a mesh about its origin as SDF's <mesh><scale> does, and bounds it", () => {
    const mesh = readMeshFile(join(FIXTURES, 'house.obj'));
    const scaled = scaledMesh(mesh, { x: 2, y: -1, z: 0.5 });
    assert.deepEqual(boundingBox(scaled), { min: { x: 0, y: -1, z: 0 }, max: { x: 8.5, y: -0, z: 0.75 } });
    assert.equal(scaled.triangles, mesh.triangles);
    assert.deepEqual(boundingBox(mesh).max, { x: 4.25, y: 1, z: 1.5 }, 'the mesh read is left as it was');
  });

  it('fails in one line naming the file: another extension, no file, a directory', () => {
    const dir = tempDir();
    assert.equal(errorOf(join(dir, 'robot.fbx')), `${join(dir, 'robot.fbx')}: not a mesh file rclsim reads (.stl, .dae or .obj)`);
    assert.equal(errorOf(join(dir, 'missing.dae')), `${join(dir, 'missing.dae')}: no such file`);
    mkdirSync(join(dir, 'folder.stl'));
    assert.equal(errorOf(join(dir, 'folder.stl')), `${join(dir, 'folder.stl')}: not a regular file (a directory)`);
  });
});
