import type { Message } from '../interfaces/plainMessages.js';
import type { QoS, QoSProfileName } from '../ros/QoS.js';
import { ServiceIntrospectionStates } from '../ros/serviceIntrospectionStates.js';
import type { Node } from './Node.js';
import type { Publisher } from './Publisher.js';

/**
 * Service introspection (REP 2012, rcl's service_event_publisher): once configured, a client or
 * service publishes a `<Service>_Event` on `<service>/_service_event` when it sends or takes a
 * request or response — the metadata only, or with the request/response (CONTENTS).
 */
export class ServiceIntrospection {
  readonly #node: Node;
  readonly #serviceName: string;
  readonly #eventType: string;
  #publisher: Publisher | null = null;
  #state: number = ServiceIntrospectionStates.OFF;

  constructor(node: Node, serviceName: string, serviceTypeName: string) {
    this.#node = node;
    this.#serviceName = serviceName;
    this.#eventType = `${serviceTypeName}_Event`;
  }

  configure(qos: QoS | QoSProfileName | number | undefined, state: number): void {
    if (!Object.values(ServiceIntrospectionStates).includes(state as 0)) {
      throw new RangeError(`invalid service introspection state ${String(state)} (ServiceIntrospectionStates.OFF, METADATA or CONTENTS)`);
    }
    if (state === ServiceIntrospectionStates.OFF) {
      if (this.#publisher !== null) this.#node.destroyEndpoint(this.#publisher);
      this.#publisher = null;
    } else if (this.#publisher === null) {
      const options = qos === undefined || qos === null ? {} : { qos };
      this.#publisher = this.#node.createPublisher(this.#eventType, `${this.#serviceName}/_service_event`, options);
    }
    this.#state = state;
  }

  /** Publishes one event, if introspection is on. */
  event(eventType: number, clientGid: Buffer, sequence: number, request: Message | null, response: Message | null): void {
    const publisher = this.#publisher;
    if (publisher === null || publisher.isDestroyed()) return;
    const contents = this.#state === ServiceIntrospectionStates.CONTENTS;
    const { sec, nanosec } = this.#node.now().toMsg();
    publisher.publish({
      info: { event_type: eventType, stamp: { sec, nanosec }, client_gid: new Uint8Array(clientGid), sequence_number: BigInt(sequence) },
      request: contents && request !== null ? [request] : [],
      response: contents && response !== null ? [response] : [],
    });
  }
}
