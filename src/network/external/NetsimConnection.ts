import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { realAvailableParallelism, realClearInterval, realClearTimeout, realSetInterval, realSetTimeout, wallClock } from '../../base/realTime.js';
import { type Advance, netsimTypes, type Reply } from './netsimMessages.js';

/**
 * How long rclsim reads the socket for an answer before it waits on the event loop instead, ms:
 * woken by the event loop, each answer comes ~100 µs late on a virtual machine, longer than a
 * simulator in exact mode takes for most requests; reading at once costs ~5 µs per try. None on
 * a single CPU, where trying would take the CPU from the simulator.
 */
const POLL_MS = realAvailableParallelism() > 1 ? 2 : 0;

/** How rclsim reaches the simulator: a command it starts (the socket path appended), or an address to connect to. */
export type NetsimEndpoint = { command: readonly string[] } | { connect: string };

/** A uint64 field as decoded (a number, or a Long when protobufjs has the long package), or nothing (0). */
function toNumber(value: unknown): number {
  return typeof value === 'number' ? value : value == null ? 0 : (value as { toNumber(): number }).toNumber();
}

/** A simulator that died, hung or answered out of protocol: the run fails with this one line. */
export class NetsimError extends Error {
  override name = 'NetsimError';
}

/**
 * The stream to an external network simulator (proto/netsim.proto): 4-byte big-endian length
 * prefixes, one request at a time, each answered before the next. A command is started with a
 * Unix socket path rclsim listens on as its last argument; `connect` is `unix:PATH` or
 * `HOST:PORT` of a simulator that listens.
 */
export class NetsimConnection {
  readonly #socket: Socket;
  readonly #child: ChildProcess | null;
  readonly #cleanup: () => void;
  readonly #name: string;
  #buffer: Buffer = Buffer.alloc(0);
  /** The socket's file descriptor, read directly while an answer is awaited (-1: not available, only the event loop reads). */
  readonly #fd: number;
  readonly #readChunk = Buffer.allocUnsafe(1 << 16);
  #waiting: { resolve: (body: Buffer) => void; reject: (error: Error) => void } | null = null;
  /** When the request being answered was written (wall clock, ms). */
  #askedAt = 0;
  /** One timer for the whole conversation, not one per request: it looks now and then whether an answer is overdue. */
  readonly #watchdog: ReturnType<typeof setInterval>;
  #failure: NetsimError | null = null;
  #stderr = '';
  /** Wall time spent waiting for the simulator's answers, and the part of it the simulator says it simulated, ms. */
  waitedMs = 0;
  busyMs = 0;
  /** Wall time spent encoding requests and decoding answers here, ms. */
  codingMs = 0;

