/**
 * The simulation's end of a program in its own process (docs/design.md#node-processes,
 * docs/node-protocol.md): starts the process with a socket pair at its file descriptor 3, and
 * talks to it synchronously. The run thread sends `Run` and reads until `Done`: the step does
 * not move on while a program's callback runs, so nothing here waits on the event loop.
 *
 * A process that dies closes its end (the kernel does it, even on SIGKILL): a read or write
 * then throws ProgramGone, and `exited` tells how it ended.
 *
 * The program leads a process group (and a session) of its own, with the processes it starts:
 * a terminal's Ctrl-C is rclsim's to handle, not the program's, and every end of the program
 * (`close`, `kill`, rclsim's own death: GroupGuard) ends the whole group.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writevSync } from 'node:fs';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { guardGroup, releaseGroup } from '../../base/GroupGuard.js';
import { realAvailableParallelism, sleepWall, wallClock } from '../../base/realTime.js';
import { AdaptiveSpin } from './AdaptiveSpin.js';
import { type FdWait, fdWaitAt } from './fdWait.js';
import { FrameReader, frameHeader, unwritten } from './frames.js';
import { readHello } from './hello.js';
import {
  decodeToSimulation,
  encodeToClient,
  type Hello,
  type Outgoing,
  PROTOCOL_VERSION,
  type ProgramLink,
  prepareCodec,
  type ToClient,
  type ToSimulation,
  type Welcome,
} from './nodeMessages.js';
import { OutOfProtocol } from './OutOfProtocol.js';
import { OutputRelay } from './OutputRelay.js';
import { classifyExit, clearFatalErrorReports, exitOfDeadProcess, type ProgramExit, processEnded, withFatalErrorReports } from './programExit.js';
import { type ReadAvailable, readAvailable } from './readAvailable.js';
import { SHARED_RINGS_FD, SHARED_RINGS_VARIABLE, SharedRings } from './SharedRings.js';

/** FdWait's wait: an output pipe has bytes (or closed). */
const OUTPUT = -2;
/**
 * How long one wait in poll(2) lasts at most (wall ms): between waits this thread's JavaScript
 * runs, so a run stopped from outside stops while a program never answers (as InProcessLink).
 */
const WAIT_SLICE_MS = 50;
/**
 * A wait spins on the socket with non-blocking reads before it blocks in poll(2) (FdWait) or,
 * without rclsim's addon, sleeps between reads: an answer within it costs no wake-up.
 * Only with a CPU for the program besides this thread, else spinning takes the program's (the
 * machine's count: programs see a virtual one).
 */
const SPIN_MS = realAvailableParallelism() > 1 ? 2 : 0;
/** Then sleeps from this long, doubling up to the longest: a long callback costs no CPU here, a short one little latency. */
const FIRST_SLEEP_MS = 0.02;
const LONGEST_SLEEP_MS = 1;
/** How long a program whose socket closed may take to die before it is reported as gone anyway. */
const DEATH_WAIT_MS = 5000;
/**
 * How long the rest of a frame may take once it began. A client writes each frame whole, so a
 * frame cut short is a broken stream (a program that wrote to fd 3 itself), and the program is
 * most likely waiting for an answer while the simulation waits for the rest: neither would go on.
 */
const STALLED_FRAME_MS = 5000;

/** Waiting for a socket that has nothing to read (without FdWait), or no room to write. */
class Backoff {
  /** When the wait began (wall ms): the last time bytes came. */
  readonly since = wallClock();
  #sleepMs = FIRST_SLEEP_MS;

  /** Whether the wait has gone past spinning: it sleeps between tries. */
  sleeping = false;

