import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readMeshFile } from '../../src/world/meshes/meshFile.js';
import { readStl } from '../../src/world/meshes/stlFile.js';
import { boundingBox, triangleCount } from '../../src/world/meshes/TriangleMesh.js';
import { repoRoot, tempDir } from '../support/helpers.js';

/**
 * A binary STL of `facets` (nine coordinates each), its 80-byte header starting with "solid" as
 * some exporters write it, every number little-endian whatever this CPU's order.
 */
function binaryStl(facets: number[][]): Uint8Array {
  const bytes = new Uint8Array(84 + 50 * facets.length);
  bytes.set(new TextEncoder().encode('solid exported by a tool that writes ASCII headers'));
  const view = new DataView(bytes.buffer);
  view.setUint32(80, facets.length, true);
  facets.forEach((facet, i) => {
    facet.forEach((value, j) => view.setFloat32(84 + 50 * i + 12 + 4 * j, value, true));
    view.setUint16(84 + 50 * i + 48, 0xbeef, true);
  });
  return bytes;
}

const WEDGE = [
  [0, 0, 0, 0.1, 1, 0, 1, 0, 0],
  [0, 0, 0, 1, 0, 0, 0, 0, 0.3],
  [2, 2, 2, 2, 2, 2, 2, 2, 2],
];

function errorOf(name: string, bytes: Uint8Array | string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, bytes);
  try {
    readMeshFile(path);
  } catch (thrown) {
    return (thrown as Error).message.replace(path, name);
  }
  return 'no error';
}

describe('STL meshes, binary and ASCII', () => {
  it('reads a binary STL that begins with "solid" as binary, its size being 84 + 50 per facet; numbers little-endian, to the byte', () => {
    const bytes = binaryStl(WEDGE);
    // 1.5 as float32 is 0x3fc00000: little-endian its bytes are 00 00 c0 3f.
    bytes.set([0x00, 0x00, 0xc0, 0x3f], 84 + 12);
    const mesh = readStl(bytes);
    assert.equal(triangleCount(mesh), 3, 'the degenerate facet is kept');
    assert.deepEqual([...mesh.triangles], [0, 1, 2, 3, 4, 5, 6, 7, 8], 'no vertex is merged: each facet has its own three');
    assert.deepEqual([...mesh.positions.subarray(0, 6)], [1.5, 0, 0, Math.fround(0.1), 1, 0]);
    assert.deepEqual(boundingBox(mesh), { min: { x: 0, y: 0, z: 0 }, max: { x: 2, y: 2, z: 2 } });
  });

  it('reads ASCII STL (keywords in any case, solids one after another) rounded to float32: the same bits as the binary file', () => {
    const ascii = readStl(readFileSync(join(repoRoot, 'test/fixtures/world/wedge.stl')));
    const binary = readStl(binaryStl(WEDGE));
    assert.equal(triangleCount(ascii), 3);
    assert.deepEqual(ascii.positions, binary.positions);
    assert.deepEqual(ascii.triangles, binary.triangles);
    assert.equal(ascii.positions[3], Math.fround(0.1));
    assert.notEqual(ascii.positions[3], 0.1);
  });

  it('fails in one line naming the file and the byte or line', () => {
    const short = binaryStl(WEDGE).subarray(0, 150);
    short.set(new TextEncoder().encode('exported'));
    assert.equal(
      errorOf('part.stl', short),
      "part.stl: byte 80: neither an ASCII STL (it does not begin with 'solid') nor a binary one: the header counts 3 facets, which take 234 bytes, not 150",
    );
    assert.equal(
      errorOf('part.stl', 'tiny'),
      "part.stl: byte 0: neither an ASCII STL (it does not begin with 'solid') nor a binary one (4 bytes, less than the 84-byte header)",
    );
    assert.equal(
      errorOf('part.stl', binaryStl(WEDGE).subarray(0, 150)),
      "part.stl: byte 80: a binary STL (it begins with 'solid' but holds bytes no ASCII STL has): the header counts 3 facets, which take 234 bytes, not 150",
    );
    const nan = binaryStl(WEDGE);
    new DataView(nan.buffer).setFloat32(84 + 50 + 12 + 8, Number.NaN, true);
    assert.equal(errorOf('part.stl', nan), "part.stl: byte 154: facet 1's vertex has a coordinate that is not a finite number");
    const wedge = readFileSync(join(repoRoot, 'test/fixtures/world/wedge.stl'), 'utf8');
    assert.equal(
      errorOf('part.STL', wedge.replace('vertex 0.1 1 0', 'vertex 0.1 1 0\n      vertex 0 2 0')),
      'part.STL: line 7: the facet has more than 3 vertices',
    );
    assert.equal(errorOf('part.stl', wedge.replace('vertex 0.1 1 0', 'vertex 0.1 one 0')), "part.stl: line 5: 'one' is not a number");
    assert.equal(errorOf('part.stl', wedge.replace('VERTEX 0 0 0.3\n', '')), 'part.stl: line 13: the facet has 2 vertices, not 3');
    assert.equal(errorOf('part.stl', wedge.replace(/endsolid degenerate\n$/, '')), "part.stl: line 24: the file ends before 'endsolid'");
  });
});
