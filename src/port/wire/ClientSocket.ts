/**
 * A program's end of its socket (docs/node-protocol.md): file descriptor 3, which the simulation
 * made (ProgramSocket). It is a blocking socket here (libuv makes the pair blocking and sets only
 * a child's fds 0–2 non-blocking), so between messages the client sleeps in read(2) and costs
 * no CPU, and everything is synchronous, as a callback's calls into rclnodejs or rclpy are.
 *
 * The end of the stream means the simulation is gone (it ended or was killed; the kernel closes
 * its end even on SIGKILL): the program has nobody to run for and exits at once.
 */
import { readSync, writevSync } from 'node:fs';
import { FrameReader, frameHeader, unwritten } from './frames.js';
import {
  type ClientLink,
  carried,
  decodeToClient,
  encodeToSimulation,
  type Hello,
  type Outgoing,
  type ToClient,
  type ToSimulation,
  type Welcome,
} from './nodeMessages.js';
import { OutOfProtocol } from './OutOfProtocol.js';

/** The descriptor the simulation gives a program its socket at. */
const PORT = 3;
/** The exit code of a program whose simulation is gone (nobody reads it but a shell). */
const SIMULATION_GONE = 1;
/** The process's own exit, taken before the program's process.exit becomes a virtual one. */
const exitProcess = process.exit.bind(process);
/**
 * Messages wait for the next read, or until this many bytes wait, and go out in one write: a
 * callback's publishes and its Done cost one system call, and wake the simulation once.
 */
const FLUSH_BYTES = 1 << 16;

/**
 * The program's own code closed file descriptor 3 (EBADF): it cannot talk to the simulation any
 * more. One line, not the client's stack, and the end; the simulation names the program.
 */
function portClosed(error: unknown): never {
  if ((error as NodeJS.ErrnoException).code !== 'EBADF') throw error;
  process.stderr.write('rclsim: the program closed file descriptor 3, its socket to the simulation, and cannot go on\n');
  return exitProcess(SIMULATION_GONE);
}

export class ClientSocket implements ClientLink {
  readonly #fd: number;
  readonly #frames = new FrameReader();
  readonly #chunk = Buffer.allocUnsafe(1 << 16);
  #queued: Uint8Array[] = [];
  #queuedBytes = 0;

  constructor(fd = PORT) {
    this.#fd = fd;
  }

  /**
   * The handshake: sends Hello, returns Welcome (its protocolVersion is the one to speak). When
   * the simulation speaks no common version it answers Failed: one line on stderr, exit code 2.
   */
  hello(hello: Outgoing<Hello>): Welcome {
    this.send({ hello });
    const reply = this.receive();
    if (reply.failed !== undefined) {
      process.stderr.write(`rclsim: ${reply.failed.message}\n`);
      process.exit(2);
    }
    if (reply.welcome === undefined) throw new OutOfProtocol(`the simulation answered Hello with ${carried(reply)}`);
    return reply.welcome;
  }

  /** Sends a message: it goes out with the next read (receive), at once for Exit, the last one. */
  send(message: Outgoing<ToSimulation>): void {
    const body = encodeToSimulation(message);
    this.#queued.push(frameHeader(body.length), body);
    this.#queuedBytes += body.length;
    if (message.exit !== undefined || this.#queuedBytes >= FLUSH_BYTES) this.flush();
  }

  /** The next message, blocked in read(2) until it comes. */
  receive(): ToClient {
    this.flush();
    for (;;) {
      const body = this.#frames.next();
      if (body !== undefined) return decodeToClient(body);
      let read = 0;
      try {
        read = readSync(this.#fd, this.#chunk, 0, this.#chunk.length, null);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') portClosed(error);
      }
      if (read === 0) exitProcess(SIMULATION_GONE);
      this.#frames.push(this.#chunk.subarray(0, read));
    }
  }

  /** Writes what send queued. */
  flush(): void {
    let parts = this.#queued;
    this.#queued = [];
    this.#queuedBytes = 0;
    while (parts.length > 0) {
      try {
        parts = unwritten(parts, writevSync(this.#fd, parts));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EPIPE' || code === 'ECONNRESET') exitProcess(SIMULATION_GONE);
        portClosed(error);
      }
    }
  }
}
