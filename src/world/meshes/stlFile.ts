import { decimal } from '../decimal.js';
import { MeshBuilder } from './MeshBuilder.js';
import { MeshContentError, type TriangleMesh } from './TriangleMesh.js';

const HEADER = 84;
const FACET = 50;

/**
 * An STL file, binary or ASCII, told apart as assimp's STL importer does: binary when the size
 * is exactly the 84-byte header plus 50 bytes for each facet the header counts (exporters write
 * "solid" at the start of binary files too), else ASCII when it begins with "solid".
 *
 * As gz-common's STLLoader and assimp read it: every facet gets three vertices of its own (none
 * are merged: the ray caster needs no shared vertices), degenerate facets are kept (a ray never
 * hits one), the facet normals are ignored, and ASCII coordinates are rounded to float32, as both
 * readers store them, so that the same mesh saved either way gives the same bits.
 */
export function readStl(bytes: Uint8Array): TriangleMesh {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const declared = bytes.length >= HEADER ? view.getUint32(80, true) : -1;
  if (declared >= 0 && HEADER + FACET * declared === bytes.length) return binaryStl(view, declared);
  const text = new TextDecoder('latin1').decode(bytes);
  const sizeProblem = `the header counts ${declared} facets, which take ${HEADER + FACET * declared} bytes, not ${bytes.length}`;
  if (/^\s*solid(?:\s|$)/.test(text)) {
    try {
      return asciiStl(text);
    } catch (thrown) {
      // A control character no text has: a binary file with a "solid" header, cut short or padded.
      if (declared >= 0 && thrown instanceof MeshContentError && bytes.some((byte) => byte < 9 || (byte > 13 && byte < 32)))
        throw new MeshContentError('byte 80', `a binary STL (it begins with 'solid' but holds bytes no ASCII STL has): ${sizeProblem}`);
      throw thrown;
    }
  }
  if (declared < 0)
    throw new MeshContentError(
      'byte 0',
      `neither an ASCII STL (it does not begin with 'solid') nor a binary one (${bytes.length} bytes, less than the 84-byte header)`,
    );
  throw new MeshContentError('byte 80', `neither an ASCII STL (it does not begin with 'solid') nor a binary one: ${sizeProblem}`);
}

function binaryStl(view: DataView, count: number): TriangleMesh {
  const mesh = new MeshBuilder();
  for (let facet = 0; facet < count; facet++) {
    // Each facet: its normal (3 float32, ignored), three vertices (3 float32 each), a 2-byte attribute.
    const start = HEADER + FACET * facet + 12;
    for (let at = start; at < start + 36; at += 4) {
      if (!Number.isFinite(view.getFloat32(at, true)))
        throw new MeshContentError(`byte ${at}`, `facet ${facet}'s vertex has a coordinate that is not a finite number`);
    }
    const first = mesh.addVertex(view.getFloat32(start, true), view.getFloat32(start + 4, true), view.getFloat32(start + 8, true));
    mesh.addVertex(view.getFloat32(start + 12, true), view.getFloat32(start + 16, true), view.getFloat32(start + 20, true));
    mesh.addVertex(view.getFloat32(start + 24, true), view.getFloat32(start + 28, true), view.getFloat32(start + 32, true));
    mesh.addTriangle(first, first + 1, first + 2);
  }
  return mesh.mesh();
}

/**
 * ASCII STL: `solid name`, then per facet `facet normal nx ny nz`, `outer loop`, three
 * `vertex x y z`, `endloop`, `endfacet`, and `endsolid name`; keywords in any case (gz-common
 * compares them so), several solids one after another.
 */
function asciiStl(text: string): TriangleMesh {
  const mesh = new MeshBuilder();
  const lines = text.split(/\r?\n|\r/);
  // What the next line must be, read as a small state machine.
  let expect: 'solid' | 'facet' | 'outer' | 'vertex' | 'endfacet' = 'solid';
  let vertices = 0;
  let at = 'line 1';
  for (let index = 0; index < lines.length; index++) {
    const words = lines[index]!.trim().split(/\s+/);
    const keyword = words[0]!.toLowerCase();
    if (keyword === '') continue;
    at = `line ${index + 1}`;
    const fail = (wanted: string): never => {
      throw new MeshContentError(at, `'${shown(words[0]!)}' where ${wanted} was expected`);
    };
    switch (expect) {
      case 'solid':
        if (keyword !== 'solid') fail("'solid'");
        expect = 'facet';
        break;
      case 'facet':
        if (keyword === 'endsolid') expect = 'solid';
        else if (keyword === 'facet') expect = 'outer';
        else fail("'facet' or 'endsolid'");
        break;
      case 'outer':
        if (keyword !== 'outer' || words[1]?.toLowerCase() !== 'loop') fail("'outer loop'");
        expect = 'vertex';
        vertices = 0;
        break;
      case 'vertex':
        if (keyword === 'endloop') {
          if (vertices !== 3) throw new MeshContentError(at, `the facet has ${vertices} vertices, not 3`);
          expect = 'endfacet';
          break;
        }
        if (keyword !== 'vertex') fail(vertices < 3 ? "'vertex'" : "'endloop'");
        if (vertices === 3) throw new MeshContentError(at, 'the facet has more than 3 vertices');
        mesh.addVertex(coordinate(words[1], at), coordinate(words[2], at), coordinate(words[3], at));
        if (++vertices === 3) mesh.addTriangle(mesh.vertexCount - 3, mesh.vertexCount - 2, mesh.vertexCount - 1);
        break;
      case 'endfacet':
        if (keyword !== 'endfacet') fail("'endfacet'");
        expect = 'facet';
        break;
    }
  }
  if (expect !== 'solid') throw new MeshContentError(at, "the file ends before 'endsolid'");
  return mesh.mesh();
}

function coordinate(token: string | undefined, at: string): number {
  const value = decimal(token ?? '');
  if (Number.isNaN(value)) throw new MeshContentError(at, token === undefined ? 'a vertex has fewer than 3 coordinates' : `'${shown(token)}' is not a number`);
  const single = Math.fround(value);
  if (!Number.isFinite(single)) throw new MeshContentError(at, `${token} is beyond float32's range`);
  return single;
}

/** A word of the file for a message: bytes outside printable ASCII as \xNN (a binary file read as ASCII has any), at most 40 characters. */
function shown(word: string): string {
  const printable = word.replace(/[^\x20-\x7e]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return printable.length > 40 ? `${printable.slice(0, 40)}…` : printable;
}
