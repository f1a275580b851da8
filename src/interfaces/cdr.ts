import { createRequire } from 'node:module';
import type { MessageReader as Reader, MessageWriter as Writer } from '@foxglove/rosmsg2-serialization';
import type { MessageType } from './MessageType.js';
import type { Message } from './plainMessages.js';

// Required, not imported: Node's import of a CommonJS package costs several times its require,
// and every run loads these (a cold `rclsim run` starts faster).
const require = createRequire(import.meta.url);
const { CdrWriter } = require('@foxglove/cdr') as typeof import('@foxglove/cdr');
const { MessageReader, MessageWriter } = require('@foxglove/rosmsg2-serialization') as typeof import('@foxglove/rosmsg2-serialization');

/** The parts of @foxglove/cdr's writer that writing a string uses. */
interface CdrWriterInternals {
  buffer: ArrayBuffer;
  view: DataView;
  offset: number;
  resizeIfNeeded(size: number): void;
  uint32(value: number): unknown;
}

const utf8 = new TextEncoder();

/**
 * CDR strings are UTF-8 and their length prefix counts bytes (plus the terminating zero), but
 * @foxglove/cdr's writer (3.5) counts UTF-16 units, which cuts every non-ASCII string short.
 * Its message writer grows the buffer as a write needs, so a correct `string` is all it takes;
 * replaced once, for every writer of the process (the reader decodes UTF-8 correctly).
 */
Object.defineProperty(CdrWriter.prototype, 'string', {
  configurable: true,
  writable: true,
  value: function string(this: CdrWriterInternals, value: string, writeLength = true): CdrWriterInternals {
    const length = Buffer.byteLength(value, 'utf8');
    if (writeLength) this.uint32(length + 1);
    this.resizeIfNeeded(length + 1);
    utf8.encodeInto(value, new Uint8Array(this.buffer, this.offset, length));
    this.view.setUint8(this.offset + length, 0);
    this.offset += length + 1;
    return this;
  },
});

const writers = new WeakMap<MessageType, Writer>();
const readers = new WeakMap<MessageType, Reader>();

/**
 * CDR, as ROS 2 puts messages on the wire and in bags (through @foxglove/rosmsg2-serialization),
 * with one reader and writer per type. `message` must already be normalized (see MessageType).
 */
function writerOf(type: MessageType): Writer {
  let writer = writers.get(type);
  if (writer === undefined) {
    writer = new MessageWriter(type.definitions());
    writers.set(type, writer);
  }
  return writer;
}

export function serializeMessage(type: MessageType, message: Message): Buffer {
  const form = type.encodedForm;
  const bytes = writerOf(type).writeMessage(form === null ? message : form(message));
  // The writer's fresh array, as a Buffer without a copy.
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The length of a message's CDR serialization (with its encapsulation header), without writing it. */
export function serializedSize(type: MessageType, message: Message): number {
  const form = type.encodedForm;
  return writerOf(type).calculateByteSize(form === null ? message : form(message));
}

export function deserializeMessage(type: MessageType, bytes: ArrayBufferView): Message {
  let reader = readers.get(type);
  if (reader === undefined) {
    reader = new MessageReader(type.definitions());
    readers.set(type, reader);
  }
  const message = reader.readMessage(bytes) as Message;
  type.decodedFixup?.(message);
  return message;
}
