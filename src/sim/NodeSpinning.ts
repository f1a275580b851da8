import type { Engine } from '../engine/Engine.js';
import type { Entity } from './Entity.js';
import type { NodeEntities } from './NodeEntities.js';

/** The order in which rclnodejs's spinOnce executes ready entities, by kind (sort is stable). */
const SPIN_ORDER = ['timer', 'event', 'subscription', 'guard_condition', 'client', 'service'];

/**
 * Whether a node's callbacks run: the simulation drives execution, spin() decides whether they run,
 * and events that arrive meanwhile are held here (rclcpp's node_base keeps whether an executor has
 * the node).
 */
export class NodeSpinning {
  readonly #entities: NodeEntities;
  readonly #engine: Engine;
  #spinning: boolean;
  /** Whether spin() was called (the job's executor spinning a node is not a call). */
  #spunByCode = false;
  /** Entities with events held while the node does not spin, in the order they arrived. */
  readonly #parked = new Set<Entity>();

  constructor(entities: NodeEntities, engine: Engine, spinning: boolean) {
    this.#entities = entities;
    this.#engine = engine;
    this.#spinning = spinning;
  }

  get spinning(): boolean {
    return this.#spinning;
  }

  /** Kept on each entity too: it is read before every callback. */
  #set(spinning: boolean): void {
    this.#spinning = spinning;
    for (const entity of this.#entities.all) entity.spinning = spinning;
  }

  /** From now on the node's callbacks run; events held until now are queued again, in order. */
  spin(): void {
    // A node the job's executor spins (a job's or component's) may be spun once more by its code.
    if (this.#spinning && this.#spunByCode) throw new Error('The node is already spinning.');
    this.#spunByCode = true;
    this.#set(true);
    for (const entity of this.#parked) {
      for (let i = entity.pendingEvents(); i > 0; i--) this.#engine.enqueue(entity.executable);
    }
    this.#parked.clear();
  }

  /**
   * One round of the node's executor, run before it returns, as rclnodejs's: each entity with
   * something ready runs once — a timer that came due meanwhile, then subscriptions, guard
   * conditions, clients and services with an event, each kind in creation order (rclnodejs's
   * order of a wait set). Their queued events then find nothing left and run nothing.
   */
  spinOnce(): void {
    if (this.#spinning && this.#spunByCode) throw new Error('The node is already spinning.');
    if (this.#spinning) return;
    const ready = this.#entities.all.filter((entity) => (entity.executable.kind === 'timer' ? this.#parked.has(entity) : entity.pendingEvents() > 0));
    ready.sort((a, b) => SPIN_ORDER.indexOf(a.executable.kind) - SPIN_ORDER.indexOf(b.executable.kind));
    for (const entity of ready) {
      if (entity.isDestroyed()) continue;
      entity.grant();
      this.#engine.executeNow(entity.executable);
      if (entity.executable.kind === 'timer' || entity.pendingEvents() === 0) this.#parked.delete(entity);
    }
  }

  stop(): void {
    this.#spunByCode = false;
    this.#set(false);
  }

  /** The node is destroyed: nothing of it runs again. */
  end(): void {
    this.#set(false);
  }

  park(entity: Entity): void {
    this.#parked.add(entity);
  }

  unpark(entity: Entity): void {
    this.#parked.delete(entity);
  }
}
