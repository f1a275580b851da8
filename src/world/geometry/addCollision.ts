import type { Geometry } from '../description/description.js';
import type { TriangleMesh } from '../meshes/TriangleMesh.js';
import { type Pose, rotate, transformPoint } from './pose.js';
import type { RayScene } from './RayScene.js';

/**
 * A collision's geometry, placed by `pose`, added to a ray scene with `tag`: each shape as the
 * scene's primitive of that kind, a mesh as its triangles, a plane as a plane. Geometry rays
 * cannot meet (empty) adds nothing.
 */
export function addCollision(scene: RayScene, geometry: Geometry, pose: Pose, tag: number, meshOf: (file: string) => TriangleMesh): void {
  switch (geometry.kind) {
    case 'box':
      scene.addBox(pose, geometry.size, tag);
      return;
    case 'sphere':
      scene.addSphere(pose.position, geometry.radius, tag);
      return;
    case 'cylinder':
      scene.addCylinder(pose, geometry.radius, geometry.length, tag);
      return;
    case 'capsule':
      scene.addCapsule(pose, geometry.radius, geometry.length, tag);
      return;
    case 'ellipsoid':
      scene.addEllipsoid(pose, geometry.radii, tag);
      return;
    case 'plane':
      scene.addPlane(pose.position, rotate(pose.rotation, geometry.normal), tag);
      return;
    case 'mesh': {
      const mesh = meshOf(geometry.file);
      const s = geometry.scale;
      const p = mesh.positions;
      const vertex = (i: number) => transformPoint(pose, { x: p[i * 3]! * s.x, y: p[i * 3 + 1]! * s.y, z: p[i * 3 + 2]! * s.z });
      const t = mesh.triangles;
      for (let k = 0; k < t.length; k += 3) scene.addTriangle(vertex(t[k]!), vertex(t[k + 1]!), vertex(t[k + 2]!), tag);
      return;
    }
    case 'polyline':
      for (const prism of geometry.prisms) {
        const n = prism.points.length;
        for (let i = 0; i < n; i++) {
          const a = prism.points[i]!;
          const b = prism.points[(i + 1) % n]!;
          const a0 = transformPoint(pose, { x: a.x, y: a.y, z: 0 });
          const b0 = transformPoint(pose, { x: b.x, y: b.y, z: 0 });
          const a1 = transformPoint(pose, { x: a.x, y: a.y, z: prism.height });
          const b1 = transformPoint(pose, { x: b.x, y: b.y, z: prism.height });
          scene.addTriangle(a0, b0, b1, tag);
          scene.addTriangle(a0, b1, a1, tag);
        }
      }
      return;
    case 'empty':
      return;
  }
}
