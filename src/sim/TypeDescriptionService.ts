import { LoggingSeverity } from '../ros/LogOutput.js';
import { Parameter, ParameterDescriptor, ParameterType } from '../ros/Parameter.js';
import type { Node } from './Node.js';

const START_PARAMETER = 'start_type_description_service';
const RIHS01 = /^RIHS01_[0-9a-fA-F]{64}$/;

/**
 * rclnodejs 2.x's TypeDescriptionService (and rclcpp's): `~/get_type_description` on Jazzy,
 * started unless the NodeOptions or the read-only `start_type_description_service` parameter say
 * no. It answers as rcl_node_type_description_service_handle_request does: by the hash alone
 * (the type name is not consulted), for types the node uses now, with the sources when asked.
 */
export class TypeDescriptionService {
  readonly #node: Node;
  readonly #enabled: boolean;
  #started = false;

  constructor(node: Node) {
    this.#node = node;
    if (!node.hasParameter(START_PARAMETER)) {
      node.declareParameter(
        new Parameter(START_PARAMETER, ParameterType.PARAMETER_BOOL, true),
        new ParameterDescriptor(START_PARAMETER, ParameterType.PARAMETER_BOOL, 'If enabled, start the ~/get_type_description service.', true),
      );
    }
    this.#enabled = node.getParameter(START_PARAMETER).value === true;
  }

  /** `RIHS01_<hex>` from a graph query's `topic_type_hash` ({ version, value }). */
  static toTypeHash(hash: { version: number; value: Uint8Array }): string {
    return `RIHS0${hash.version}_${Buffer.from(hash.value).toString('hex')}`;
  }

  get node(): Node {
    return this.#node;
  }

  start(): void {
    if (!this.#enabled || this.#started) return;
    this.#started = true;
    const node = this.#node;
    node.createService('type_description_interfaces/srv/GetTypeDescription', '~/get_type_description', undefined, (request) => {
      const failure = (reason: string): object => ({ successful: false, failure_reason: reason });
      if (!RIHS01.test(request.type_hash)) {
        node.simulation.logOutput.log(LoggingSeverity.ERROR, 'rcl', `Failed to parse type hash '${request.type_hash}'`, node.simulation.engine.nowAbs);
        return failure('Failed to parse type hash');
      }
      const described = node._typeInUse(`RIHS01_${request.type_hash.slice('RIHS01_'.length).toLowerCase()}`);
      if (described === undefined) return failure('Type not currently in use by this node');
      return {
        successful: true,
        failure_reason: '',
        type_description: described.description,
        type_sources: request.include_type_sources ? described.sources : [],
      };
    });
  }
}
