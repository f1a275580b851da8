/**
 * Whether a separate program wrote to its stdout or stderr (Done.wrote_output): the simulation
 * reads its output pipes only then. What is written around Node's streams (a native addon, V8's
 * report of an abort) is read when the simulation waits or the process ends.
 */
let wrote = false;

export function watchOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write;
    stream.write = function (this: NodeJS.WriteStream, ...args: unknown[]): boolean {
      wrote = true;
      return (write as (...args: unknown[]) => boolean).apply(this, args);
    } as typeof stream.write;
  }
}

/** Whether output was written since the last call. */
export function takeWroteOutput(): boolean {
  const was = wrote;
  wrote = false;
  return was;
}
