import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { realAvailableParallelism, realClearInterval, realClearTimeout, realSetInterval, realSetTimeout, wallClock } from './realTime.js';

/**
 * How long rclsim reads the socket for an answer before it waits on the event loop instead, ms:
 * woken by the event loop, each answer comes ~100 µs late on a virtual machine, longer than a
 * co-simulated peer takes for most requests; reading at once costs ~5 µs per try. None on a
 * single CPU, where trying would take the CPU from the peer.
 */
const POLL_MS = realAvailableParallelism() > 1 ? 2 : 0;

/** How rclsim reaches a peer: a command it starts (the socket path appended), or an address to connect to. */
export type PeerEndpoint = { command: readonly string[] } | { connect: string };

export interface PeerOptions {
  /** Wall time the peer may take to connect, and to answer each request, ms. */
  timeoutMs: number;
  /** What it is, for messages: `network simulator`, `world engine`. */
  what: string;
  /** The job file's key of `connect` (`network.external.connect`), for an address that is none. */
  connectKey: string;
  /** The error a failure is thrown as (one line). */
  error: (message: string) => Error;
}

/**
 * The stream to a co-simulated peer rclsim coordinates (an external network simulator, a physics
 * engine): 4-byte big-endian length prefixes, one request at a time, each answered before the
 * next, nothing else (bytes after an answer are out of protocol). A command is started with a Unix
 * socket path rclsim listens on as its last argument; `connect` is `unix:PATH` or `HOST:PORT` of a
 * peer that listens. A peer that exits, closes the stream, or does not answer within the timeout
 * fails the request waiting (and every later one) with one line naming it and what it did.
 */
export class FramedPeer {
  readonly #socket: Socket;
  readonly #child: ChildProcess | null;
  readonly #cleanup: () => void;
  readonly #options: PeerOptions;
  /** `what 'name'`: how messages name the peer. */
  readonly named: string;
  #buffer: Buffer = Buffer.alloc(0);
  /** The socket's file descriptor, read directly while an answer is awaited (-1: not available, only the event loop reads). */
  readonly #fd: number;
  readonly #readChunk = Buffer.allocUnsafe(1 << 16);
  #waiting: { resolve: (body: Buffer) => void; reject: (error: Error) => void } | null = null;
  /** When the request being answered was written (wall clock, ms). */
  #askedAt = 0;
  /** One timer for the whole conversation, not one per request: it looks now and then whether an answer is overdue. */
  readonly #watchdog: ReturnType<typeof setInterval>;
  #failure: Error | null = null;
  #stderr = '';
  /** Wall time spent waiting for the peer's answers, ms. */
  waitedMs = 0;

