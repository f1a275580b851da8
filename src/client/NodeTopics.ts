import { interfaceTypeName, type TypeClass } from '../interfaces/typeNames.js';
import type { EntityEventName, EventHooks } from '../port/NodePort.js';
import { type PublisherEventCallbacks, SubscriptionEventCallbacks } from '../ros/eventCallbacks.js';
import { type Options, splitCallback } from './entityOptions.js';
import { ValidationSetting } from './messageValidation.js';
import type { Node } from './Node.js';
import type { AssertAlive, NodeEntities } from './NodeEntities.js';
import { ObservableSubscription } from './ObservableSubscription.js';
import { Publisher } from './Publisher.js';
import { declareQoSOverrides } from './QoSOverridingOptions.js';
import { Subscription, type SubscriptionCallback } from './Subscription.js';

/** A node's publishers and subscriptions, made through the port (rclcpp's node_topics). */
export class NodeTopics {
  readonly #node: Node;
  readonly #entities: NodeEntities;
  readonly #alive: AssertAlive;

  constructor(node: Node, entities: NodeEntities, alive: AssertAlive) {
    this.#node = node;
    this.#entities = entities;
    this.#alive = alive;
  }

  createPublisher<T extends string>(typeClass: T | TypeClass, topic: string, optionsIn?: Options, eventCallbacks?: PublisherEventCallbacks): Publisher<T> {
    const options = this.#node._validateOptions(optionsIn);
    const type = interfaceTypeName(typeClass, 'msg');
    this.#alive('create publisher');
    const { port, nodeId, loggerName } = this.#entities;
    const qos = this.#qos('publisher', topic, options);
    const created = port.createPublisher({ node: nodeId, type, topic, qos, events: eventHooks(eventCallbacks, false) });
    const validation = new ValidationSetting(options.validateMessages === true, options.validationOptions);
    const publisher = new Publisher<T>(port, { id: created.id, type, topic: created.topic, options, loggerName, sink: created.sink }, validation);
    this.#entities.own(publisher);
    this.#entities.ownEvents(publisher, created.events);
    return publisher;
  }

  createSubscription(
    typeClass: TypeClass,
    topic: string,
    optionsOrCallback: Options | SubscriptionCallback | undefined,
    maybeCallback?: SubscriptionCallback,
    eventCallbacks?: SubscriptionEventCallbacks,
  ): Subscription {
    const [optionsIn, callback] = splitCallback(optionsOrCallback, maybeCallback, 'createSubscription');
    const options = this.#node._validateOptions(optionsIn);
    const type = interfaceTypeName(typeClass, 'msg');
    this.#alive('create subscription');
    const { port, nodeId, loggerName } = this.#entities;
    const qos = this.#qos('subscription', topic, options);
    const subscription = new Subscription(port, type, callback, options, loggerName);
    const { qos: _given, validateMessages: _v, validateRequests: _r, validationOptions: _o, qosOverridingOptions: _q, ...acted } = options;
    const created = port.createSubscription(
      { node: nodeId, type, topic, qos, options: acted, wantsInfo: subscription.wantsInfo, events: eventHooks(eventCallbacks, true) },
      subscription,
    );
    this.#entities.own(subscription.created(created.id, created.topic));
    this.#entities.ownEvents(subscription, created.events);
    return subscription;
  }

  /** A subscription whose messages are an RxJS Observable (`.observable`). */
  createObservableSubscription<T extends string>(typeClass: T | TypeClass, topic: string, options: Options): ObservableSubscription {
    let observable: ObservableSubscription | null = null;
    const subscription = this.#node.createSubscription(typeClass as TypeClass, topic, options, (message: unknown) => observable?.emit(message));
    observable = new ObservableSubscription(subscription);
    return observable;
  }

  /** A topic endpoint's QoS: the options', with the parameter overrides its options allow (declared before the endpoint, as rcl does). */
  #qos(entityType: 'publisher' | 'subscription', topic: string, options: Options): unknown {
    const overridable = options.qosOverridingOptions;
    if (overridable === undefined) return options.qos;
    return declareQoSOverrides(entityType, this.#node, this.#node.resolveTopicName(topic), options.qos, overridable);
  }
}

/** The event callbacks given, as the port takes them. */
function eventHooks(callbacks: PublisherEventCallbacks | SubscriptionEventCallbacks | undefined, subscription: boolean): EventHooks | undefined {
  if (callbacks === undefined || callbacks === null) return undefined;
  const given: EventHooks['callbacks'] = {};
  for (const name of ['matched', 'incompatibleQos', 'incompatibleType', 'deadline', 'liveliness', 'messageLost'] as const) {
    const callback = (callbacks as Partial<Record<EntityEventName, unknown>>)[name];
    if (typeof callback === 'function') given[name] = (status) => (callbacks as unknown as Record<string, (status: unknown) => unknown>)[name]!(status);
  }
  return { subscription: subscription || callbacks instanceof SubscriptionEventCallbacks, callbacks: given };
}
