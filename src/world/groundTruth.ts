import type { SimulatedWorld } from './SimulatedWorld.js';

/** Where a model's frame is in the plane now; undefined when the world has no such model (yet). */
export function positionOf(world: SimulatedWorld, name: string): { x: number; y: number } | undefined {
  const model = world.model(name);
  if (model === undefined) return undefined;
  const body = model.body;
  return body === null ? { x: model.placed.position.x, y: model.placed.position.y } : { x: body.x, y: body.y };
}

/**
 * What a model touches at the world's last step: the other side of each of its contacts
 * (`model::link::collision`, in the physics' order; the ground is none), from the contacts the
 * physics found at that step. Undefined when the world has no such model (yet).
 */
export function touchedBy(world: SimulatedWorld, name: string): string[] | undefined {
  if (world.model(name) === undefined) return undefined;
  const own = `${name}::`;
  const touched: string[] = [];
  for (const contact of world.physics.contacts) {
    const one = world.collisionOf(contact.body, contact.shape);
    const other = contact.other < 0 ? world.obstacleCollision(contact.otherShape) : world.collisionOf(contact.other, contact.otherShape);
    if (one.startsWith(own)) touched.push(other);
    else if (other.startsWith(own)) touched.push(one);
  }
  return touched;
}
