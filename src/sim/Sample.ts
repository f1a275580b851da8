import type { Message } from '../interfaces/plainMessages.js';

/**
 * One published message on its way to subscriptions. The message is the publisher's private
 * snapshot; `pending` counts the subscription buffers that still hold the sample, so the last
 * one to take it can have the snapshot itself instead of another copy. A class, so that every
 * sample has one shape on the path of every delivery.
 */
export class Sample {
  /**
   * The message, or until something needs it the function that decodes it from `raw`: one field
   * for both, so that a sample is no larger than before (the JavaScript graph's bytes per callback).
   */
  #message: Message | null | ((raw: Buffer) => Message | null);
  readonly digestLo: number;
  readonly digestHi: number;
  /** Sim time the message was published. */
  readonly sourceTimestamp: bigint;
  /** The sim time of the publish as the engine counts it (ns from the start; 0 before it), for reports. */
  readonly publishedAt: number;
  readonly publicationSequenceNumber: number;
  readonly publisherGid: Buffer;
  /** The CDR bytes, once someone needed them (a raw subscription, a raw publish). */
  raw: Buffer | undefined;
  /** Kept by a TRANSIENT_LOCAL publisher for late subscriptions: never handed out uncopied. */
  readonly retained: boolean;
  pending = 0;

  /**
   * `message` undefined: CDR bytes known to be a message of the type (`raw`), which `decode` makes
   * into the message the first time something needs it (a JavaScript subscription, a check, a
   * recorder's watcher): a program's publish to programs alone is never decoded.
   */
  constructor(
    message: Message | null | undefined,
    decode: ((raw: Buffer) => Message | null) | null,
    digest: { digestLo: number; digestHi: number } | null,
    sourceTimestamp: bigint,
    publishedAt: number,
    publicationSequenceNumber: number,
    publisherGid: Buffer,
    retained: boolean,
    raw: Buffer | undefined,
  ) {
    this.#message = message === undefined ? decode! : message;
    this.digestLo = digest === null ? 0 : digest.digestLo;
    this.digestHi = digest === null ? 0 : digest.digestHi;
    this.sourceTimestamp = sourceTimestamp;
    this.publishedAt = publishedAt;
    this.publicationSequenceNumber = publicationSequenceNumber;
    this.publisherGid = publisherGid;
    this.retained = retained;
    this.raw = raw;
  }

  /** Null for raw bytes published that are no message of the type: only raw subscriptions get them. */
  get message(): Message | null {
    const message = this.#message;
    if (typeof message !== 'function') return message;
    return (this.#message = message(this.raw!));
  }

  /** False for raw bytes published that are no message of the type (only raw subscriptions get them); the message is not decoded to tell. */
  get isMessage(): boolean {
    return this.#message !== null;
  }
}
