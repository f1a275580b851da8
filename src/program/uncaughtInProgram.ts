import type { UncaughtOrigin } from '../base/runErrors.js';
import { ProgramErrorListeners } from '../compat/ProgramErrorListeners.js';
import type { WirePort } from '../port/WirePort.js';

/** How an in-process failure of each origin is named (job/runJob.ts). */
const LABELS: Record<UncaughtOrigin, (program: string) => string> = {
  unhandledRejection: (program) => `a promise of ${program} without a rejection handler`,
  uncaughtException: () => 'code outside any callback',
};

/**
 * A separate program's promise that rejects with nothing to handle it, or code outside any
 * callback that throws, fails the callback or continuations under way, as in-process (one line,
 * exit code 3, or 2 for bad input the program met), instead of taking the process down with
 * Node.js's report. The program's own listeners (installed after these) take it instead, as
 * they would in Node.js.
 */
export function watchUncaught(port: WirePort): void {
  const watch = (origin: UncaughtOrigin) => (error: unknown) => {
    if (programListeners.listeners(origin).length === 0) port.codeFailed(LABELS[origin], error);
  };
  process.on('unhandledRejection', watch('unhandledRejection'));
  process.on('uncaughtException', watch('uncaughtException'));
  const programListeners = new ProgramErrorListeners();
}
