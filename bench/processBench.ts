/**
 * What a program in its own process costs on this machine before any protocol: a bare round trip
 * of 4 bytes over a socket pair that is not the child's stdio, and the time from spawn to the
 * child's first message. The parent reads the socket directly, as rclsim's run thread does while
 * it awaits an answer (network/external/NetsimConnection.ts polls the same way).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readSync, writeSync } from 'node:fs';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { median } from './measure.js';

const CHILD = new URL('transportChild.js', import.meta.url).pathname;

/** How the child waits for the next message. */
export type ChildWait = 'blocked' | 'event-loop';

interface Started {
  child: ChildProcess;
  fd: number;
  /** Wall ms from spawn to the child's hello. */
  helloMs: number;
}

const buffer = Buffer.alloc(4096);

/** Reads the socket until something arrives (it is non-blocking: EAGAIN while empty). */
function pollRead(fd: number): number {
  for (;;) {
    try {
      const n = readSync(fd, buffer, 0, buffer.length, null);
      if (n > 0) return n;
      throw new Error('the child closed its socket');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
  }
}

function start(wait: ChildWait): Started {
  const started = performance.now();
  const child = spawn(process.execPath, [CHILD, wait], { stdio: ['ignore', 'inherit', 'inherit', 'pipe'] });
  // Node keeps a socket's descriptor on its handle (Unix); nothing documented gives it.
  const fd = (child.stdio[3] as Socket & { _handle: { fd: number } })._handle.fd;
  pollRead(fd);
  return { child, fd, helloMs: performance.now() - started };
}

/** Median µs of a 4-byte round trip (parent writes, polls for the echo), over `batches` batches of `perBatch`. */
export function roundTripMicros(wait: ChildWait, perBatch = 20_000, batches = 5): number {
  const { child, fd } = start(wait);
  const message = Buffer.from([1, 2, 3, 4]);
  try {
    for (let i = 0; i < 2000; i++) {
      writeSync(fd, message);
      pollRead(fd);
    }
    const times: number[] = [];
    for (let b = 0; b < batches; b++) {
      const begun = performance.now();
      for (let i = 0; i < perBatch; i++) {
        writeSync(fd, message);
        pollRead(fd);
      }
      times.push(((performance.now() - begun) * 1000) / perBatch);
    }
    return median(times);
  } finally {
    child.kill('SIGKILL');
  }
}

/** Median wall ms from spawn to the child's hello, and of `node -e 0` for reference, over `repeats` starts. */
export function spawnMillis(repeats = 7): { toHello: number; bareNode: number } {
  const hello: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const started = start('blocked');
    started.child.kill('SIGKILL');
    hello.push(started.helloMs);
    const begun = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    bare.push(performance.now() - begun);
  }
  return { toHello: median(hello), bareNode: median(bare) };
}
