/**
 * A reader of rclsim's stdout or stderr that goes away (`rclsim exec prog.js | head`) is no
 * failure (docs/cli.md "A reader that goes away"): once a write to the stream gets EPIPE, nothing
 * more is written to it, and the command goes on to its end — a run finishes its trace,
 * recordings and report — with its own exit code. What a thread still writes there (a run's
 * thread, whose stdout and stderr Node pipes into this thread's, a separate or Python program's
 * output with them) is read and dropped, so that the thread never waits for a reader.
 */
export function dropOutputOfGoneReaders(): void {
  for (const stream of [process.stdout, process.stderr]) {
    const sources = new Set<NodeJS.ReadableStream>();
    stream.on('pipe', (source: NodeJS.ReadableStream) => {
      sources.add(source);
      source.once('end', () => sources.delete(source));
    });
    let gone = false;
    stream.on('error', (error: NodeJS.ErrnoException) => {
      // Another error is not a reader that went away: it fails as it did without this listener.
      if (error.code !== 'EPIPE') throw error;
      if (gone) return;
      gone = true;
      // A standard stream is never destroyed (Node retries every write): writes end here.
      stream.write = dropped;
      // Node unpiped them when the stream failed.
      for (const source of sources) source.resume();
    });
  }
}

/** Writable#write for a stream whose reader is gone: nothing is written, the callback is called. */
function dropped(_chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
  const done = typeof encoding === 'function' ? encoding : callback;
  if (typeof done === 'function') process.nextTick(done as () => void);
  return true;
}
