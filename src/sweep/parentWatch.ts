import { Socket } from 'node:net';
import { workerData } from 'node:worker_threads';

/**
 * A thread of a sweep worker process (sweepWorker.ts) that ends the process when its
 * coordinator's process ends, however it ends: also by SIGKILL, which leaves the coordinator no
 * say. The coordinator holds the other end of a socket on fd `workerData` and never writes to
 * it; the kernel closes that end with the coordinator's process, and this end reads the close at
 * once. On a thread of its own because the worker's main thread may be stuck in a run's callback
 * that never returns, where no 'disconnect' or signal handler of it would run.
 */
new Socket({ fd: workerData as number, readable: true, writable: false })
  // Its close is all it says ('error' is followed by 'close').
  .on('error', () => {})
  .once('close', () => process.kill(process.pid, 'SIGKILL'))
  .resume();
