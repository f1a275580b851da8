import { Socket } from 'node:net';
import { STOP_GRACE_MS } from './runDeadlines.js';

/**
 * `rclsim` (main.ts, same arguments) as a child of `verify`, ending when verify's process does,
 * however it ends: also by SIGKILL, which leaves verify no say. Verify holds the other end of a
 * socket on fd 3 and never writes to it; the kernel closes that end with verify's process, and
 * this end reads its close at once. Polling process.ppid would notice late, and not at all under
 * a subreaper that is the parent's parent; an IPC channel would show the run's code a
 * process.send that `rclsim run` does not have.
 */

const stop = (): void => {
  // As SIGTERM stops `rclsim run`: at its next step, or where it is stuck, its outputs finished.
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.kill(process.pid, 'SIGKILL'), STOP_GRACE_MS).unref();
};
const parent = new Socket({ fd: 3, readable: true, writable: false });
// Its close is all it says ('error' is followed by 'close'); it must not keep the run alive.
parent
  .on('error', () => {})
  .once('close', stop)
  .resume()
  .unref();
await import('../main.js');
