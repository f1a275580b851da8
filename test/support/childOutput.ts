import type { ChildProcess } from 'node:child_process';

/**
 * What `child` wrote to its `stream` until `done` holds of it (a line a run prints once it is
 * under way). A child that ends or cannot start first fails the wait at once, with its exit and
 * what it wrote: a test never waits on a dead child (the file would hang until the suite's end).
 */
export function outputUntil(child: ChildProcess, stream: 'stdout' | 'stderr', done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const read = (chunk: Buffer): void => {
      text += chunk.toString();
      if (done(text)) finish(() => resolve(text));
    };
    const ended = (code: number | null, signal: NodeJS.Signals | null): void =>
      finish(() => reject(new Error(`${child.spawnfile} ended (${signal ?? `exit ${code}`}) before it wrote what the test waits for; its ${stream}: ${text}`)));
    const failed = (error: Error): void => finish(() => reject(error));
    const finish = (settle: () => void): void => {
      child[stream]!.off('data', read);
      child.off('close', ended);
      child.off('error', failed);
      settle();
    };
    child[stream]!.on('data', read);
    child.once('close', ended);
    child.once('error', failed);
  });
}
