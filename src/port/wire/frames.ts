/**
 * The node protocol's framing (docs/node-protocol.md, "The stream"): every message is a varint
 * length and that many bytes, as protobuf's delimited streams write them. Both sides read with
 * plain read(2)s, which cut the stream anywhere: a frame may come in pieces, several in one read.
 */
import { OutOfProtocol } from './OutOfProtocol.js';

/** A longer length is a broken stream, not a message (a varint of 5 bytes reaches 2^35). */
export const MAX_FRAME_BYTES = 2 ** 30;

/** The varint that precedes a message of `length` bytes. */
export function frameHeader(length: number): Buffer {
  const bytes: number[] = [];
  let rest = length;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}

/**
 * What is left to write of `parts` after a write(2) took `written` bytes of them: a socket takes
 * what fits in its buffer, so a large message goes out in several writes.
 */
export function unwritten(parts: Uint8Array[], written: number): Uint8Array[] {
  let rest = written;
  let first = 0;
  while (first < parts.length && rest >= parts[first]!.length) rest -= parts[first++]!.length;
  if (first === parts.length) return [];
  return [parts[first]!.subarray(rest), ...parts.slice(first + 1)];
}

/** Where a frame is: its body is `bytes` from `from` to `end` (a Buffer, so that its `bytes` fields decode as views of it). */
export interface FrameSpan {
  bytes: Buffer;
  from: number;
  end: number;
}

/**
 * Cuts the bytes read into whole frames. Each body is never overwritten: decoded `bytes` fields
 * are views of it. It is a fresh buffer, as a caller reuses its read buffer, or a span of bytes
 * handed over for good (no view made for it: a typed array made per message was a measurable
 * part of an in-process callback).
 */
export class FrameReader {
  /** Whole frames not yet taken, from `#head` on (a queue without Array.shift's copying): each its buffer, then where it starts and ends in it. */
  #frames: (Buffer | number)[] = [];
  #head = 0;
  /** The frame being filled, and how many of its bytes have come. */
  #body: Buffer | null = null;
  #filled = 0;
  /** The length varint read so far: a read may end inside it. */
  #length = 0;
  #lengthBytes = 0;
  /** What the length's next byte counts for (2 ** (7 * #lengthBytes): a multiply, not Math.pow, per frame). */
  #scale = 1;

  /**
   * Takes bytes as read, those of `bytes` from `from` to `end`; throws OutOfProtocol on a length no
   * message has. `handedOver`: the caller never writes those bytes again (the in-process link's,
   * fresh from the addon), so a frame wholly inside them is taken as a span of them instead of a copy.
   */
  push(bytes: Uint8Array, handedOver = false, from = 0, end = bytes.length): void {
    const own = handedOver && Buffer.isBuffer(bytes);
    let at = from;
    while (at < end) {
      let body = this.#body;
      if (body === null) {
        const byte = bytes[at++]!;
        this.#length += (byte & 0x7f) * this.#scale;
        this.#scale *= 0x80;
        this.#lengthBytes++;
        if (byte & 0x80) {
          if (this.#lengthBytes === 5) throw new OutOfProtocol('a message length of more than 5 bytes: the stream is broken');
          continue;
        }
        if (this.#length > MAX_FRAME_BYTES) throw new OutOfProtocol(`a message of ${this.#length} bytes, more than the ${MAX_FRAME_BYTES} the protocol allows`);
        const length = this.#length;
        this.#length = this.#lengthBytes = 0;
        this.#scale = 1;
        if (own && end - at >= length) {
          this.#queue(bytes as Buffer, at, at + length);
          at += length;
          continue;
        }
        body = this.#body = Buffer.allocUnsafe(length);
        this.#filled = 0;
      }
      const taken = Math.min(end - at, body.length - this.#filled);
      body.set(bytes.subarray(at, at + taken), this.#filled);
      at += taken;
      this.#filled += taken;
      if (this.#filled === body.length) {
        this.#queue(body, 0, body.length);
        this.#body = null;
      }
    }
  }

  #queue(bytes: Buffer, from: number, end: number): void {
    this.#frames.push(bytes, from, end);
  }

  /** What has come of a frame not whole yet, in words ("5 of a message's 268435440 bytes"); null between frames. */
  unfinished(): string | null {
    if (this.#body !== null) return `${this.#filled} of a message's ${this.#body.length} bytes`;
    return this.#lengthBytes === 0 ? null : `${this.#lengthBytes} bytes of a message's length`;
  }

  /** Sets `span` to the next whole frame; false until one has come. */
  nextSpan(span: FrameSpan): boolean {
    const frames = this.#frames;
    const head = this.#head;
    if (head === frames.length) return false;
    span.bytes = frames[head] as Buffer;
    span.from = frames[head + 1] as number;
    span.end = frames[head + 2] as number;
    this.#head = head + 3;
    if (this.#head === frames.length) {
      this.#frames = [];
      this.#head = 0;
    }
    return true;
  }

  /** The next whole frame's body, or undefined until one has come. */
  next(): Buffer | undefined {
    const span = NEXT;
    if (!this.nextSpan(span)) return undefined;
    return span.from === 0 && span.end === span.bytes.length ? span.bytes : span.bytes.subarray(span.from, span.end);
  }
}

const NEXT: FrameSpan = { bytes: Buffer.alloc(0), from: 0, end: 0 };
