import { readFileSync } from 'node:fs';
import { makePrism, type Prism } from '../network/geometry.js';
import { readWorldText } from '../world/description/sdfFile.js';
import { compose } from '../world/geometry/pose.js';
import { readMeshFile } from '../world/meshes/meshFile.js';
import { footprints } from '../world/physics/footprints.js';
import { ROUND_POINTS, UNIT_CIRCLE } from '../world/physics/shapes2d.js';
import type { WorldConfig } from '../world/WorldConfig.js';

/**
 * The static geometry of a job's world as the network's obstacles: each collision of each static
 * model a prism (its footprint, from its bottom to its top) of its model's loss, so that radio
 * links are shadowed by the walls robots see. The ground (a plane) is none.
 */
export function worldObstacles(world: WorldConfig, lossDb: (model: string) => number): Prism[] {
  const source = world.world;
  const text = 'file' in source ? readFileSync(source.file, 'utf8') : source.text;
  const description = readWorldText(text, 'file' in source ? source.file : source.label, { paths: world.paths, warn: () => {} });
  const meshes = new Map<string, ReturnType<typeof readMeshFile>>();
  const meshOf = (file: string) => {
    let mesh = meshes.get(file);
    if (mesh === undefined) meshes.set(file, (mesh = readMeshFile(file)));
    return mesh;
  };
  const prisms: Prism[] = [];
  for (const model of description.models) {
    if (!model.static) continue;
    for (const link of model.links) {
      for (const collision of link.collisions) {
        const pose = compose(model.pose, compose(link.pose, collision.pose));
        const name = `${model.name}::${link.name}::${collision.name}`;
        for (const shape of footprints(collision.geometry, pose, meshOf, false)) {
          const outline: (readonly [number, number])[] = [];
          if (shape.kind === 'circle') {
            for (let i = 0; i < ROUND_POINTS; i++)
              outline.push([shape.x + shape.radius * UNIT_CIRCLE[i * 2]!, shape.y + shape.radius * UNIT_CIRCLE[i * 2 + 1]!]);
          } else {
            for (let i = 0; i < shape.points.length; i += 2) outline.push([shape.points[i]!, shape.points[i + 1]!]);
          }
          // A vertical wall's triangle is a segment from above: too thin to be crossed as a polygon is.
          if (outline.length < 3 || shape.zMax <= shape.zMin) continue;
          prisms.push(makePrism(name, outline, shape.zMin, shape.zMax - shape.zMin, lossDb(model.name)));
        }
      }
    }
  }
  return prisms;
}
