/** A C++ float: the double rounded to float32, as a float variable or field holds it. */
export const f32 = Math.fround;

/** printf's `%f` of a double: six decimals, and C's sign on a negative zero. */
export function cFixed(value: number): string {
  return Object.is(value, -0) ? '-0.000000' : value.toFixed(6);
}
