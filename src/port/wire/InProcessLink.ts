/**
 * The simulation's end of a C++ program loaded into rclsim's own process (docs/cpp-process.md,
 * "In rclsim's process"): the same conversation as ProgramSocket's, its frames carried through
 * memory by rclsim's addon (native/inprocess), which runs the program's main on a thread of its
 * own. A receive blocks this thread until the program's next message, as a socket's read does:
 * it spins a bounded time first (only with a CPU for the program besides this thread), then
 * sleeps on a futex.
 *
 * The program's end is its thread's, never rclsim's: exit() and its kin say Exit and park the
 * thread; a crash on one of its threads (SIGSEGV …) is caught by the addon, which parks it and
 * says which signal — `exitedNow` then tells it as a process's death by that signal.
 */
import { constants } from 'node:os';
import { realAvailableParallelism, wallClock } from '../../base/realTime.js';
import { FrameReader, type FrameSpan } from './frames.js';
import { readHello } from './hello.js';
import { nativeAddon } from './nativeAddon.js';
import {
  decodeToSimulation,
  decodeToSimulationFixed,
  encodeToClientFixed,
  encodeToClientTransient,
  fixedBytes,
  type Hello,
  type Outgoing,
  type ProgramLink,
  prepareCodec,
  type ToClient,
  type ToSimulation,
  type Welcome,
} from './nodeMessages.js';
import { OutOfProtocol } from './OutOfProtocol.js';
import { GoneBeforeHello, ProgramGone, ProgramTimeout } from './ProgramSocket.js';
import type { ProgramExit } from './programExit.js';

/** The addon's functions (native/inprocess/inprocess.c). */
interface Addon {
  load(path: string, argv: readonly string[], programSpinNs: number, environment: readonly string[]): unknown;
  /** The body's first `length` bytes (none: all of it). */
  send(channel: unknown, body: Uint8Array, length?: number): void;
  /**
   * The program's frames since the last call, copied into `arena` at `offset` when they fit (how
   * many bytes), else a Buffer of their own; 0: the timeout passed, -1: it ended with none left.
   */
  receive(channel: unknown, timeoutMs: number, spinNs: number, arena: Buffer, offset: number): Buffer | number;
  /** [the signal it died of (0: none), why it did not load (null: it did)]. */
  end(channel: unknown): [number, string | null];
}

/**
 * How long a wait spins before it sleeps on the futex (ns), on either side: `RCLSIM_CPP_SPIN` µs,
 * none by default, and never on a machine with one CPU. An answer within the spin costs no
 * wake-up, but a spin takes the CPU the other side needs when the machine is busy: on the
 * project's 2-vCPU machine under load, rslcpp's benchmark ran 3,686, 2,664 and 5,671 callbacks
 * per second with 50 µs of spin against 7,575, 8,154 and 26,950 without, alternated. None is also
 * what a count of instructions wants (no wait loop in it).
 */
function spinNs(): number {
  if (realAvailableParallelism() < 2) return 0;
  return Number(process.env.RCLSIM_CPP_SPIN || 0) * 1000;
}

/** Signals by number, each by its first name (SIGABRT, not its alias SIGIOT). */
const SIGNALS = new Map<number, NodeJS.Signals>();
for (const [name, number] of Object.entries(constants.signals)) if (!SIGNALS.has(number)) SIGNALS.set(number, name as NodeJS.Signals);

/** How long one wait of the addon's lasts at most (wall ms). */
const WAIT_SLICE_MS = 50;

/**
 * The bytes of the buffer the addon copies the program's frames into, receive after receive, until
 * one does not fit. A Buffer of its own for every receive was an ArrayBuffer made and swept per
 * callback: malloc, the sweeper's thread freeing them meanwhile, and the two on one allocator lock.
 */
const ARENA_BYTES = 16 * 1024;

export class InProcessLink implements ProgramLink {
  readonly name: string;
  readonly #addon: Addon;
  readonly #channel: unknown;
  readonly #frames = new FrameReader();
  /** Where the next frame is in the addon's buffer: decoded there, without a view made of it. */
  readonly #frame: FrameSpan = { bytes: Buffer.alloc(0), from: 0, end: 0 };
  readonly #spinNs = spinNs();
  /** Where the addon copies the frames (never written twice: decoded bytes are views of it), and how much of it is taken. */
  #arena = Buffer.allocUnsafeSlow(ARENA_BYTES);
  #taken = 0;
  #gone: ProgramGone | null = null;

