import type { Message } from '../interfaces/plainMessages.js';

/**
 * One published message on its way to subscriptions. The message is the publisher's private
 * snapshot; `pending` counts the subscription buffers that still hold the sample, so the last
 * one to take it can have the snapshot itself instead of another copy.
 */
export interface Sample {
  readonly message: Message;
  readonly digestLo: number;
  readonly digestHi: number;
  /** Sim time the message was published. */
  readonly sourceTimestamp: bigint;
  readonly publicationSequenceNumber: number;
  readonly publisherGid: Buffer;
  /** The CDR bytes, once someone needed them (a raw subscription, a raw publish). */
  raw?: Buffer;
  /** Kept by a TRANSIENT_LOCAL publisher for late subscriptions: never handed out uncopied. */
  retained: boolean;
  pending: number;
}
