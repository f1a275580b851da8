/**
 * ROS 2 primitive types as rclnodejs represents them: 64-bit integers as bigint, other numbers
 * as number, numeric arrays as typed arrays (bool and string arrays as plain arrays).
 */
export type TypedArrayConstructor =
  | Int8ArrayConstructor
  | Uint8ArrayConstructor
  | Int16ArrayConstructor
  | Uint16ArrayConstructor
  | Int32ArrayConstructor
  | Uint32ArrayConstructor
  | BigInt64ArrayConstructor
  | BigUint64ArrayConstructor
  | Float32ArrayConstructor
  | Float64ArrayConstructor;

export interface Primitive {
  /** 'integer' (number), 'bigint', 'float', 'bool', 'string'. */
  kind: 'integer' | 'bigint' | 'float' | 'bool' | 'string';
  min?: number | bigint;
  max?: number | bigint;
  /** The typed array rclnodejs uses for arrays of this type. */
  array?: TypedArrayConstructor;
}

const integer = (min: number, max: number, array: TypedArrayConstructor): Primitive => ({ kind: 'integer', min, max, array });

export const PRIMITIVES: Record<string, Primitive> = {
  bool: { kind: 'bool' },
  byte: integer(0, 255, Uint8Array),
  char: integer(0, 255, Uint8Array),
  int8: integer(-128, 127, Int8Array),
  uint8: integer(0, 255, Uint8Array),
  int16: integer(-32768, 32767, Int16Array),
  uint16: integer(0, 65535, Uint16Array),
  int32: integer(-2147483648, 2147483647, Int32Array),
  uint32: integer(0, 4294967295, Uint32Array),
  int64: { kind: 'bigint', min: -(2n ** 63n), max: 2n ** 63n - 1n, array: BigInt64Array },
  uint64: { kind: 'bigint', min: 0n, max: 2n ** 64n - 1n, array: BigUint64Array },
  float32: { kind: 'float', array: Float32Array },
  float64: { kind: 'float', array: Float64Array },
  string: { kind: 'string' },
  wstring: { kind: 'string' },
};

export function primitiveDefault(primitive: Primitive): unknown {
  switch (primitive.kind) {
    case 'bool':
      return false;
    case 'string':
      return '';
    case 'bigint':
      return 0n;
    default:
      return 0;
  }
}

/** A typed array (a numeric array field's value), as opposed to a DataView or a plain array. */
export function isTypedArray(value: unknown): value is ArrayLike<unknown> & ArrayBufferView {
  return ArrayBuffer.isView(value) && !(value instanceof DataView);
}