  /**
   * Loads the shared object at `copy` (a file of this load's own, which the addon removes once
   * loaded: a second load of one file would share its statics) with `addon`, its main to run with
   * `argv`, after `environment` (`NAME=value`) is set in the process's C environment, where its
   * getenv reads. Its Hello is the first thing to read (handshake).
   */
  constructor(name: string, addon: string, copy: string, argv: readonly string[], environment: readonly string[]) {
    this.name = name;
    this.#addon = nativeAddon<Addon>(addon);
    this.#channel = this.#addon.load(copy, argv, this.#spinNs, environment);
  }

  handshake(welcome: Outgoing<Welcome>, deadline = Number.POSITIVE_INFINITY): { hello: Hello; version: number } {
    prepareCodec();
    let first: ToSimulation;
    try {
      first = this.receive(deadline);
    } catch (error) {
      throw error instanceof ProgramGone ? new GoneBeforeHello(error.message) : error;
    }
    const { hello, version } = readHello(first, (failed) => this.send(failed));
    this.send({ welcome: { ...welcome, protocolVersion: version } });
    return { hello, version };
  }

  send(message: Outgoing<ToClient>): void {
    if (this.#gone !== null) throw this.#gone;
    // The addon copies the bytes before it returns. A Run goes in the fixed layout (fixedCodec.ts),
    // which the C++ client reads at fixed offsets; everything else as protobuf.
    const fixed = encodeToClientFixed(message);
    if (fixed !== undefined) this.#addon.send(this.#channel, fixedBytes(), fixed);
    else this.#addon.send(this.#channel, encodeToClientTransient(message));
  }

  /** The next message; waits until `deadline` (wall ms, base/realTime.ts's wallClock) for it. */
  receive(deadline = Number.POSITIVE_INFINITY): ToSimulation {
    for (;;) {
      const frame = this.#frame;
      if (this.#frames.nextSpan(frame)) {
        try {
          // A Publish or Done in the fixed layout starts with 0, as no protobuf body does.
          if (frame.end > frame.from && frame.bytes[frame.from] === 0) return decodeToSimulationFixed(frame.bytes, frame.from, frame.end);
          return decodeToSimulation(frame.bytes, frame.from, frame.end);
        } catch (error) {
          throw error instanceof OutOfProtocol ? new OutOfProtocol(`sent ${error.message}`) : error;
        }
      }
      if (this.#gone !== null) throw this.#gone;
      // In slices: between them this thread's JavaScript runs, so a run stopped from outside
      // (its supervisor's --callback-timeout, a signal) stops it even while the program never answers.
      if (this.#taken === ARENA_BYTES) {
        this.#arena = Buffer.allocUnsafeSlow(ARENA_BYTES);
        this.#taken = 0;
      }
      // Without a deadline no clock is read: this runs for every message of every callback.
      const slice = deadline === Number.POSITIVE_INFINITY ? WAIT_SLICE_MS : Math.min(WAIT_SLICE_MS, Math.max(0, deadline - wallClock()));
      const got = this.#addon.receive(this.#channel, slice, this.#spinNs, this.#arena, this.#taken);
      if (got === 0) {
        if (wallClock() >= deadline) throw new ProgramTimeout(`program '${this.name}' did not answer in time`);
        continue;
      }
      if (got === -1) {
        this.#gone = new ProgramGone(`program '${this.name}' ended its thread in rclsim's process`);
        throw this.#gone;
      }
      try {
        if (typeof got !== 'number') {
          // Too large for what is left of the arena: the next receive starts a new one.
          this.#frames.push(got, true);
          this.#taken = ARENA_BYTES;
        } else {
          const from = this.#taken;
          this.#taken += got;
          this.#frames.push(this.#arena, true, from, this.#taken);
        }
      } catch (error) {
        throw error instanceof OutOfProtocol ? new OutOfProtocol(`sent ${error.message}`) : error;
      }
    }
  }

  /** Its thread waits for good once it said Exit: nothing more to wait for. */
  awaitEnd(): void {}

  /**
   * A thread in this process cannot be killed: the program ends here (nothing more is sent to it
   * or read from it). One that ended waits for good; one that runs on (a callback past
   * --callback-timeout) goes on until rclsim exits, which the run's failure then does.
   */
  kill(): void {
    this.#gone ??= new ProgramGone(`program '${this.name}' was ended by the simulation`);
  }

  /** How its thread ended: a signal it died of, or what kept it from loading (null: it cannot be told). */
  exitedNow(): ProgramExit | null {
    const [signal, loadError] = this.#addon.end(this.#channel);
    if (loadError !== null) return { kind: 'not-started', message: loadError };
    const name = SIGNALS.get(signal);
    return name === undefined ? null : { kind: 'signal', signal: name };
  }
}
