import type { Vec3 } from '../geometry/pose.js';

/**
 * A triangle mesh as the mesh files give it: what a sensor's rays are cast against. Positions
 * are doubles whatever the file held (binary STL's float32 values convert exactly).
 */
export interface TriangleMesh {
  /** x, y, z per vertex, in metres. */
  positions: Float64Array;
  /** Three vertex indices per triangle. */
  triangles: Uint32Array;
  /** Each triangle's diffuse colour, r, g, b, a in [0, 1], where the format carries materials (Collada); absent otherwise. */
  colors?: Float32Array;
}

/** An axis-aligned box; an empty mesh's has min +Infinity and max -Infinity. */
export interface Box {
  min: Vec3;
  max: Vec3;
}

/**
 * Bad content in a mesh file: `at` says where ('line 12', 'byte 84'), the message what;
 * readMeshFile puts the file's name before them.
 */
export class MeshContentError extends Error {
  override readonly name = 'MeshContentError';
  readonly at: string | undefined;

  constructor(at: string | undefined, message: string) {
    super(message);
    this.at = at;
  }
}

export function triangleCount(mesh: TriangleMesh): number {
  return mesh.triangles.length / 3;
}

/** The mesh scaled about its origin, as SDF's and URDF's `<mesh><scale>` scale it; the mesh itself is left as it is. */
export function scaledMesh(mesh: TriangleMesh, scale: Vec3): TriangleMesh {
  const positions = new Float64Array(mesh.positions.length);
  for (let i = 0; i < positions.length; i += 3) {
    positions[i] = mesh.positions[i]! * scale.x;
    positions[i + 1] = mesh.positions[i + 1]! * scale.y;
    positions[i + 2] = mesh.positions[i + 2]! * scale.z;
  }
  return { ...mesh, positions };
}

/** The box around the vertices the triangles use (a vertex no triangle names is not geometry). */
export function boundingBox(mesh: TriangleMesh): Box {
  const min = { x: Infinity, y: Infinity, z: Infinity };
  const max = { x: -Infinity, y: -Infinity, z: -Infinity };
  const { positions, triangles } = mesh;
  for (let t = 0; t < triangles.length; t++) {
    const at = triangles[t]! * 3;
    const x = positions[at]!;
    const y = positions[at + 1]!;
    const z = positions[at + 2]!;
    if (x < min.x) min.x = x;
    if (x > max.x) max.x = x;
    if (y < min.y) min.y = y;
    if (y > max.y) max.y = y;
    if (z < min.z) min.z = z;
    if (z > max.z) max.z = z;
  }
  return { min, max };
}
