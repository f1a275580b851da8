/** A typed array indexed by entity id (ids are dense in a run): one compact read per lookup. */
type ById = Uint8Array<ArrayBuffer> | Int32Array<ArrayBuffer> | Float64Array<ArrayBuffer>;

/** `values`, or a copy grown (at least doubled) so that it holds index `id`; new places hold `fill`. */
export function holding<T extends ById>(values: T, id: number, fill = 0): T {
  if (id < values.length) return values;
  const grown = new (values.constructor as new (length: number) => T)(Math.max(id + 1, 2 * values.length));
  if (fill !== 0) grown.fill(fill);
  grown.set(values);
  return grown;
}
