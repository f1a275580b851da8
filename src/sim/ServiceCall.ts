import { deserializeMessage, serializeMessage } from '../interfaces/cdr.js';
import { cdrDigest } from '../interfaces/cdrDigest.js';
import type { MessageType } from '../interfaces/MessageType.js';
import type { Message } from '../interfaces/plainMessages.js';
import type { Simulation } from './Simulation.js';

/** What a client's or service's callback gets of a call: the message, with typed or plain arrays, or its CDR (`isRaw`). */
export type CallForm = 'typed' | 'plain' | 'cdr';

/**
 * A request or response in a service or client buffer: a private copy and its digest. It holds a
 * message, or the CDR a program sent (a C++ or Python program's request or response), and makes
 * the other form only when something asks for it: a call between two programs is never decoded.
 */
export class ServiceCall {
  readonly #type: MessageType;
  #message: Message | undefined;
  #cdr: Uint8Array | undefined;
  readonly digestLo: number;
  readonly digestHi: number;
  readonly sequence: number;

  constructor(type: MessageType, message: Message | undefined, cdr: Uint8Array | undefined, digestLo: number, digestHi: number, sequence: number) {
    this.#type = type;
    this.#message = message;
    this.#cdr = cdr;
    this.digestLo = digestLo;
    this.digestHi = digestHi;
    this.sequence = sequence;
  }

  /** The message (decoded from the CDR the first time it is asked for). */
  get message(): Message {
    return (this.#message ??= deserializeMessage(this.#type, this.#cdr!));
  }

  /** The message as CDR (the bytes it came as, or written the first time it is asked for). */
  get cdr(): Uint8Array {
    return (this.#cdr ??= serializeMessage(this.#type, this.#message!));
  }
}

/** A request or response of `type` on its way, with its digest; `message` must be a private copy. */
export function makeCall(simulation: Simulation, type: MessageType, message: Message, sequence: number): ServiceCall {
  if (!simulation.engine.fingerprintEnabled) return new ServiceCall(type, message, undefined, 0, 0, sequence);
  const hash = type.digest(message, simulation.messageHash);
  return new ServiceCall(type, message, undefined, hash.digestLo, hash.digestHi, sequence);
}

/**
 * A request or response of `type` as CDR bytes nobody writes again (a view of a program's frame),
 * with its message's digest read from the bytes (cdrDigest: the digest `makeCall` gives its
 * message); bytes that reader does not take are decoded now, as before.
 */
export function makeCdrCall(simulation: Simulation, type: MessageType, cdr: Uint8Array, sequence: number): ServiceCall {
  if (!simulation.engine.fingerprintEnabled) return new ServiceCall(type, undefined, cdr, 0, 0, sequence);
  const hash = simulation.messageHash;
  if (cdrDigest(type, cdr, hash)) return new ServiceCall(type, undefined, cdr, hash.digestLo, hash.digestHi, sequence);
  return makeCall(simulation, type, type.toMessage(deserializeMessage(type, cdr), false, simulation.strictMessages), sequence);
}
