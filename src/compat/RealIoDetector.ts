import { createHook, type AsyncHook } from 'node:async_hooks';
import { formatSimTime } from '../engine/errors.js';
import type { Simulation } from '../rcl/Simulation.js';

/** Async resources that stand for real I/O (files, sockets, processes, DNS, compression). */
const REAL_IO = new Set([
  'FSREQCALLBACK',
  'FSREQPROMISE',
  'FILEHANDLE',
  'FILEHANDLECLOSEREQ',
  'FSEVENTWRAP',
  'STATWATCHER',
  'TCPWRAP',
  'TCPCONNECTWRAP',
  'TCPSERVERWRAP',
  'UDPWRAP',
  'UDPSENDWRAP',
  'PIPEWRAP',
  'PIPECONNECTWRAP',
  'PIPESERVERWRAP',
  'PROCESSWRAP',
  'GETADDRINFOREQWRAP',
  'GETNAMEINFOREQWRAP',
  'QUERYWRAP',
  'DNSCHANNEL',
  'HTTPCLIENTREQUEST',
  'HTTPINCOMINGMESSAGE',
  'TLSWRAP',
  'ZLIB',
  'WORKER',
  'SHUTDOWNWRAP',
  'WRITEWRAP',
  'HTTP2SESSION',
  'JSSTREAM',
]);

/**
 * DESIGN.md rule 4: real asynchronous I/O started from a callback completes when the machine
 * says, so its effects cannot be ordered. This watches for it while a run lasts and records one
 * warning per callback and kind of I/O, naming the callback (and its node) and the sim time.
 */
export class RealIoDetector {
  readonly #simulation: Simulation;
  readonly #reported = new Set<string>();
  #hook: AsyncHook | null = null;

  constructor(simulation: Simulation) {
    this.#simulation = simulation;
  }

  enable(): void {
    // stdout and stderr open their pipes lazily: open them now, not inside a callback.
    void process.stdout.writable;
    void process.stderr.writable;
    const engine = this.#simulation.engine;
    this.#hook = createHook({
      init: (_id, type) => {
        const executing = engine.executing;
        if (executing === null || !REAL_IO.has(type)) return;
        const key = `${executing.label}\u0000${type}`;
        if (this.#reported.has(key)) return;
        this.#reported.add(key);
        this.#simulation.warn(
          `${executing.label} started real asynchronous I/O (${type}) at sim time ${formatSimTime(engine.nowAbs)}; ` +
            `when it completes depends on the machine, so what follows from it is not deterministic`,
        );
      },
    }).enable();
  }

  disable(): void {
    this.#hook?.disable();
    this.#hook = null;
  }
}
