import { type AsyncHook, createHook } from 'node:async_hooks';
import { realSetTimeout, wallClock } from '../base/realTime.js';
import { formatSimTime } from '../base/runErrors.js';
import type { Simulation } from '../sim/Simulation.js';
import { VirtualGlobals } from './VirtualGlobals.js';

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
 * Real requests a program may be waiting for, as process.getActiveResourcesInfo() names them:
 * finite operations (files, their handles' closing, name lookups), unlike servers and sockets,
 * which may stay open for ever.
 */
const REQUESTS = new Set(['FSReqCallback', 'FSReqPromise', 'CloseReq', 'GetAddrInfoReqWrap', 'GetNameInfoReqWrap']);
/** How long a run with nothing left to simulate waits for real work that does not end, ms. */
const LONGEST_WAIT_MS = 60_000;

/** Requests in flight, and message ports kept open (an import waits on the module hooks' thread through one). */
function activeResources(): { requests: string[]; ports: number } {
  const active = process.getActiveResourcesInfo();
  return { requests: active.filter((kind) => REQUESTS.has(kind)), ports: active.filter((kind) => kind === 'MessagePort').length };
}

/**
 * docs/design.md#determinism-rules, rule 4: real asynchronous I/O started from a callback completes when the machine
 * says, so its effects cannot be ordered. This watches for it while a run lasts and records one
 * warning per callback and kind of I/O, naming the callback (and its node) and the sim time.
 */
export class RealIoDetector {
  readonly #simulation: Simulation;
  readonly #reported = new Set<string>();
  #hook: AsyncHook | null = null;
  /** Message ports open before the run (the run's thread's own). */
  #ports = 0;
  /** When the current wait for real work began (wall clock, ms; -1: none). */
  #waitingSince = -1;

  constructor(simulation: Simulation) {
    this.#simulation = simulation;
  }

  enable(): void {
    // stdout and stderr open their pipes lazily: open them now, not inside a callback.
    void process.stdout.writable;
    void process.stderr.writable;
    this.#ports = activeResources().ports;
    const engine = this.#simulation.engine;
    this.#hook = createHook({
      init: (_id, type) => {
        const executing = engine.executing;
        // A loader's own I/O (tsx writing its cache) is not the program's.
        if (executing === null || !REAL_IO.has(type) || VirtualGlobals.loading) return;
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

  /**
   * What a run with nothing left to simulate waits for (Engine#whenIdle), as Node.js would not
   * exit while it is in flight: a program reading a file or importing a module, looked at again
   * every millisecond; null when there is none — or, with a warning, after a minute of it.
   */
  inFlight(): Promise<void> | null {
    const { requests, ports } = activeResources();
    if (requests.length === 0 && ports <= this.#ports) {
      this.#waitingSince = -1;
      return null;
    }
    const now = wallClock();
    if (this.#waitingSince < 0) this.#waitingSince = now;
    else if (now - this.#waitingSince > LONGEST_WAIT_MS) {
      this.#waitingSince = -1;
      const what = requests.length > 0 ? [...new Set(requests)].join(', ') : 'an import';
      this.#simulation.warn(
        `nothing was left to simulate at sim time ${formatSimTime(this.#simulation.engine.nowAbs)} while real work (${what}) had been in flight for ${LONGEST_WAIT_MS / 1000} s; the run did not wait longer`,
      );
      return null;
    }
    return new Promise((resolve) => realSetTimeout(resolve, 1));
  }

  disable(): void {
    this.#hook?.disable();
    this.#hook = null;
  }
}
