import { interfaceTypeName, type TypeClass } from '../interfaces/typeNames.js';
import { Client } from './Client.js';
import { type Options, splitCallback } from './entityOptions.js';
import { ValidationSetting } from './messageValidation.js';
import type { Node } from './Node.js';
import type { AssertAlive, NodeEntities } from './NodeEntities.js';
import { Service, type ServiceCallback } from './Service.js';

/** A node's clients and services, made through the port (rclcpp's node_services). */
export class NodeServices {
  readonly #node: Node;
  readonly #entities: NodeEntities;
  readonly #alive: AssertAlive;

  constructor(node: Node, entities: NodeEntities, alive: AssertAlive) {
    this.#node = node;
    this.#entities = entities;
    this.#alive = alive;
  }

  createClient<T extends string>(typeClass: T | TypeClass, serviceName: string, optionsIn?: Options): Client<T> {
    const options = this.#node._validateOptions(optionsIn);
    const type = interfaceTypeName(typeClass, 'srv');
    this.#alive('create client');
    const { port, nodeId, loggerName } = this.#entities;
    const created = port.createClient({
      node: nodeId,
      type,
      service: serviceName,
      qos: options.qos,
      plainArrays: options.enableTypedArray === false,
    });
    const validation = new ValidationSetting(options.validateRequests === true, options.validationOptions);
    return this.#entities.own(new Client<T>(port, { id: created.id, type, serviceName: created.service, options, loggerName }, validation));
  }

  createService(typeClass: TypeClass, serviceName: string, optionsOrCallback: Options | ServiceCallback | undefined, maybeCallback?: ServiceCallback): Service {
    const [optionsIn, callback] = splitCallback(optionsOrCallback, maybeCallback, 'createService');
    const options = this.#node._validateOptions(optionsIn);
    const type = interfaceTypeName(typeClass, 'srv');
    this.#alive('create service');
    const { port, nodeId, loggerName } = this.#entities;
    const service = new Service(port, type, callback as ServiceCallback, options, loggerName);
    const created = port.createService(
      { node: nodeId, type, service: serviceName, qos: options.qos, plainArrays: options.enableTypedArray === false },
      service.serve,
    );
    return this.#entities.own(service.created(created.id, created.service));
  }
}
