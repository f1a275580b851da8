import { performance } from 'node:perf_hooks';

/** Median of repeated measurements: these machines are shared and noisy. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Wall seconds of `work`, measured with the real monotonic clock. */
export async function seconds(work: () => unknown): Promise<number> {
  const start = performance.now();
  await work();
  return (performance.now() - start) / 1000;
}

/** `value` to `digits` decimals, for figures in a table (NaN and infinities as they are). */
export function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** The JSON summary an rclsim command prints as its last stdout line (a program's own output comes before it). */
export function summaryOf<T>(stdout: string): T {
  return JSON.parse(stdout.trim().split('\n').pop() as string) as T;
}