  private constructor(socket: Socket, child: ChildProcess | null, cleanup: () => void, timeoutMs: number, name: string) {
    this.#socket = socket;
    this.#child = child;
    this.#cleanup = cleanup;
    this.#name = name;
    // Node keeps a socket's descriptor on its handle (Unix); nothing documented gives it.
    const fd = (socket as unknown as { _handle?: { fd?: unknown } })._handle?.fd;
    this.#fd = typeof fd === 'number' && fd >= 0 && POLL_MS > 0 ? fd : -1;
    this.#watchdog = realSetInterval(
      () => {
        if (this.#waiting !== null && wallClock() - this.#askedAt > timeoutMs) this.#fail(`it did not answer within ${timeoutMs} ms`);
      },
      Math.min(1000, Math.max(10, timeoutMs / 10)),
    );
    this.#watchdog.unref();
    socket.on('data', (data: Buffer) => this.#received(data));
    socket.on('error', (error) => this.#fail(`the connection failed: ${error.message}`));
    // A process that ends closes its socket first: its exit (code, last words) says more.
    socket.on('close', () => {
      if (child === null) this.#fail('it closed the connection');
      else realSetTimeout(() => this.#fail('it closed the connection'), 500);
    });
    child?.stderr?.on('data', (data: Buffer) => (this.#stderr = (this.#stderr + data.toString()).slice(-2000)));
    child?.on('exit', (code, signal) =>
      this.#fail(`it exited (${signal ?? `code ${code}`})${this.#stderr.trim() === '' ? '' : `: ${this.#stderr.trim().split('\n').pop()}`}`),
    );
  }

  static async open(endpoint: NetsimEndpoint, timeoutMs: number): Promise<NetsimConnection> {
    if ('connect' in endpoint) {
      const unix = endpoint.connect.startsWith('unix:') ? endpoint.connect.slice(5) : null;
      const hostPort = /^(.*):(\d+)$/.exec(endpoint.connect);
      if (unix === null && hostPort === null) throw new NetsimError(`network.external.connect: '${endpoint.connect}' is neither unix:PATH nor HOST:PORT`);
      const socket = unix !== null ? createConnection(unix) : createConnection(Number(hostPort![2]), hostPort![1]);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('error', (error) => reject(new NetsimError(`network simulator at ${endpoint.connect}: ${error.message}`)));
      });
      return new NetsimConnection(socket, null, () => {}, timeoutMs, endpoint.connect);
    }
    const dir = mkdtempSync(join(tmpdir(), 'rclsim-netsim-'));
    const path = join(dir, 'socket');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(path, resolve));
    const [program, ...args] = endpoint.command;
    const child = spawn(program!, [...args, path], { stdio: ['ignore', 'inherit', 'pipe'] });
    // Whatever way rclsim ends, the simulator it started ends with it.
    const killOnExit = (): void => void child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', () => process.off('exit', killOnExit));
    const name = endpoint.command.join(' ');
    const cleanup = (): void => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    };
    try {
      const socket = await new Promise<Socket>((resolve, reject) => {
        const timer = realSetTimeout(() => reject(new NetsimError(`network simulator '${name}' did not connect within ${timeoutMs} ms`)), timeoutMs);
        server.once('connection', (socket) => {
          realClearTimeout(timer);
          resolve(socket);
        });
        child.once('error', (error) => reject(new NetsimError(`network simulator '${name}' could not start: ${error.message}`)));
        child.once('exit', (code) => reject(new NetsimError(`network simulator '${name}' exited (code ${code}) before it connected`)));
      });
      return new NetsimConnection(socket, child, cleanup, timeoutMs, name);
    } catch (error) {
      child.kill('SIGKILL');
      cleanup();
      throw error;
    }
  }

  /** Initialize: the simulator answers Ready with its own description. */
  async initialize(initialize: Record<string, unknown>): Promise<string> {
    const answer = await this.#request({ initialize });
    const ready = answer.ready as { simulator?: string } | null | undefined;
    if (ready == null) throw this.#outOfProtocol('Ready', answer);
    return String(ready.simulator ?? '');
  }

  async advance(advance: Advance): Promise<Reply> {
    const answer = await this.#request({ advance });
    const reply = answer.reply as Record<string, unknown> | null | undefined;
    if (reply == null) throw this.#outOfProtocol('Reply', answer);
    const timeNs = toNumber(reply.timeNs);
    const busyNs = toNumber(reply.busyNs);
    this.busyMs += busyNs / 1e6;
    if (timeNs > advance.untilNs)
      throw new NetsimError(`network simulator '${this.#name}' answered out of protocol: it reached ${timeNs} ns, past the ${advance.untilNs} ns asked for`);
    const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);
    return {
      timeNs,
      deliveries: list(reply.deliveries).map((d) => ({ id: toNumber(d.id), timeNs: toNumber(d.timeNs) })),
      drops: list(reply.drops).map((d) => ({ id: toNumber(d.id), timeNs: toNumber(d.timeNs), reason: String(d.reason ?? '') })),
      busyNs,
    };
  }

