import { existsSync } from 'node:fs';
import { compareTraces, formatDivergence } from '../job/traceDiff.js';
import { ExitCode } from './exitCodes.js';

/** `rclsim diff A B`: 0 when the traces agree, 1 with the first divergence, 2 when unreadable. */
export async function diff(a: string, b: string, context: number): Promise<number> {
  for (const path of [a, b]) {
    if (!existsSync(path)) {
      process.stderr.write(`rclsim: ${path}: no such trace file\n`);
      return ExitCode.badInput;
    }
  }
  const comparison = await compareTraces(a, b, context);
  if (comparison.identical) {
    process.stdout.write(`traces are identical (${comparison.callbacks} callbacks)\n`);
    return ExitCode.ok;
  }
  process.stdout.write(`${formatDivergence(comparison, a, b)}\n`);
  return ExitCode.tracesDiffer;
}
