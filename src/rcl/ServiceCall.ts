import { cloneMessage, digestMessage, type Message } from '../interfaces/plainMessages.js';
import type { Simulation } from './Simulation.js';

/** A request or response in a service or client buffer: a private copy and its digest. */
export interface ServiceCall {
  readonly message: Message;
  readonly digestLo: number;
  readonly digestHi: number;
  readonly sequence: number;
}

/** Snapshots what user code sent, so later mutation cannot reach the receiver. */
export function snapshotCall(simulation: Simulation, message: Message, sequence: number): ServiceCall {
  const copy = cloneMessage(message);
  if (!simulation.engine.fingerprintEnabled) return { message: copy, digestLo: 0, digestHi: 0, sequence };
  const hash = digestMessage(copy, simulation.messageHash);
  return { message: copy, digestLo: hash.digestLo, digestHi: hash.digestHi, sequence };
}
