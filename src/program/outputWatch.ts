/**
 * Whether a separate program wrote to its stdout or stderr (Done.wrote_output): the simulation
 * reads its output pipes only then. What is written around Node's streams (a native addon, V8's
 * report of an abort) is read when the simulation waits or the process ends.
 */
let wrote = false;

export function watchOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    // Every write is done when it returns, as in-process: Node writes to a full pipe later, from
    // the event loop, which this process turns only when a callback awaits, and process.exit
    // drops what waits (all but ~3,500 of 50,000 lines written in one callback were lost). The
    // simulation reads the pipes while it waits for the program, so a full pipe only waits for it.
    (stream as unknown as { _handle?: { setBlocking?(on: boolean): number } })._handle?.setBlocking?.(true);
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
