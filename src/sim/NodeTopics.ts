import { interfaceTypeName, type TypeClass } from '../interfaces/typeNames.js';
import type { PublisherEventCallbacks, SubscriptionEventCallbacks } from '../ros/eventCallbacks.js';
import { resolveQoS } from '../ros/QoS.js';
import { EntityEvents } from './EntityEvents.js';
import { type Options, withDefaults } from './entityOptions.js';
import type { AliveNode, NodeEntities } from './NodeEntities.js';
import type { NodeNames } from './NodeNames.js';
import { Publisher } from './Publisher.js';
import { type MessageTarget, Subscription } from './Subscription.js';

/** A node's publishers and subscriptions, made on the simulation's graph (rclcpp's node_topics). */
export class NodeTopics {
  readonly #names: NodeNames;
  readonly #entities: NodeEntities;
  readonly #alive: AliveNode;

  constructor(names: NodeNames, entities: NodeEntities, alive: AliveNode) {
    this.#names = names;
    this.#entities = entities;
    this.#alive = alive;
  }

  createPublisher<T extends string>(typeClass: T | TypeClass, topic: string, optionsIn?: Options, eventCallbacks?: PublisherEventCallbacks): Publisher<T> {
    const options = withDefaults(optionsIn);
    const name = this.#names.resolve(topic, 'topic');
    const node = this.#alive('create publisher');
    const publisher = new Publisher<T>(node, interfaceTypeName(typeClass, 'msg'), name, resolveQoS(options.qos, 'qos_profile_default', 'publisher'));
    this.#ownEvents(publisher, eventCallbacks);
    node.simulation.graph.addPublisher(publisher);
    return this.#entities.own(publisher);
  }

  /** With `isRaw` the callback gets the message's CDR bytes. */
  createSubscription(
    typeClass: TypeClass,
    topic: string,
    optionsIn: Options | undefined,
    target: MessageTarget,
    eventCallbacks?: SubscriptionEventCallbacks,
  ): Subscription {
    const options = withDefaults(optionsIn);
    const name = this.#names.resolve(topic, 'topic');
    const node = this.#alive('create subscription');
    const subscription = new Subscription(
      node,
      interfaceTypeName(typeClass, 'msg'),
      name,
      resolveQoS(options.qos, 'qos_profile_default', 'subscription'),
      target,
      options,
    );
    this.#entities.own(subscription);
    this.#ownEvents(subscription, eventCallbacks);
    node.simulation.graph.addSubscription(subscription);
    return subscription;
  }

  /** Event callbacks of a publisher or subscription: their handlers are the node's entities. */
  #ownEvents(entity: Publisher | Subscription, callbacks: PublisherEventCallbacks | SubscriptionEventCallbacks | undefined): void {
    if (callbacks === undefined || callbacks === null) return;
    entity.events = new EntityEvents(entity.node, entity.topic, callbacks);
    for (const handler of entity.events.handlers) this.#entities.own(handler);
  }
}