  /** Says Close, then ends the stream and the process it started. */
  close(): void {
    const failed = this.#failure !== null;
    if (!failed) {
      try {
        this.#write({ close: {} });
      } catch {
        // Already gone.
      }
    }
    this.#failure ??= new NetsimError('closed');
    realClearInterval(this.#watchdog);
    this.#socket.end();
    const child = this.#child;
    if (child !== null && child.exitCode === null) {
      // One that hung or spoke out of protocol is ended now (rclsim may exit before any grace
      // ends, and it would be left behind); one told Close gets two seconds to go by itself.
      if (failed) child.kill('SIGKILL');
      else {
        const kill = realSetTimeout(() => child.kill('SIGKILL'), 2000);
        child.once('exit', () => realClearTimeout(kill));
      }
    }
    this.#cleanup();
  }

  #write(message: Record<string, unknown>): void {
    const { toSimulator } = netsimTypes();
    const started = wallClock();
    // Plain objects of the right shapes encode as they are (no message instances made first).
    const body = toSimulator.encode(message).finish();
    this.codingMs += wallClock() - started;
    const frame = Buffer.allocUnsafe(4 + body.length);
    frame.writeUInt32BE(body.length, 0);
    frame.set(body, 4);
    this.#socket.write(frame);
  }

  async #request(message: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (this.#failure !== null) throw this.#failure;
    this.#write(message);
    const started = (this.#askedAt = wallClock());
    const body = this.#readAnswer() ?? (await new Promise<Buffer>((resolve, reject) => (this.#waiting = { resolve, reject })));
    this.waitedMs += wallClock() - started;
    // Bytes after the answer fail this request, however it was read.
    if (this.#failure !== null) throw this.#failure;
    const { fromSimulator } = netsimTypes();
    let decoded: Record<string, unknown>;
    try {
      // The decoded message as it is: its uint64 fields are read with toNumber where used.
      const decoding = wallClock();
      decoded = fromSimulator.decode(body) as unknown as Record<string, unknown>;
      this.codingMs += wallClock() - decoding;
    } catch (error) {
      throw new NetsimError(`network simulator '${this.#name}' answered out of protocol: ${(error as Error).message}`);
    }
    const failed = decoded.error as { message?: string } | null | undefined;
    if (failed != null) throw new NetsimError(`network simulator '${this.#name}' failed: ${String(failed.message)}`);
    return decoded;
  }

  /**
   * The answer, read from the socket as it comes within POLL_MS; null when it did not (what came
   * of it waits in the buffer for the rest), or on an error or the end of the stream, which the
   * event loop then reports.
   */
  #readAnswer(): Buffer | null {
    const fd = this.#fd;
    // A request not yet all written is written by the event loop.
    if (fd < 0 || this.#socket.writableLength > 0) return null;
    const until = wallClock() + POLL_MS;
    const chunk = this.#readChunk;
    for (;;) {
      let read: number;
      try {
        read = readSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return null;
        if (wallClock() > until) return null;
        continue;
      }
      if (read === 0) return null;
      this.#append(Buffer.from(chunk.subarray(0, read)));
      const body = this.#frame();
      if (body !== null) return body;
    }
  }

  #received(data: Buffer): void {
    this.#append(data);
    const body = this.#frame();
    if (body === null) return;
    const waiting = this.#waiting;
    this.#waiting = null;
    if (waiting === null) this.#fail('it sent a message nobody asked for');
    else waiting.resolve(body);
  }

  #append(data: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? data : Buffer.concat([this.#buffer, data]);
  }

  /** The first whole message of the buffer, or null; anything after it is out of protocol (one answer per request). */
  #frame(): Buffer | null {
    const buffer = this.#buffer;
    if (buffer.length < 4 || buffer.length < 4 + buffer.readUInt32BE(0)) return null;
    const end = 4 + buffer.readUInt32BE(0);
    this.#buffer = buffer.subarray(end);
    if (this.#buffer.length > 0) this.#fail('it sent a message nobody asked for');
    return buffer.subarray(4, end);
  }

  #fail(why: string): void {
    if (this.#failure !== null) return;
    this.#failure = new NetsimError(`network simulator '${this.#name}': ${why}`);
    this.#waiting?.reject(this.#failure);
    this.#waiting = null;
  }

  #outOfProtocol(expected: string, answer: Record<string, unknown>): NetsimError {
    return new NetsimError(`network simulator '${this.#name}' answered out of protocol: ${Object.keys(answer).join(', ') || 'nothing'} instead of ${expected}`);
  }
}
