import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readCollada } from '../../src/world/meshes/colladaFile.js';
import { readMeshFile } from '../../src/world/meshes/meshFile.js';
import { boundingBox, triangleCount } from '../../src/world/meshes/TriangleMesh.js';
import { repoRoot, tempDir, writeTemp } from '../support/helpers.js';

const PAVILION = join(repoRoot, 'test/fixtures/world/pavilion.dae');
const text = readFileSync(PAVILION, 'utf8');

/** Vertex `i`'s position. */
const vertex = (positions: Float64Array, i: number): number[] => [...positions.subarray(3 * i, 3 * i + 3)];

function assertNear(actual: number[], expected: number[], message: string): void {
  assert.ok(
    actual.every((value, i) => Math.abs(value - expected[i]!) < 1e-12),
    `${message}: ${actual} is not ${expected}`,
  );
}

/** A minimal document around one geometry's <mesh> content, instanced once. */
function document(meshContent: string): string {
  return `<?xml version="1.0"?>
<COLLADA version="1.5.0">
  <library_geometries>
    <geometry id="g">
      <mesh>
        <source id="s">
          <float_array id="a" count="12">0 0 0 1 0 0 0 1 0 0 0 1</float_array>
          <technique_common><accessor source="#a" count="4" stride="3"/></technique_common>
        </source>
        <vertices id="v"><input semantic="POSITION" source="#s"/></vertices>
${meshContent}
      </mesh>
    </geometry>
  </library_geometries>
  <library_visual_scenes><visual_scene id="vs"><node><instance_geometry url="#g"/></node></visual_scene></library_visual_scenes>
  <scene><instance_visual_scene url="#vs"/></scene>
</COLLADA>
`;
}

/** readMeshFile's error for `content` written as `name`. */
function errorOf(name: string, content: string): string {
  const path = writeTemp(tempDir(), name, content);
  assert.throws(() => readMeshFile(path));
  try {
    readMeshFile(path);
  } catch (thrown) {
    return (thrown as Error).message.replace(path, name);
  }
  return 'no error';
}

