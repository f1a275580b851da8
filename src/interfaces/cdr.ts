import { MessageReader, MessageWriter } from '@foxglove/rosmsg2-serialization';
import type { MessageType } from './MessageType.js';
import type { Message } from './plainMessages.js';

const writers = new WeakMap<MessageType, MessageWriter>();
const readers = new WeakMap<MessageType, MessageReader>();

/**
 * CDR, as ROS 2 puts messages on the wire and in bags (through @foxglove/rosmsg2-serialization),
 * with one reader and writer per type. `message` must already be normalized (see MessageType).
 */
export function serializeMessage(type: MessageType, message: Message): Buffer {
  let writer = writers.get(type);
  if (writer === undefined) {
    writer = new MessageWriter(type.definitions());
    writers.set(type, writer);
  }
  const bytes = writer.writeMessage(message);
  // The writer's fresh array, as a Buffer without a copy.
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function deserializeMessage(type: MessageType, bytes: ArrayBufferView): Message {
  let reader = readers.get(type);
  if (reader === undefined) {
    reader = new MessageReader(type.definitions());
    readers.set(type, reader);
  }
  return reader.readMessage(bytes) as Message;
}
