import type { MessageType } from '../interfaces/MessageType.js';
import type { Message } from '../interfaces/plainMessages.js';
import type { Simulation } from './Simulation.js';

/** A request or response in a service or client buffer: a private copy and its digest. */
export interface ServiceCall {
  readonly message: Message;
  readonly digestLo: number;
  readonly digestHi: number;
  readonly sequence: number;
}

/** A request or response of `type` on its way, with its digest; `message` must be a private copy. */
export function makeCall(simulation: Simulation, type: MessageType, message: Message, sequence: number): ServiceCall {
  if (!simulation.engine.fingerprintEnabled) return { message, digestLo: 0, digestHi: 0, sequence };
  const hash = type.digest(message, simulation.messageHash);
  return { message, digestLo: hash.digestLo, digestHi: hash.digestHi, sequence };
}
