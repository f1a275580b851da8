/**
 * A check program of a client library in another language (test/fixtures/python/protocol_check.py,
 * test/fixtures/cpp/protocol_check.cpp), spoken to in the node protocol's frames over a socket
 * pair at its fd 3, as the simulation speaks to a program: the test writes frames and awaits
 * the frames it answers.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { FrameReader, frameHeader } from '../../src/port/wire/frames.js';

export class FramedChild {
  readonly #name: string;
  readonly #child: ChildProcess;
  readonly #socket: Socket;
  readonly #frames = new FrameReader();
  readonly #bodies: Buffer[] = [];
  #wake: (() => void) | null = null;
  #stderr = '';
  #stdout = '';
  #exit: number | null | undefined;
  /** How the process ended, and what it printed. */
  readonly exited: Promise<{ code: number | null; stdout: string }>;

  constructor(command: string, args: readonly string[]) {
    this.#name = args[0] ?? command;
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    this.#child = child;
    this.#socket = child.stdio[3] as Socket;
    this.#socket.on('data', (chunk: Buffer) => {
      this.#frames.push(chunk);
      for (let body = this.#frames.next(); body !== undefined; body = this.#frames.next()) this.#bodies.push(body);
      this.#wake?.();
    });
    child.stdout!.on('data', (data: Buffer) => (this.#stdout += data.toString()));
    child.stderr!.on('data', (data: Buffer) => (this.#stderr += data.toString()));
    this.exited = new Promise((resolve) =>
      child.once('close', (code) => {
        this.#exit = code;
        this.#wake?.();
        resolve({ code, stdout: this.#stdout });
      }),
    );
  }

  /** Writes `bodies` as frames, in one write. */
  write(bodies: Uint8Array[]): void {
    this.#socket.write(Buffer.concat(bodies.flatMap((body) => [frameHeader(body.length), body])));
  }

  /** The next frame the program wrote; fails when it exited instead. */
  async next(): Promise<Buffer> {
    while (this.#bodies.length === 0) {
      if (this.#exit !== undefined) assert.fail(`${this.#name} exited (${this.#exit}) instead of answering:\n${this.#stderr}`);
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
    return this.#bodies.shift()!;
  }

  /** Writes raw bytes, then closes this end (the simulation's, as it does at the run's end). */
  end(bytes: Uint8Array): void {
    if (!this.#socket.writableEnded) this.#socket.end(bytes);
  }

  /** Closes this end and waits for the process to end: killed if it does not within seconds (a check that hangs). */
  async close(): Promise<void> {
    this.end(Buffer.alloc(0));
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timer);
  }
}
