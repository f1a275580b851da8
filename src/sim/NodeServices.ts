import { interfaceTypeName, type TypeClass } from '../interfaces/typeNames.js';
import { resolveQoS } from '../ros/QoS.js';
import { Client } from './Client.js';
import { type Options, withDefaults } from './entityOptions.js';
import type { AliveNode, NodeEntities } from './NodeEntities.js';
import type { NodeNames } from './NodeNames.js';
import { Service, type ServiceCallback } from './Service.js';
import type { CallForm } from './ServiceCall.js';

/** A node's services and clients, made on the simulation's graph (rclcpp's node_services). */
export class NodeServices {
  readonly #names: NodeNames;
  readonly #entities: NodeEntities;
  readonly #alive: AliveNode;

  constructor(names: NodeNames, entities: NodeEntities, alive: AliveNode) {
    this.#names = names;
    this.#entities = entities;
    this.#alive = alive;
  }

  createClient(typeClass: TypeClass, serviceName: string, optionsIn?: Options): Client {
    const options = withDefaults(optionsIn);
    const node = this.#alive('create client');
    const client = new Client(
      node,
      interfaceTypeName(typeClass, 'srv'),
      this.#names.resolve(serviceName, 'service'),
      resolveQoS(options.qos, 'qos_profile_services_default', 'publisher'),
      callForm(options),
    );
    node.simulation.graph.addClient(client);
    return this.#entities.own(client);
  }

  /** The callback's request and response are typed by the service type name. */
  createService<T extends string>(typeClass: T | TypeClass, serviceName: string, optionsIn: Options | undefined, callback: ServiceCallback<T>): Service {
    const options = withDefaults(optionsIn);
    const node = this.#alive('create service');
    const service = new Service(
      node,
      interfaceTypeName(typeClass, 'srv'),
      this.#names.resolve(serviceName, 'service'),
      resolveQoS(options.qos, 'qos_profile_services_default', 'subscription'),
      callback as ServiceCallback,
      callForm(options),
    );
    this.#entities.own(service);
    node.simulation.graph.addService(service);
    return service;
  }
}

/** What a client's or service's callback gets of a call, by its options. */
function callForm(options: Options): CallForm {
  if (options.isRaw === true) return 'cdr';
  return options.enableTypedArray === false ? 'plain' : 'typed';
}
