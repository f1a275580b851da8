import { childrenNamed, firstChild } from '../../base/xmlReader.js';
import type { Link, Sensor } from '../description/description.js';
import { SdfValues } from '../description/sdfValues.js';
import type { Vec3 } from '../geometry/pose.js';
import type { GzContact, GzContactWrench } from '../gz/messages.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import type { SystemContext, WorldSystem } from '../systems/WorldSystem.js';

/**
 * A contact sensor (SDF `contact`, run by gz-sim's Contact system, systems/contact/Contact.cc):
 * the contacts of the collisions its `<contact><collision>` names on its link, as gz-sim's
 * Physics reports them after each step (UpdateCollisions) — one gz.msgs.Contact per pair of
 * collisions, named `model::link::collision`, with each contact point's position, normal (from
 * the other collision into the sensor's), depth and the force on each side — published on
 * `<contact><topic>` (else `…/sensor/<s>/contact`; the sensor's own `<topic>` is not read) at
 * every step that has any, none at a step without (no rate). The planar physics has no contact
 * with the ground: a collision resting on it reports nothing.
 */
export class ContactSensor implements WorldSystem {
  readonly name: string;
  readonly #context: SystemContext;
  readonly #model: SimulatedModel;
  readonly #topic: string;
  /** The collisions it watches, as contacts name them, in the order the sensor lists them. */
  readonly #watched: string[];
  #contacts: GzContact[] = [];
  #at = -1;

  constructor(sensor: Sensor, link: Link, model: SimulatedModel, context: SystemContext) {
    this.#context = context;
    this.#model = model;
    this.name = `${model.name}::${link.name}::${sensor.name}`;
    const values = new SdfValues(sensor.place.file);
    const contact = firstChild(sensor.element, 'contact');
    const own = new Set(link.collisions.map((collision) => collision.name));
    // gz-sim looks each name up among the link's collisions and leaves out one it does not find.
    this.#watched = (contact === undefined ? [] : childrenNamed(contact, 'collision'))
      .map((child) => values.text(child))
      .filter((name) => own.has(name))
      .map((name) => `${model.name}::${link.name}::${name}`);
    const world = context.world.description.name;
    const topic = contact === undefined ? '__default_topic__' : values.string(contact, 'topic', '__default_topic__');
    this.#topic = topic !== '__default_topic__' ? topic : `/world/${world}/model/${model.name}/link/${link.name}/sensor/${sensor.name}/contact`;
  }

  postUpdate(step: number, dt: number): void {
    const world = this.#context.world;
    const physics = world.physics;
    const body = this.#model.body === null ? -2 : physics.bodies.indexOf(this.#model.body);
    const own = this.#model.body === null;
    const normal = physics.normalImpulses;
    const friction = physics.frictionImpulses;
    const pairs = new Map<string, { contact: GzContact; watched: number }>();
    physics.contacts.forEach((c, k) => {
      // Only contacts this model takes part in: a moving model's body, or a static one's obstacles.
      if (c.body !== body && c.other !== body && !(own && c.other < 0)) return;
      const first = world.collisionOf(c.body, c.shape);
      const second = c.other < 0 ? world.obstacleCollision(c.otherShape) : world.collisionOf(c.other, c.otherShape);
      // The contact's normal pushes `first` out of `second`; the sensor's collision is collision1.
      for (const [mine, theirs, sign] of [
        [first, second, 1],
        [second, first, -1],
      ] as const) {
        const watched = this.#watched.indexOf(mine);
        if (watched < 0) continue;
        const key = `${mine}\u0000${theirs}`;
        let pair = pairs.get(key);
        if (pair === undefined) {
          pair = { contact: { collision1: mine, collision2: theirs, positions: [], normals: [], depths: [], wrenches: [] }, watched };
          pairs.set(key, pair);
        }
        const { nx, ny, x, y, depth } = c.contact;
        const n = { x: sign * nx, y: sign * ny, z: 0 };
        // The force on the sensor's collision: the normal impulse along n, friction along n turned left, over the step.
        const force = { x: (n.x * normal[k]! - n.y * friction[k]!) / dt, y: (n.y * normal[k]! + n.x * friction[k]!) / dt, z: 0 };
        (pair.contact.positions as Vec3[]).push({ x, y, z: this.#height(c.body, c.shape, c.other, c.otherShape) });
        (pair.contact.normals as Vec3[]).push(n);
        (pair.contact.depths as number[]).push(depth);
        (pair.contact.wrenches as GzContactWrench[]).push({ body1Force: force, body2Force: { x: -force.x, y: -force.y, z: 0 } });
      }
    });
    // In the order the sensor lists its collisions, each one's pairs as its contacts first met them.
    this.#contacts = [...pairs.values()].sort((a, b) => a.watched - b.watched).map((pair) => pair.contact);
    this.#at = step;
  }

  /** The middle of the heights two shapes share: where, up the wall, they touch. */
  #height(body: number, shape: number, other: number, otherShape: number): number {
    const physics = this.#context.world.physics;
    const a = physics.bodies[body]!.shapes[shape]!;
    const b = other < 0 ? physics.obstacles.shapes[otherShape]! : physics.bodies[other]!.shapes[otherShape]!;
    return (Math.max(a.zMin, b.zMin) + Math.min(a.zMax, b.zMax)) / 2;
  }

  nextOutput(from: number): number | null {
    // Whether a step has contacts is known only once it is taken: every step, while it is heard.
    return this.#context.bus.heard(this.#topic) ? Math.max(from, 1) : null;
  }

  output(step: number): void {
    if (this.#at !== step || this.#contacts.length === 0) return;
    const stampNs = this.#context.stampNs(step);
    this.#context.bus.publish(this.#topic, 'gz.msgs.Contacts', { header: { stampNs }, contacts: this.#contacts });
  }
}
