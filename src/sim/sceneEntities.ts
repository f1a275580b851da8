import { timeMsg } from '../base/timeMsg.js';
import type { Message } from '../interfaces/plainMessages.js';
import type { Color, Geometry } from '../world/description/description.js';
import { compose, type Pose, transformPoint, type Vec3 } from '../world/geometry/pose.js';
import { scaledMesh, type TriangleMesh } from '../world/meshes/TriangleMesh.js';
import type { SimulatedModel } from '../world/SimulatedModel.js';

export function poseMessage(pose: Pose): Message {
  const { position: p, rotation: q } = pose;
  return { position: { x: p.x, y: p.y, z: p.z }, orientation: { x: q.x, y: q.y, z: q.z, w: q.w } };
}

/** The primitives of one foxglove_msgs/SceneEntity (foxglove_msgs' field names). */
interface Primitives {
  cubes: Message[];
  spheres: Message[];
  cylinders: Message[];
  triangles: Message[];
}

/**
 * A model's collision geometry as a foxglove_msgs/SceneEntity (what Foxglove's 3D panel draws):
 * each link's collisions placed by `linkPose` (in `frameId`), boxes as cubes, cylinders as
 * cylinders, spheres and ellipsoids as spheres, a capsule as a cylinder between two spheres,
 * meshes and polylines' walls as triangle lists. Planes are the ground Foxglove draws its grid
 * on: left out (a model with nothing else, the ground plane, is no entity: null).
 */
export function modelEntity(
  model: SimulatedModel,
  id: string,
  frameId: string,
  linkPose: (link: string) => Pose,
  color: Color,
  stampNs: bigint,
  meshOf: (file: string) => TriangleMesh,
): Message | null {
  const primitives: Primitives = { cubes: [], spheres: [], cylinders: [], triangles: [] };
  const rgba = { r: color.r, g: color.g, b: color.b, a: color.a };
  for (const link of model.description.links) {
    const placed = linkPose(link.name);
    for (const collision of link.collisions) addPrimitives(primitives, collision.geometry, compose(placed, collision.pose), rgba, meshOf);
  }
  if (Object.values(primitives).every((list) => list.length === 0)) return null;
  return { timestamp: timeMsg(stampNs), frame_id: frameId, id, frame_locked: frameId !== 'world', ...primitives };
}

function addPrimitives(into: Primitives, geometry: Geometry, pose: Pose, color: Message, meshOf: (file: string) => TriangleMesh): void {
  const at = poseMessage(pose);
  switch (geometry.kind) {
    case 'box':
      into.cubes.push({ pose: at, size: vector(geometry.size), color });
      return;
    case 'cylinder':
      into.cylinders.push(cylinder(at, geometry.radius, geometry.length, color));
      return;
    case 'sphere':
      into.spheres.push(sphere(at, geometry.radius, color));
      return;
    case 'ellipsoid':
      into.spheres.push({ pose: at, size: { x: 2 * geometry.radii.x, y: 2 * geometry.radii.y, z: 2 * geometry.radii.z }, color });
      return;
    case 'capsule': {
      into.cylinders.push(cylinder(at, geometry.radius, geometry.length, color));
      for (const end of [-geometry.length / 2, geometry.length / 2]) {
        into.spheres.push(sphere(poseMessage({ position: transformPoint(pose, { x: 0, y: 0, z: end }), rotation: pose.rotation }), geometry.radius, color));
      }
      return;
    }
    case 'mesh': {
      const mesh = scaledMesh(meshOf(geometry.file), geometry.scale);
      const p = mesh.positions;
      const points: Message[] = [];
      for (let i = 0; i < p.length; i += 3) points.push({ x: p[i]!, y: p[i + 1]!, z: p[i + 2]! });
      into.triangles.push({ pose: at, points, color, indices: Array.from(mesh.triangles) });
      return;
    }
    case 'polyline': {
      // A prism's walls, two triangles each (its outline need not be convex: no caps).
      const points: Message[] = [];
      for (const prism of geometry.prisms) {
        const n = prism.points.length;
        for (let i = 0; i < n; i++) {
          const a = prism.points[i]!;
          const b = prism.points[(i + 1) % n]!;
          const [a0, b0, a1, b1] = [
            { x: a.x, y: a.y, z: 0 },
            { x: b.x, y: b.y, z: 0 },
            { x: a.x, y: a.y, z: prism.height },
            { x: b.x, y: b.y, z: prism.height },
          ];
          points.push(a0, b0, b1, a0, b1, a1);
        }
      }
      into.triangles.push({ pose: at, points, color });
      return;
    }
    default:
      return;
  }
}

function vector(v: Vec3): Message {
  return { x: v.x, y: v.y, z: v.z };
}

function cylinder(pose: Message, radius: number, length: number, color: Message): Message {
  return { pose, size: { x: 2 * radius, y: 2 * radius, z: length }, bottom_scale: 1, top_scale: 1, color };
}

function sphere(pose: Message, radius: number, color: Message): Message {
  return { pose, size: { x: 2 * radius, y: 2 * radius, z: 2 * radius }, color };
}
