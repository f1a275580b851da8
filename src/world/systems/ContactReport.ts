import type { GzContact } from '../gz/messages.js';
import type { SystemContext, WorldSystem } from './WorldSystem.js';

/** The world's own topic of contacts as they begin (rclsim's, not Gazebo's). */
export const CONTACTS_TOPIC = '/rclsim/world/contacts';

/**
 * Every contact of a moving model with anything else, reported at the step it begins (a pair of
 * collisions that did not touch at the step before): what checks read to catch a robot hitting a
 * wall. It looks at every step while something listens, so the world stops at each.
 */
export class ContactReport implements WorldSystem {
  readonly name = 'contacts';
  readonly #context: SystemContext;
  #touching = new Set<string>();
  #begun: GzContact[] = [];
  #beganAt = -1;

  constructor(context: SystemContext) {
    this.#context = context;
  }

  postUpdate(step: number): void {
    const world = this.#context.world;
    const now = new Set<string>();
    const begun: GzContact[] = [];
    for (const contact of world.physics.contacts) {
      const one = world.collisionOf(contact.body, contact.shape);
      const other = contact.other < 0 ? world.obstacleCollision(contact.otherShape) : world.collisionOf(contact.other, contact.otherShape);
      const key = `${one}\u0000${other}`;
      if (now.has(key)) continue;
      now.add(key);
      if (this.#touching.has(key)) continue;
      const c = contact.contact;
      begun.push({ collision1: one, collision2: other, positions: [{ x: c.x, y: c.y, z: 0 }], normals: [{ x: c.nx, y: c.ny, z: 0 }], depths: [c.depth] });
    }
    this.#touching = now;
    if (begun.length > 0) {
      this.#begun = begun;
      this.#beganAt = step;
    }
  }

  nextOutput(from: number): number | null {
    return this.#context.bus.heard(CONTACTS_TOPIC) ? Math.max(from, 1) : null;
  }

  output(step: number): void {
    if (this.#beganAt !== step) return;
    this.#context.bus.publish(CONTACTS_TOPIC, 'gz.msgs.Contacts', { header: { stampNs: this.#context.stampNs(step) }, contacts: this.#begun });
  }
}
