import type { Message } from './plainMessages.js';

/**
 * The seam where a type name becomes a definition. Today messages are plain objects without
 * definitions: a new message is empty and a bare value published on a wrapper type (rclnodejs
 * lets `publish('text')` fill `data`) is wrapped. Definitions, defaults and validation plug in
 * here without the rcl layer changing.
 */
export interface TypeSupport {
  /** An empty message of the type (what `response.template` and message factories return). */
  createMessage(typeName: string): Message;
  /** Turns what user code passed to publish/send into the message object to deliver. */
  toMessage(typeName: string, value: unknown): Message;
}

export class PlainTypeSupport implements TypeSupport {
  createMessage(): Message {
    return {};
  }

  toMessage(typeName: string, value: unknown): Message {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Message;
    if (value === undefined || value === null) throw new TypeError(`cannot send ${String(value)} as ${typeName}`);
    return { data: value };
  }
}
