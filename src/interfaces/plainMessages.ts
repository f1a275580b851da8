/**
 * Messages are plain objects shaped like rclnodejs's (bigint for 64-bit integers, typed arrays
 * for numeric arrays). This copies them without knowing their type (MessageType digests them).
 */

export type Message = Record<string, unknown>;

export function cloneMessage<T>(value: T): T {
  return cloneValue(value) as T;
}

function cloneValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy = new Array(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = cloneValue(value[i]);
    return copy;
  }
  if (ArrayBuffer.isView(value)) {
    if (Buffer.isBuffer(value)) return Buffer.from(value);
    return (value as unknown as { slice(): unknown }).slice();
  }
  const copy: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    copy[key] = cloneValue((value as Record<string, unknown>)[key]);
  }
  return copy;
}
