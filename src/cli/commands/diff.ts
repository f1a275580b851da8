import { ExitCode } from '../../job/exitCodes.js';
import { compareTraces, formatDivergence, TraceFileError } from '../../job/traceDiff.js';

/** `rclsim diff A B`: 0 when the traces agree, 1 with the first divergence, 2 when one is no trace. */
export function diff(a: string, b: string, context: number): number {
  let comparison: ReturnType<typeof compareTraces>;
  try {
    comparison = compareTraces(a, b, context);
  } catch (error) {
    if (!(error instanceof TraceFileError)) throw error;
    process.stderr.write(`rclsim: ${error.message}\n`);
    return ExitCode.badInput;
  }
  if (comparison.identical) {
    process.stdout.write(`traces are identical (${comparison.callbacks} callbacks, ${comparison.outputs} outputs)\n`);
    return ExitCode.ok;
  }
  process.stdout.write(`${formatDivergence(comparison, a, b)}\n`);
  return ExitCode.tracesDiffer;
}
