/**
 * Bytes a run allocated, from V8's collector trace (`--trace-gc-nvp`): each collection prints
 * what was allocated since the one before, so the sum over the collections between two full
 * ones that bracket the run is what the run allocated. Only the main isolate's lines count (a
 * module loader's thread has one of its own).
 */
export const RUN_BEGINS = 'rclsim-costs: run begins';
export const RUN_ENDS = 'rclsim-costs: run ends';

export function allocatedInRun(output: string): number {
  const lines = output.split('\n');
  const begins = lines.indexOf(RUN_BEGINS);
  const ends = lines.indexOf(RUN_ENDS);
  if (begins < 0 || ends < begins) throw new Error(`no '${RUN_BEGINS}' … '${RUN_ENDS}' in the workload's output`);
  const traced = lines.slice(begins + 1, ends).filter((line) => line.includes(' allocated='));
  // The full collection just before the end marker is the main isolate's: its address names it.
  const isolate = /^\[\d+:(0x[0-9a-f]+)\]/.exec(traced.at(-1) ?? '')?.[1];
  if (isolate === undefined) throw new Error('no collection traced in the run (was --trace-gc-nvp given?)');
  let bytes = 0;
  for (const line of traced) if (line.includes(`:${isolate}]`)) bytes += Number(/ allocated=(\d+)/.exec(line)![1]);
  return bytes;
}
