import type { EntityEventName, EntityListing, NodePort } from '../port/NodePort.js';
import { Client } from './Client.js';
import { EventHandler } from './EventHandler.js';
import { defaultOptions } from './entityOptions.js';
import { GuardCondition } from './GuardCondition.js';
import { Publisher } from './Publisher.js';
import { Service } from './Service.js';
import { Subscription } from './Subscription.js';
import { Timer } from './Timer.js';

/** An entity object of the node, as its lists hold it. */
export type NodeEntity = Publisher | Subscription | Service | Client | Timer | GuardCondition | EventHandler;

/** Throws if the node has been destroyed (an error naming `what`). */
export type AssertAlive = (what: string) => void;

/** The entity objects a node's program made or was given, by the simulation's id. */
export class NodeEntities {
  /** The port the node reaches the simulation through, the simulation's id of the node, its logger's name. */
  readonly port: NodePort;
  readonly nodeId: number;
  readonly loggerName: string;
  readonly #entities = new Map<number, NodeEntity>();

  constructor(port: NodePort, node: number, loggerName: string) {
    this.port = port;
    this.nodeId = node;
    this.loggerName = loggerName;
  }

  own<T extends NodeEntity>(entity: T): T {
    this.#entities.set(entity.id, entity);
    return entity;
  }

  /** The event handlers the simulation made for an endpoint, entities of the node. */
  ownEvents(endpoint: Publisher | Subscription, events: { name: EntityEventName; id: number }[]): void {
    for (const { name, id } of events) {
      const handler = new EventHandler(this.port, id, name, endpoint.topic, this.loggerName);
      this.#entities.set(id, handler);
      endpoint.eventHandlers.push(handler);
    }
  }

  /** Destroys an entity of the node (with its event handlers, which the simulation destroys too). */
  destroy(entity: { readonly id: number }): void {
    if (!this.#entities.has(entity.id)) return;
    this.#entities.delete(entity.id);
    const handlers = entity instanceof Publisher || entity instanceof Subscription ? entity.eventHandlers : [];
    for (const handler of handlers) {
      this.#entities.delete(handler.id);
      handler._destroyed();
    }
    (entity as NodeEntity)._destroyed();
    this.port.destroyEntity(entity.id);
  }

  /** An entity the simulation destroyed (a part of an action gone): its object is destroyed too. */
  forget(id: number): void {
    this.#entities.get(id)?._destroyed();
    this.#entities.delete(id);
  }

  /** The node is destroyed: so is every entity object. */
  destroyAll(): void {
    for (const entity of this.#entities.values()) entity._destroyed();
    this.#entities.clear();
  }

  /**
   * The node's entities of a kind as the simulation lists them (its own ones too, such as the
   * /parameter_events publisher; not an action's parts), the program's objects where it made them.
   */
  listed(kind: EntityListing['kind']): NodeEntity[] {
    return this.port
      .nodeEntities(this.nodeId)
      .filter((listing) => listing.kind === kind)
      .map((listing) => {
        let entity = this.#entities.get(listing.id);
        if (entity === undefined) {
          entity = listedEntity(this.port, listing, this.loggerName);
          this.#entities.set(listing.id, entity);
        }
        return entity;
      });
  }
}

/** An entity the simulation made for the node itself (its /parameter_events publisher, its services): an object of its kind, without callbacks. */
function listedEntity(port: NodePort, listing: EntityListing, loggerName: string): NodeEntity {
  const options = defaultOptions();
  switch (listing.kind) {
    case 'publisher':
      return new Publisher(port, {
        id: listing.id,
        type: listing.type,
        topic: listing.name,
        options,
        loggerName,
        sink: { publish: (message) => port.publish(listing.id, message) },
      });
    case 'subscription':
      return new Subscription(port, listing.type, () => undefined, options, loggerName).created(listing.id, listing.name);
    case 'service':
      return new Service(port, listing.type, () => undefined, options, loggerName).created(listing.id, listing.name);
    case 'client':
      return new Client(port, { id: listing.id, type: listing.type, serviceName: listing.name, options, loggerName });
    case 'timer':
      return new Timer(port, () => undefined, loggerName).created(listing.id);
    case 'guard_condition':
      return new GuardCondition(port, () => undefined).created(listing.id);
    case 'event':
      return new EventHandler(port, listing.id, 'matched', listing.name, loggerName);
  }
}