  /** Waits a little before the next try; false once `deadline` (wall ms) has passed. */
  wait(deadline: number): boolean {
    const now = wallClock();
    if (now >= deadline) return false;
    if (now - this.since < SPIN_MS) return true;
    this.sleeping = true;
    sleepWall(Math.min(this.#sleepMs, deadline - now));
    this.#sleepMs = Math.min(this.#sleepMs * 2, LONGEST_SLEEP_MS);
    return true;
  }
}

/** The program's end of the socket closed: it ended (or was killed); `exited` says how. */
export class ProgramGone extends Error {
  override name = 'ProgramGone';
}

/** The program's end closed before its Hello: the process did not start the client (an interpreter that is not one). */
export class GoneBeforeHello extends ProgramGone {
  override name = 'GoneBeforeHello';
}

/** The deadline (--callback-timeout) passed while a receive or send waited. */
export class ProgramTimeout extends Error {
  override name = 'ProgramTimeout';
}

export interface ProgramOptions {
  /** The program's name, as errors name it. */
  name: string;
  command: string;
  args: readonly string[];
  cwd?: string;
  /** Default: this process's environment. */
  env?: NodeJS.ProcessEnv;
  /** The program's output is its own (inherited) unless the caller reads it. */
  /** 'relay': read between the program's messages and written to this process's own (OutputRelay). */
  stdout?: 'inherit' | 'pipe' | 'ignore' | 'relay';
  stderr?: 'inherit' | 'pipe' | 'ignore' | 'relay';
  /**
   * rclsim's addon (build/inprocessAddon.ts's fdWaitAddon): the run thread then waits for the
   * program in poll(2). Without it (null: a machine with no C compiler) it tries non-blocking
   * reads between sleeps (Backoff).
   */
  fdWait?: string | null;
  /**
   * The port through shared memory with a futex hand-off (SharedRings), the socket kept for the
   * program's end: for a client that speaks it (C++'s), with the addon (`fdWait`).
   */
  sharedMemory?: boolean;
  /** Its fd 0: a descriptor of this process's (a file open for reading), this process's own, or none (the default: end of file at once). */
  stdin?: number | 'inherit' | 'ignore';
}

/**
 * The descriptor of a pipe to a child, taken from Node: Node keeps it on the stream's handle
 * (Unix; nothing documented gives it), and starts reading every child's pipe on its event loop,
 * which would take bytes from under synchronous reads and close the descriptor at the end of
 * the stream, which could then be another file's. Reads on the event loop stop here; the
 * stream still owns the descriptor and closes it when destroyed.
 */
function piped(how: ProgramOptions['stdout']): 'inherit' | 'pipe' | 'ignore' {
  return how === 'relay' ? 'pipe' : (how ?? 'inherit');
}

function takeDescriptor(stream: unknown): number {
  const handle = (stream as { _handle: { fd: number; reading: boolean; readStop(): number } })._handle;
  handle.readStop();
  handle.reading = false;
  return handle.fd;
}

export class ProgramSocket implements ProgramLink {
  readonly name: string;
  /** Undefined when the process could not be started (`exited` says why). */
  readonly pid: number | undefined;
  /** Set when ProgramOptions asked for 'pipe'. */
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  /** How the process ended; resolves once it has (never rejects). */
  readonly exited: Promise<ProgramExit>;
  readonly #socket: Socket;
  readonly #fd: number;
  readonly #frames = new FrameReader();
  readonly #chunk = Buffer.allocUnsafe(1 << 16);
  readonly #fdWait: FdWait | null;
  readonly #read: ReadAvailable;
  /** The port's rings, when the bytes go through shared memory (ProgramOptions.sharedMemory). */
  readonly #rings: SharedRings | null;
  /** The program's output this relays (OutputRelay), if any. */
  readonly #output: OutputRelay | null;
  /** Its pipes' descriptors, which a wait watches too (a program blocked on a full pipe goes on once it is read). */
  readonly #outputs: Int32Array;
  /** Why the socket can carry no more: its end closed (ProgramGone), or a send gave up mid-message (ProgramTimeout). */
  #broken: ProgramGone | ProgramTimeout | null = null;
  #closed = false;
  /** How long the rings' next wait spins first. */
  readonly #spin = new AdaptiveSpin(SPIN_MS);

  private constructor(name: string, child: ChildProcess, relay: { stdout: boolean; stderr: boolean }, fdWait: FdWait | null, rings: SharedRings | null) {
    this.name = name;
    this.#fdWait = fdWait;
    this.#rings = rings;
    this.#read = fdWait?.read ?? readAvailable;
    this.pid = child.pid;
    this.stdout = relay.stdout ? null : child.stdout;
    this.stderr = relay.stderr ? null : child.stderr;
    this.#socket = child.stdio[3] as Socket;
    this.#fd = takeDescriptor(this.#socket);
    const relayed = [
      { stream: relay.stdout ? child.stdout : null, to: process.stdout },
      { stream: relay.stderr ? child.stderr : null, to: process.stderr },
    ].flatMap(({ stream, to }) => (stream === null ? [] : [{ fd: takeDescriptor(stream), pipe: stream, to }]));
    this.#output = relayed.length === 0 ? null : new OutputRelay(relayed, this.#read);
    this.#outputs = this.#output?.descriptors ?? new Int32Array(0);
    // Its group is killed should this process die.
    if (child.pid !== undefined) guardGroup(child.pid);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => resolve(classifyExit(child.pid!, code, signal)));
      child.on('error', (error) => {
        // Only a process that never started ends in an error; a failed kill leaves it running.
        if (child.pid === undefined) resolve({ kind: 'not-started', message: error.message });
      });
    });
  }

  /** Starts a program; its Hello is the first thing to read (handshake). */
  static spawn(options: ProgramOptions): ProgramSocket {
    const rings = options.sharedMemory === true && options.fdWait != null ? new SharedRings(options.fdWait) : null;
    const env = options.env ?? process.env;
    let child: ChildProcess;
    try {
      child = spawn(options.command, options.args, {
        cwd: options.cwd,
        env: withFatalErrorReports(rings === null ? env : { ...env, [SHARED_RINGS_VARIABLE]: String(SHARED_RINGS_FD) }),
        stdio: [options.stdin ?? 'ignore', piped(options.stdout), piped(options.stderr), 'pipe', ...(rings === null ? [] : [rings.fd])],
        // setsid(): the leader of a process group of its own, outside the terminal's.
        detached: true,
      });
    } finally {
      rings?.release();
    }
    if (child.pid !== undefined) clearFatalErrorReports(child.pid);
    const fdWait = options.fdWait == null ? null : fdWaitAt(options.fdWait);
    return new ProgramSocket(options.name, child, { stdout: options.stdout === 'relay', stderr: options.stderr === 'relay' }, fdWait, rings);
  }

  /** The bytes the program sent through shared memory (SharedRings), not its socket; null when its port is the socket alone. */
  get sharedBytes(): number | null {
    return this.#rings?.taken ?? null;
  }

  /**
   * Reads the client's Hello and answers Welcome with the version both speak, min(client's,
   * rclsim's); when there is none, answers Failed (the client exits 2) and throws OutOfProtocol.
   */
  handshake(welcome: Outgoing<Welcome>, deadline = Number.POSITIVE_INFINITY): { hello: Hello; version: number } {
    // While the program's process starts (tens of ms), the codec gets ready and the Welcome is
    // encoded with rclsim's version, which is the one both speak unless the client is older.
    prepareCodec();
    const early = encodeToClient({ welcome: { ...welcome, protocolVersion: PROTOCOL_VERSION } });
    let first: ToSimulation;
    try {
      first = this.receive(deadline);
    } catch (error) {
      throw error instanceof ProgramGone ? new GoneBeforeHello(error.message) : error;
    }
    const { hello, version } = readHello(first, (failed) => this.send(failed, deadline));
    this.#throwIfBroken();
    this.#write(version === PROTOCOL_VERSION ? early : encodeToClient({ welcome: { ...welcome, protocolVersion: version } }), deadline);
    return { hello, version };
  }

  /**
   * Writes one message. While the socket is full (a large message, a program that is not
   * reading yet) what the program sends is read and kept, so two large messages crossing
   * cannot block both ends.
   */
  send(message: Outgoing<ToClient>, deadline = Number.POSITIVE_INFINITY): void {
    this.#throwIfBroken();
    this.#write(encodeToClient(message), deadline);
  }

  /** Writes an encoded message (send). */
  #write(body: Uint8Array, deadline: number): void {
    let parts: Uint8Array[] = [frameHeader(body.length), body];
    let backoff: Backoff | null = null;
    while (parts.length > 0) {
      let written = 0;
      try {
        written = this.#rings === null ? writevSync(this.#fd, parts) : this.#rings.writev(parts);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EPIPE' || code === 'ECONNRESET') throw this.#ended();
        if (code !== 'EAGAIN') throw error;
      }
      if (written > 0) {
        parts = unwritten(parts, written);
        backoff = null;
        continue;
      }
      this.#readSocket(null);
      backoff ??= new Backoff();
      if (!backoff.wait(deadline)) {
        // What went out of the message would run into the next one.
        this.#broken = new ProgramTimeout(`program '${this.name}' did not take a message in time`);
        throw this.#broken;
      }
    }
  }

  /** The next message; waits until `deadline` (wall ms, base/realTime.ts's wallClock) for it. */
  receive(deadline = Number.POSITIVE_INFINITY): ToSimulation {
    let backoff: Backoff | null = null;
    /** When the wait began (wall ms): the last time bytes came. */
    let since = -1;
    for (;;) {
      const body = this.#frames.next();
      if (body !== undefined) {
        let message: ToSimulation;
        try {
          message = decodeToSimulation(body);
        } catch (error) {
          throw error instanceof OutOfProtocol ? new OutOfProtocol(`sent ${error.message}`) : error;
        }
        // What the program wrote before it sent this comes out before what this makes happen
        // (a publish, a request or a response makes nothing be written: what it brings runs
        // later; a Done says whether there is anything: a read of its pipes that finds nothing
        // costs two EAGAIN exceptions, ~11 µs, on that path).
        if (message.publish === undefined && message.sendRequest === undefined && message.sendResponse === undefined && message.done?.wroteOutput !== false) {
          this.#output?.relay();
        }
        return message;
      }
      this.#throwIfBroken();
      if (this.#fdWait !== null) {
        const first = since < 0;
        if (first) since = wallClock();
        // An answer within the spin costs no wake-up: on a quiet machine blocking at once ran
        // rslcpp's benchmark separate at 0.56x of spinning first (docs/performance.md). The
        // rings' wait spins in the addon, on memory rather than on system calls.
        if (this.#rings === null && wallClock() - since < SPIN_MS) {
          if (this.#readSocket(null) > 0) since = -1;
          continue;
        }
        const limit = Math.min(deadline, this.#stalledAt(since));
        const got = this.#readSocket(Math.ceil(Math.min(WAIT_SLICE_MS, Math.max(0, limit - wallClock()))), first ? this.#spin.ms : 0);
        if (first && this.#rings !== null) this.#spin.waited(got > 0, wallClock() - since);
        if (got > 0) since = -1;
        else if (got === OUTPUT) this.#output?.relay();
        else if (wallClock() >= limit) throw this.#late(deadline, since);
        continue;
      }
      if (this.#readSocket(null) > 0) {
        backoff = null;
        continue;
      }
      backoff ??= new Backoff();
      // A program blocked on a full stdout pipe goes on once it is read: read it while sleeping.
      if (backoff.sleeping) this.#output?.relay();
      if (!backoff.wait(Math.min(deadline, this.#stalledAt(backoff.since)))) throw this.#late(deadline, backoff.since);
    }
  }

  /** When a frame begun by `since` (wall ms) has stalled (STALLED_FRAME_MS); never without one. */
  #stalledAt(since: number): number {
    return this.#frames.unfinished() === null ? Number.POSITIVE_INFINITY : since + STALLED_FRAME_MS;
  }

  /** What a receive that waited since `since` (wall ms) past its limit throws: a frame stalled, or the deadline passed. */
  #late(deadline: number, since: number): Error {
    if (this.#stalledAt(since) <= deadline) return new OutOfProtocol(`sent ${this.#frames.unfinished()} and nothing more for ${STALLED_FRAME_MS / 1000} s`);
    return new ProgramTimeout(`program '${this.name}' did not answer in time`);
  }

  /**
   * How the process ended, once its socket has closed, without the event loop: waits up to a
   * few seconds for it to die. Null when that cannot be told (it lives on, or no /proc).
   */
  exitedNow(): ProgramExit | null {
    const exit = this.pid === undefined ? null : exitOfDeadProcess(this.pid, wallClock() + DEATH_WAIT_MS, wallClock);
    // Its last words (an abort's stack) come before the line that says it died.
    this.#output?.close();
    return exit;
  }

  /**
   * Waits until `deadline` (wall ms) for the process to end by itself, relaying what it writes
   * meanwhile: a program that said it exits still runs its interpreter's end (and a tool it runs
   * under, such as valgrind, writes its results then), which a kill would cut short.
   */
  awaitEnd(deadline: number): void {
    if (this.pid === undefined) return;
    while (!processEnded(this.pid) && wallClock() < deadline) {
      this.#output?.relay();
      sleepWall(1);
    }
  }

  /** Sends `signal` to the program's process group: the program and the processes it started. */
  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    if (this.pid === undefined || this.#closed) return;
    try {
      process.kill(-this.pid, signal);
    } catch {
      // Every process of the group is gone.
    }
  }

  /**
   * The program's end: its process group is killed (a program may spin in a callback, or have
   * closed its socket, and the processes it started go with it), the socket closed, and what
   * it wrote before relayed.
   */
  close(): void {
    this.#broken ??= new ProgramGone(`program '${this.name}': its socket was closed by the simulation`);
    if (!this.#closed && this.pid !== undefined) {
      this.kill();
      releaseGroup(this.pid);
    }
    this.#closed = true;
    this.#socket.destroy();
    this.#output?.close();
  }

  /**
   * Reads what the socket (or the rings) hold into the frames, at once (`waitMs` null) or once
   * there are bytes within `waitMs` (FdWait's wait; the rings' spins `spinMs` first): the bytes
   * read; −1 when there is nothing yet, OUTPUT when an output pipe has bytes first.
   */
  #readSocket(waitMs: number | null, spinMs = 0): number {
    let read: number;
    try {
      if (this.#rings !== null) {
        read = waitMs === null ? this.#rings.read(this.#fd, this.#chunk) : this.#rings.wait(this.#fd, this.#chunk, this.#outputs, waitMs, spinMs);
      } else {
        read = waitMs === null ? this.#read(this.#fd, this.#chunk) : this.#fdWait!.wait(this.#fd, this.#chunk, this.#outputs, waitMs);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') throw this.#ended();
      throw error;
    }
    if (read < 0) return read;
    if (read === 0) throw this.#ended();
    try {
      this.#frames.push(this.#chunk.subarray(0, read));
    } catch (error) {
      throw error instanceof OutOfProtocol ? new OutOfProtocol(`sent ${error.message}`) : error;
    }
    return read;
  }

  #ended(): ProgramGone | ProgramTimeout {
    this.#broken ??= new ProgramGone(`program '${this.name}' closed its end of the socket`);
    return this.#broken;
  }

  #throwIfBroken(): void {
    if (this.#broken !== null) throw this.#broken;
  }
}
