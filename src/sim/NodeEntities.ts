import type { Executable } from '../engine/Executable.js';
import type { ActionType, ServiceType } from '../interfaces/InterfaceRegistry.js';
import type { MessageType } from '../interfaces/MessageType.js';
import { type DescribedType, describeType } from '../interfaces/typeDescription.js';
import { Client } from './Client.js';
import type { Entity } from './Entity.js';
import type { Node } from './Node.js';
import { Publisher } from './Publisher.js';
import { Service } from './Service.js';
import { Subscription } from './Subscription.js';

/** The node, to make an entity on, unless it has been destroyed (then an error naming `what`). */
export type AliveNode = (what: string) => Node;

/**
 * The entities a node is made of, in creation order, and the actions some of them make up (rclnodejs
 * lists an action's parts under the action only; rclcpp's node_waitables holds actions as one waitable).
 */
export class NodeEntities {
  readonly #entities: Entity[] = [];
  /** How many of its entities the node made for itself (rosout, parameter and other services): the first ones. */
  #builtIn = 0;
  /** Entities an action client or server is made of. */
  readonly #actionParts = new Set<Entity>();
  /** Its action clients and servers (their types and parts), by the ids add gave them. */
  readonly #actions = new Map<number, { type: ActionType; parts: Entity[] }>();
  #actionIds = 0;

  /** Every entity, in creation order. */
  get all(): readonly Entity[] {
    return this.#entities;
  }

  own<T extends Entity>(entity: T): T {
    this.#entities.push(entity);
    return entity;
  }

  /** Those made so far are the node's own, not its program's. */
  markBuiltIn(): void {
    this.#builtIn = this.#entities.length;
  }

  indexOf(entity: Entity): number {
    return this.#entities.indexOf(entity);
  }

  /** The program's entities that run callbacks, in creation order: an rclc executor's handles. */
  callbackEntities(): Executable[] {
    const executables: Executable[] = [];
    for (let i = this.#builtIn; i < this.#entities.length; i++) {
      const executable = this.#entities[i]!.executable;
      if (typeof executable.execute === 'function') executables.push(executable);
    }
    return executables;
  }

  /** An entity of the node with its event handlers. */
  destroyEndpoint(entity: Entity): void {
    const events = entity instanceof Publisher || entity instanceof Subscription ? entity.events : undefined;
    for (const handler of events?.handlers ?? []) this.destroy(handler);
    this.destroy(entity);
  }

  destroy(entity: Entity): void {
    const index = this.#entities.indexOf(entity);
    if (index < 0) return;
    this.#entities.splice(index, 1);
    this.#actionParts.delete(entity);
    entity.destroy();
  }

  destroyAll(): void {
    this.#actions.clear();
    for (const entity of [...this.#entities]) this.destroy(entity);
  }

  /** An action client or server made of these entities; its id. */
  addAction(type: ActionType, parts: Entity[]): number {
    this.#actions.set(++this.#actionIds, { type, parts });
    for (const part of parts) this.#actionParts.add(part);
    return this.#actionIds;
  }

  isActionPart(entity: Entity): boolean {
    return this.#actionParts.has(entity);
  }

  /** The action is gone, with the entities it was made of (which it returns). */
  removeAction(action: number): Entity[] {
    const found = this.#actions.get(action);
    if (found === undefined) return [];
    this.#actions.delete(action);
    for (const part of found.parts) this.destroy(part);
    return found.parts;
  }

  /** Its entities as rclnodejs's Node lists them: those an action is made of are the action's. */
  listed(): Entity[] {
    return this.#entities.filter((entity) => !this.#actionParts.has(entity));
  }

  /** The description of the type with this RIHS01 hash if one of its entities or actions (or `also`) uses it. */
  typeInUse(hash: string, also: readonly MessageType[]): DescribedType | undefined {
    const types: (MessageType | ServiceType | ActionType | null)[] = [
      ...also,
      ...this.#entities.map(typeOf),
      ...[...this.#actions.values()].map((action) => action.type),
    ];
    for (const type of types) {
      if (type === null) continue;
      const described = describeType(type);
      if (described.hash === hash) return described;
    }
    return undefined;
  }
}

/** The interface type an entity uses (timers, guards and event handlers have none). */
function typeOf(entity: Entity): MessageType | ServiceType | null {
  if (entity instanceof Publisher || entity instanceof Subscription) return entity.type;
  if (entity instanceof Service || entity instanceof Client) return entity.type;
  return null;
}