  private constructor(socket: Socket, child: ChildProcess | null, cleanup: () => void, options: PeerOptions, name: string) {
    this.#socket = socket;
    this.#child = child;
    this.#cleanup = cleanup;
    this.#options = options;
    this.named = `${options.what} '${name}'`;
    // Node keeps a socket's descriptor on its handle (Unix); nothing documented gives it.
    const fd = (socket as unknown as { _handle?: { fd?: unknown } })._handle?.fd;
    this.#fd = typeof fd === 'number' && fd >= 0 && POLL_MS > 0 ? fd : -1;
    const timeoutMs = options.timeoutMs;
    this.#watchdog = realSetInterval(
      () => {
        if (this.#waiting !== null && wallClock() - this.#askedAt > timeoutMs) this.fail(`it did not answer within ${timeoutMs} ms`);
      },
      Math.min(1000, Math.max(10, timeoutMs / 10)),
    );
    this.#watchdog.unref();
    socket.on('data', (data: Buffer) => this.#received(data));
    socket.on('error', (error) => this.fail(`the connection failed: ${error.message}`));
    // A process that ends closes its socket first: its exit (code, last words) says more.
    socket.on('close', () => {
      if (child === null) this.fail('it closed the connection');
      else realSetTimeout(() => this.fail('it closed the connection'), 500);
    });
    child?.stderr?.on('data', (data: Buffer) => (this.#stderr = (this.#stderr + data.toString()).slice(-2000)));
    child?.on('exit', (code, signal) =>
      this.fail(`it exited (${signal ?? `code ${code}`})${this.#stderr.trim() === '' ? '' : `: ${this.#stderr.trim().split('\n').pop()}`}`),
    );
  }

  static async open(endpoint: PeerEndpoint, options: PeerOptions): Promise<FramedPeer> {
    const { timeoutMs, what } = options;
    if ('connect' in endpoint) {
      const unix = endpoint.connect.startsWith('unix:') ? endpoint.connect.slice(5) : null;
      const hostPort = /^(.*):(\d+)$/.exec(endpoint.connect);
      if (unix === null && hostPort === null) throw options.error(`${options.connectKey}: '${endpoint.connect}' is neither unix:PATH nor HOST:PORT`);
      const socket = unix !== null ? createConnection(unix) : createConnection(Number(hostPort![2]), hostPort![1]);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('error', (error) => reject(options.error(`${what} at ${endpoint.connect}: ${error.message}`)));
      });
      return new FramedPeer(socket, null, () => {}, options, endpoint.connect);
    }
    const dir = mkdtempSync(join(tmpdir(), 'rclsim-peer-'));
    const path = join(dir, 'socket');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(path, resolve));
    const [program, ...args] = endpoint.command;
    const child = spawn(program!, [...args, path], { stdio: ['ignore', 'inherit', 'pipe'] });
    // Whatever way rclsim ends, the peer it started ends with it.
    const killOnExit = (): void => void child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', () => process.off('exit', killOnExit));
    const name = endpoint.command.join(' ');
    const cleanup = (): void => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    };
    let stderr = '';
    child.stderr!.on('data', (data: Buffer) => (stderr = (stderr + data.toString()).slice(-2000)));
    try {
      const socket = await new Promise<Socket>((resolve, reject) => {
        const timer = realSetTimeout(() => reject(options.error(`${what} '${name}' did not connect within ${timeoutMs} ms`)), timeoutMs);
        server.once('connection', (socket) => {
          realClearTimeout(timer);
          resolve(socket);
        });
        child.once('error', (error) => reject(options.error(`${what} '${name}' could not start: ${error.message}`)));
        // What it said last says why (a module it cannot import).
        child.once('exit', (code) => {
          const said = stderr.trim() === '' ? '' : `: ${stderr.trim().split('\n').pop()}`;
          reject(options.error(`${what} '${name}' exited (code ${code}) before it connected${said}`));
        });
      });
      return new FramedPeer(socket, child, cleanup, options, name);
    } catch (error) {
      child.kill('SIGKILL');
      cleanup();
      throw error;
    }
  }

  /** Whether the conversation has failed (or was closed). */
  get failed(): boolean {
    return this.#failure !== null;
  }

  /** Writes one message; its answer comes from `request`. */
  write(body: Uint8Array): void {
    const frame = Buffer.allocUnsafe(4 + body.length);
    frame.writeUInt32BE(body.length, 0);
    frame.set(body, 4);
    this.#socket.write(frame);
  }

  /** Writes one request and gives its answer's bytes; throws the conversation's failure. */
  async request(body: Uint8Array): Promise<Buffer> {
    if (this.#failure !== null) throw this.#failure;
    this.write(body);
    const started = (this.#askedAt = wallClock());
    const answer = this.#readAnswer() ?? (await new Promise<Buffer>((resolve, reject) => (this.#waiting = { resolve, reject })));
    this.waitedMs += wallClock() - started;
    // Bytes after the answer fail this request, however it was read.
    if (this.#failure !== null) throw this.#failure;
    return answer;
  }

  /**
   * Ends the stream and the process it started, once `farewell` has written its last words (a
   * Close) when the conversation has not failed: a process told so gets two seconds to go by
   * itself; one that hung or spoke out of protocol is ended now (rclsim may exit before any grace
   * ends, and it would be left behind).
   */
  close(farewell: () => void): void {
    const failed = this.#failure !== null;
    if (!failed) {
      try {
        farewell();
      } catch {
        // Already gone.
      }
    }
    this.#failure ??= this.#options.error('closed');
    realClearInterval(this.#watchdog);
    this.#socket.end();
    const child = this.#child;
    if (child !== null && child.exitCode === null) {
      if (failed) child.kill('SIGKILL');
      else {
        const kill = realSetTimeout(() => child.kill('SIGKILL'), 2000);
        child.once('exit', () => realClearTimeout(kill));
      }
    }
    this.#cleanup();
  }

  /** Fails the conversation (the request waiting, every later one) with one line naming the peer. */
  fail(why: string): void {
    if (this.#failure !== null) return;
    this.#failure = this.#options.error(`${this.named}: ${why}`);
    this.#waiting?.reject(this.#failure);
    this.#waiting = null;
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
    if (waiting === null) this.fail('it sent a message nobody asked for');
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
    if (this.#buffer.length > 0) this.fail('it sent a message nobody asked for');
    return buffer.subarray(4, end);
  }
}
