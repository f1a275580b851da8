/** How far a chain of causes is followed: a user's error may make one of any length. */
const MAX_CAUSES = 16;

/**
 * An error and its causes (`error.cause`, and on), as far as they can be read: user code may
 * have made `cause` a getter that throws, or a cycle.
 */
export function causesOf(error: unknown): unknown[] {
  const chain: unknown[] = [error];
  try {
    for (let e = error; chain.length < MAX_CAUSES && e instanceof Error; ) {
      e = e.cause;
      if (e === undefined || chain.includes(e)) break;
      chain.push(e);
    }
  } catch {
    // What was read so far is the chain.
  }
  return chain;
}
