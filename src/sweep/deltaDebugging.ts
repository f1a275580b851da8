/**
 * Answers which of `candidates` fails first in the order given (its index), or -1 when none does.
 * The candidates of one call are independent: a caller may test them all at once, but the answer
 * must be the first failing one by position, never by which test ended first, so that the result
 * does not depend on timing.
 */
export type FirstFailing<T> = (candidates: readonly (readonly T[])[]) => Promise<number>;

/**
 * Zeller and Hildebrandt's ddmin ("Simplifying and Isolating Failure-Inducing Input", 2002):
 * `items` fails; the result is a subset that still fails and is 1-minimal — taking out any one of
 * its items makes it pass. It splits the current set into n parts and tests, as one batch, the
 * parts, then (for n > 2) each part's complement; the first failing part becomes the set (n = 2),
 * else the first failing complement (n − 1), else n doubles; it ends when n has reached the size
 * of the set and nothing failed, that is when every set with one item less passes. The empty
 * set is never tested: the caller knows whether it fails. A set tested once is not tested again.
 */
export async function ddmin<T>(items: readonly T[], firstFailing: FirstFailing<T>): Promise<T[]> {
  // Sets by the indices of their items, so that one tested before is known by its key.
  const passed = new Set<string>();
  let current = items.map((_, index) => index);
  let n = 2;
  while (current.length >= 2) {
    const parts = split(current, n);
    // With two parts each one's complement is the other part.
    const complements = n === 2 ? [] : parts.map((_, i) => parts.flatMap((part, j) => (j === i ? [] : part)));
    const batch = [...parts, ...complements].filter((set) => !passed.has(set.join(',')));
    const failing = await firstFailing(batch.map((set) => set.map((index) => items[index]!)));
    for (const set of failing < 0 ? batch : batch.slice(0, failing)) passed.add(set.join(','));
    const found = failing < 0 ? undefined : batch[failing]!;
    if (found !== undefined && parts.includes(found)) {
      current = found;
      n = 2;
    } else if (found !== undefined) {
      current = found;
      n = Math.max(n - 1, 2);
    } else if (n < current.length) {
      n = Math.min(current.length, 2 * n);
    } else break;
  }
  return current.map((index) => items[index]!);
}

/** `set` in `n` consecutive parts whose sizes differ by one at most (the larger first). */
function split(set: readonly number[], n: number): number[][] {
  const parts: number[][] = [];
  let start = 0;
  for (let i = 0; i < n; i++) {
    const size = Math.floor(set.length / n) + (i < set.length % n ? 1 : 0);
    parts.push(set.slice(start, start + size));
    start += size;
  }
  return parts;
}
