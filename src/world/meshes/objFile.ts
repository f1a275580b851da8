import { decimal } from '../decimal.js';
import { MeshBuilder } from './MeshBuilder.js';
import { MeshContentError, type TriangleMesh } from './TriangleMesh.js';

/**
 * A Wavefront OBJ file's geometry: `v x y z` (a fourth number, w or a colour, is ignored) and
 * `f` with `v`, `v/vt`, `v//vn` or `v/vt/vn` references, 1-based or negative (counted back from
 * the last `v` so far); a polygon is fanned from its first vertex into triangles. The rest
 * (`vt`, `vn`, `o`, `g`, `s`, `usemtl`, `mtllib`, `l`, `p`, comments) is skipped: texture
 * coordinates, normals, groups, materials, lines and points are nothing a ray hits. Vertices are
 * shared as the file shares them.
 */
export function readObj(text: string): TriangleMesh {
  const mesh = new MeshBuilder();
  const lines = text.split(/\r?\n|\r/);
  const corners: number[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const keyword = /^\s*(\S+)/.exec(line)?.[1];
    if (keyword !== 'v' && keyword !== 'f') continue;
    const at = `line ${index + 1}`;
    const words = line.trim().split(/\s+/);
    if (keyword === 'v') {
      const [x, y, z] = words.slice(1, 4).map((word) => decimal(word));
      if (words.length < 4 || !Number.isFinite(x! + y! + z!)) throw new MeshContentError(at, `'v' needs 3 numbers, not '${words.slice(1).join(' ')}'`);
      mesh.addVertex(x!, y!, z!);
      continue;
    }
    corners.length = 0;
    for (const word of words.slice(1)) corners.push(vertexOf(word, mesh.vertexCount, at));
    if (corners.length < 3) throw new MeshContentError(at, `a face has ${corners.length} vertices, not at least 3`);
    for (let k = 2; k < corners.length; k++) mesh.addTriangle(corners[0]!, corners[k - 1]!, corners[k]!);
  }
  return mesh.mesh();
}

/** The 0-based vertex a face's `v[/vt][/vn]` names, `count` vertices having been read. */
function vertexOf(word: string, count: number, at: string): number {
  const reference = word.split('/')[0]!;
  const number = /^-?\d+$/.test(reference) ? Number(reference) : Number.NaN;
  const index = number < 0 ? count + number : number - 1;
  if (!(index >= 0 && index < count)) {
    const why = Number.isNaN(number) ? 'is not a vertex reference' : `names no vertex (${count} so far)`;
    throw new MeshContentError(at, `'${word}' ${why}`);
  }
  return index;
}
