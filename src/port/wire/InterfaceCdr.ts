import { deserializeMessage, serializeMessage } from '../../interfaces/cdr.js';
import type { InterfaceRegistry } from '../../interfaces/InterfaceRegistry.js';
import { Parameter } from '../../ros/Parameter.js';
import { PARAMETER_LIST } from './nodeMessages.js';

/**
 * The CDR payloads of the node protocol's own operations (parameters, their lists, descriptors
 * and results as rcl_interfaces messages), made and read by type name with the definitions of
 * the side that holds it: the simulation's, or those a program's process loaded.
 */
export class InterfaceCdr {
  readonly #interfaces: InterfaceRegistry;

  constructor(interfaces: InterfaceRegistry) {
    this.#interfaces = interfaces;
  }

  encode(typeName: string, message: unknown): Uint8Array {
    const type = this.#interfaces.message(typeName);
    return serializeMessage(type, type.toMessage(message));
  }

  decode(typeName: string, cdr: Uint8Array): Record<string, unknown> {
    return deserializeMessage(this.#interfaces.message(typeName), Buffer.from(cdr)) as Record<string, unknown>;
  }

  /** A list of parameters (PARAMETER_LIST). */
  encodeParameters(parameters: readonly Parameter[]): Uint8Array {
    return this.encode(PARAMETER_LIST, { parameters: parameters.map((parameter) => parameter.toParameterMessage()) });
  }

  decodeParameters(cdr: Uint8Array): Parameter[] {
    return (this.decode(PARAMETER_LIST, cdr).parameters as never[]).map((parameter) => Parameter.fromParameterMessage(parameter));
  }
}
