/**
 * The step of an output after `step`, for one of period `periodNs` on steps of `stepNs`: the n-th
 * output is due at n periods after the start, and comes at the first step at or after that time
 * (n ≥ 1); at most one output a step. Exact integers: no rounding drifts over a long run.
 */
export function nextOutputStep(step: number, periodNs: number, stepNs: number): number {
  const period = BigInt(periodNs);
  const size = BigInt(stepNs);
  const n = (BigInt(step) * size) / period + 1n;
  return Number((n * period + size - 1n) / size);
}
