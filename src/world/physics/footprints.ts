import type { Geometry } from '../description/description.js';
import { type Pose, rotate, transformPoint, type Vec3 } from '../geometry/pose.js';
import { type Circle2, convexHull, type Polygon2, ROUND_POINTS, type Shape2, UNIT_CIRCLE } from './shapes2d.js';

/** A triangle mesh's vertices (x, y, z each) and triangles (three vertex indices each). */
export interface Triangles {
  readonly positions: Float64Array;
  readonly triangles: Uint32Array;
}

/**
 * What a collision covers of the plane, placed by `pose` in the world: the shapes of
 * shapes2d.ts, each over its height range. A solid's footprint is the convex hull of its
 * projection (exact for boxes and upright cylinders, a circle for spheres); a mesh's is its hull
 * when `solid` (a robot's part), else one piece per triangle (a wall, whose hull would fill the
 * room it bounds). Planes are the ground, not obstacles: null.
 */
export function footprints(geometry: Geometry, pose: Pose, meshOf: (file: string) => Triangles, solid: boolean): Shape2[] {
  switch (geometry.kind) {
    case 'box': {
      const { x, y, z } = geometry.size;
      const corners: Vec3[] = [];
      for (const sx of [-0.5, 0.5]) for (const sy of [-0.5, 0.5]) for (const sz of [-0.5, 0.5]) corners.push({ x: sx * x, y: sy * y, z: sz * z });
      return [hullOf(corners.map((corner) => transformPoint(pose, corner)))];
    }
    case 'sphere': {
      const c = pose.position;
      return [circle(c.x, c.y, geometry.radius, c.z - geometry.radius, c.z + geometry.radius)];
    }
    case 'cylinder':
    case 'capsule': {
      const axis = rotate(pose.rotation, { x: 0, y: 0, z: 1 });
      const r = geometry.radius;
      const half = geometry.length / 2;
      const c = pose.position;
      const capsule = geometry.kind === 'capsule' ? r : 0;
      if (Math.abs(axis.x) < 1e-9 && Math.abs(axis.y) < 1e-9) {
        return [circle(c.x, c.y, r, c.z - half - capsule, c.z + half + capsule)];
      }
      const points: Vec3[] = [];
      for (let i = 0; i < ROUND_POINTS; i++) {
        for (const end of [-half - capsule, half + capsule])
          points.push(transformPoint(pose, { x: r * UNIT_CIRCLE[i * 2]!, y: r * UNIT_CIRCLE[i * 2 + 1]!, z: end }));
      }
      return [hullOf(points)];
    }
    case 'ellipsoid': {
      const points: Vec3[] = [];
      const { x, y, z } = geometry.radii;
      for (let i = 0; i < ROUND_POINTS; i++) {
        points.push(transformPoint(pose, { x: x * UNIT_CIRCLE[i * 2]!, y: y * UNIT_CIRCLE[i * 2 + 1]!, z: 0 }));
        points.push(transformPoint(pose, { x: x * UNIT_CIRCLE[i * 2]!, y: 0, z: z * UNIT_CIRCLE[i * 2 + 1]! }));
        points.push(transformPoint(pose, { x: 0, y: y * UNIT_CIRCLE[i * 2]!, z: z * UNIT_CIRCLE[i * 2 + 1]! }));
      }
      return [hullOf(points)];
    }
    case 'mesh': {
      const mesh = meshOf(geometry.file);
      const s = geometry.scale;
      const vertex = (i: number): Vec3 =>
        transformPoint(pose, { x: mesh.positions[i * 3]! * s.x, y: mesh.positions[i * 3 + 1]! * s.y, z: mesh.positions[i * 3 + 2]! * s.z });
      if (solid) {
        const points: Vec3[] = [];
        for (let i = 0; i < mesh.positions.length / 3; i++) points.push(vertex(i));
        return points.length === 0 ? [] : [hullOf(points)];
      }
      const pieces: Shape2[] = [];
      for (let t = 0; t < mesh.triangles.length; t += 3) {
        pieces.push(hullOf([vertex(mesh.triangles[t]!), vertex(mesh.triangles[t + 1]!), vertex(mesh.triangles[t + 2]!)]));
      }
      return pieces;
    }
    case 'polyline': {
      const pieces: Shape2[] = [];
      for (const prism of geometry.prisms) {
        const points = prism.points.map((point) => transformPoint(pose, { x: point.x, y: point.y, z: 0 }));
        const tops = prism.points.map((point) => transformPoint(pose, { x: point.x, y: point.y, z: prism.height }));
        // The prism's walls, each a segment over its height: an outline need not be convex.
        for (let i = 0; i < points.length; i++) {
          const j = (i + 1) % points.length;
          pieces.push(hullOf([points[i]!, points[j]!, tops[i]!, tops[j]!]));
        }
      }
      return pieces;
    }
    default:
      return [];
  }
}

function hullOf(points: Vec3[]): Polygon2 {
  let zMin = Infinity;
  let zMax = -Infinity;
  const xy: number[] = [];
  for (const p of points) {
    xy.push(p.x, p.y);
    if (p.z < zMin) zMin = p.z;
    if (p.z > zMax) zMax = p.z;
  }
  return { kind: 'polygon', points: convexHull(xy), zMin, zMax };
}

function circle(x: number, y: number, radius: number, zMin: number, zMax: number): Circle2 {
  return { kind: 'circle', x, y, radius, zMin, zMax };
}
