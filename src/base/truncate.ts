/**
 * Shortens an array to `length`, keeping its storage. `array.length = 0` gives a V8 array a new,
 * empty store, which its next push allocates again: on a list filled and emptied for every
 * callback, that is garbage for every callback.
 */
export function truncate(array: unknown[], length = 0): void {
  while (array.length > length) array.pop();
}