describe("Collada meshes as gz-common's ColladaLoader reads them for collision", () => {
  it('places each instance under its node transforms (children first, then instance_node or instance_geometry) and scales by <unit meter>', () => {
    const mesh = readCollada(text);
    assert.equal(triangleCount(mesh), 8, 'wedge 2 + hexagon fan 4 + panel 2; <lines> and the <ph> polygon add none');
    assert.equal(mesh.positions.length, 3 * 14);
    // The wedge, in the floor's child node: translate (0 0 10), then rotate 90° about z, then scale 2; in centimetres.
    assertNear(vertex(mesh.positions, 0), [0, 0, 0.1], 'wedge corner');
    assertNear(vertex(mesh.positions, 1), [0, 0.2, 0.1], 'wedge x tip turned onto y');
    assertNear(vertex(mesh.positions, 2), [-0.2, 0, 0.1], 'wedge y tip turned onto -x');
    assertNear(vertex(mesh.positions, 3), [0, 0, 0.2], 'wedge top');
    // The hexagon under a translation alone: exactly (x, y, 10) times the unit, as Mesh::Scale multiplies.
    assert.deepEqual(vertex(mesh.positions, 4), [100 * 0.01, 0, 10 * 0.01]);
    assert.deepEqual(vertex(mesh.positions, 5), [50 * 0.01, 87 * 0.01, 10 * 0.01]);
    // The panel: the holder's <matrix> (x + 100) times library_nodes' node (z + 50).
    assert.deepEqual(vertex(mesh.positions, 10), [100 * 0.01, 0, 50 * 0.01]);
    assert.deepEqual(vertex(mesh.positions, 13), [100 * 0.01, 0, 80 * 0.01]);
    assert.deepEqual(
      [...mesh.triangles],
      [0, 1, 2, 0, 1, 3, 4, 5, 6, 4, 6, 7, 4, 7, 8, 4, 8, 9, 10, 11, 12, 10, 12, 13],
      '<triangles> by the VERTEX offset of 3 interleaved inputs; the polylist hexagon and the polygon fanned from their first vertex',
    );
    const box = boundingBox(mesh);
    assertNear([box.min.x, box.min.y, box.min.z], [-1, -0.87, 0.1], 'bounding box min');
    assertNear([box.max.x, box.max.y, box.max.z], [1.4, 0.87, 0.8], 'bounding box max');
  });

  it("keeps each triangle's diffuse colour: the bound material's, white for a texture, gz-common's grey without one", () => {
    const { colors } = readCollada(text);
    const color = (triangle: number): number[] => [...colors!.subarray(4 * triangle, 4 * triangle + 4)];
    assert.deepEqual(color(0), [1, 1, 1, 1]);
    assert.deepEqual(color(2), [Math.fround(0.8), Math.fround(0.1), Math.fround(0.1), 1]);
    assert.deepEqual(color(7), [0.5, 0.5, 0.5, 1]);
  });

  it('ignores <up_axis> as Gazebo does: a Y_UP file with the same numbers gives the same mesh', () => {
    const zUp = readCollada(text);
    const yUp = readCollada(text.replace('<up_axis>Z_UP</up_axis>', '<up_axis>Y_UP</up_axis>'));
    assert.deepEqual(yUp.positions, zUp.positions);
    const metres = readCollada(text.replace('meter="0.01"', 'meter="1"'));
    assert.deepEqual(vertex(metres.positions, 5), [50, 87, 10], 'the unit, and only it, made the centimetres metres');
  });

  it("composes a node's transforms in gz-common's order whatever the document's: translate, rotates, scale; a <matrix> alone", () => {
    const triangle = document('<triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2</p></triangles>');
    const placed = (node: string): Float64Array =>
      readCollada(triangle.replace('<node><instance_geometry url="#g"/></node>', `<node>${node}<instance_geometry url="#g"/></node>`)).positions;
    const turned = placed('<scale>1 2 1</scale><rotate>0 0 1 90</rotate><translate>10 0 0</translate>');
    assertNear(vertex(turned, 1), [10, 1, 0], '(1 0 0) scaled, turned onto y, moved along x');
    assertNear(vertex(turned, 2), [8, 0, 0], '(0 1 0) scaled to (0 2 0), turned onto -x, moved along x');
    const matrix = placed('<translate>5 5 5</translate><matrix>1 0 0 0 0 1 0 0 0 0 1 3 0 0 0 1</matrix>');
    assert.deepEqual(vertex(matrix, 1), [1, 0, 3]);
  });

  it('gives a primitive its own vertices per instance, and shares them between primitives of one instance', () => {
    const twice = readCollada(
      document(`<triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2</p></triangles>
<polylist count="1"><input semantic="VERTEX" source="#v" offset="0"/><vcount>3</vcount><p>1 2 3</p></polylist>`).replace(
        '<node><instance_geometry url="#g"/></node>',
        '<node><instance_geometry url="#g"/></node><node><translate>5 0 0</translate><instance_geometry url="#g"/></node>',
      ),
    );
    assert.deepEqual([...twice.triangles], [0, 1, 2, 1, 2, 3, 4, 5, 6, 5, 6, 7]);
    assert.deepEqual(vertex(twice.positions, 5), [6, 0, 0], 'the second instance is where its own node puts it');
  });

  it('fails in one line naming the file and the line: the inputs do not divide <p>, an index beyond its source, a dangling url, a loop of instance_node', () => {
    assert.equal(
      errorOf(
        'hexagon.dae',
        document(`<triangles count="1">
          <input semantic="VERTEX" source="#v" offset="0"/>
          <input semantic="NORMAL" source="#s" offset="1"/>
          <input semantic="TEXCOORD" source="#s" offset="2"/>
          <p>0 0 0 1 1 1 2</p>
        </triangles>`),
      ),
      'hexagon.dae: line 15: <p> has 7 indices, not a multiple of the 3 inputs',
    );
    assert.equal(
      errorOf('a.dae', document('<triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 4</p></triangles>')),
      'a.dae: line 11: <p> names position 4, and its source has 4',
    );
    assert.equal(
      errorOf('a.dae', document('<triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2 3</p></triangles>')),
      'a.dae: line 11: <triangles> has 4 vertices in <p>, not a multiple of 3',
    );
    assert.equal(
      errorOf('a.dae', document('<polylist count="1"><input semantic="VERTEX" source="#v" offset="0"/><vcount>4</vcount><p>0 1 2</p></polylist>')),
      'a.dae: line 11: <p> has 3 vertices, and <vcount> counts 4',
    );
    assert.equal(
      errorOf('a.dae', document('<triangles count="1"><input semantic="VERTEX" source="#nowhere" offset="0"/><p>0 1 2</p></triangles>')),
      "a.dae: line 11: <input> source='#nowhere' names no element",
    );
    assert.equal(
      errorOf('a.dae', document('<triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 x</p></triangles>')),
      "a.dae: line 11: <p> holds 'x', which is not an index",
    );
    assert.equal(
      errorOf('a.dae', text.replace('<instance_geometry url="#panel"/>', '<instance_node url="#panel-node"/>')),
      "a.dae: line 136: <instance_node> url='#panel-node' names a node it is inside",
    );
    assert.equal(
      errorOf('a.dae', text.replace('<rotate sid="rotationZ">0 0 1 90', '<rotate sid="rotationZ">0 0 90')),
      'a.dae: line 151: <rotate> has 3 numbers, not 4',
    );
    assert.equal(
      errorOf('a.dae', '<COLLADA>\n<asset>\n</COLLADA>'),
      'a.dae: Error=XML_ERROR_MISMATCHED_ELEMENT ErrorID=14 (0xe) Line number=2: XMLElement name=asset',
    );
  });
});
