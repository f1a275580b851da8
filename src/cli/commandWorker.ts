import { writeSync } from 'node:fs';
import { constants } from 'node:os';
import { workerData } from 'node:worker_threads';
import { heed } from '../base/interruption.js';
import { InterruptedError } from '../base/runErrors.js';

/**
 * The thread of a command's synchronous work (commandThread.ts): it calls the function and ends
 * with its exit code; an interruption that stopped it is one line and 128 + the signal, as a
 * shell reports a process the signal killed (130, 143).
 */
const { module, name, args, interruption } = workerData as { module: string; name: string; args: unknown[]; interruption: SharedArrayBuffer };
heed(interruption);
let code: number;
try {
  code = ((await import(module)) as Record<string, (...given: unknown[]) => number>)[name]!(...args);
} catch (error) {
  if (!(error instanceof InterruptedError)) throw error;
  // Written at once, as what the children wrote on the same stderr was.
  writeSync(2, `rclsim: ${error.message}\n`);
  code = 128 + constants.signals[error.signal];
}
// A worker's stdout and stderr reach the process through the main thread: what was written is lost if the thread ends first.
const handedOver = (stream: NodeJS.WriteStream): Promise<void> => new Promise((resolve) => stream.write('', () => resolve()));
await Promise.all([handedOver(process.stdout), handedOver(process.stderr)]);
process.exit(code);
