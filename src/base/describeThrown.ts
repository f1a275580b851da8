import { types } from 'node:util';

/**
 * What a thrown value says, for a message: an Error's message, any other value as text. User
 * code may throw anything — an object whose `message` getter or `toString` throws, one without
 * a prototype, a Proxy — so this never throws: what cannot be read is said to be so.
 */
export function describeThrown(value: unknown): string {
  try {
    if (!isError(value)) return String(value);
    const message: unknown = value.message;
    return typeof message === 'string' ? message : String(message);
  } catch {
    return unreadable(value);
  }
}

/** `String(value)` as Node.js logs a thrown value ("Error: boom"), or what describeThrown says of one that cannot be read. */
export function thrownAsString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return unreadable(value);
  }
}

function isError(value: unknown): value is Error {
  return types.isNativeError(value) || value instanceof Error;
}

function unreadable(value: unknown): string {
  // typeof is the one question a Proxy cannot make throw.
  const kind = typeof value === 'function' ? 'a function' : 'an object';
  return `${kind} whose message could not be read`;
}
