import { createRequire, syncBuiltinESMExports } from 'node:module';
import * as portableMath from '../base/portableMath.js';
import { VIRTUAL_CPUS } from '../base/virtualCpus.js';
import type { ProgramMachine } from './ProgramMachine.js';
import { Replacements } from './Replacements.js';

const require = createRequire(import.meta.url);
const timersModule = require('node:timers') as Record<string, unknown>;
const timersPromisesModule = require('node:timers/promises') as Record<string, unknown>;
const cryptoModule = require('node:crypto') as Record<string, unknown>;
const osModule = require('node:os') as Record<string, unknown>;

const RealDate = Date;
/** Each program's streams (Program#random) of Math.random and of crypto. */
const MATH_RANDOM_STREAM = 1;
const CRYPTO_STREAM = 2;

/** Node's coercion of process.exit's argument: an integer, or an integer string; else an error. */
function exitCode(code: number | string | null | undefined): number {
  if (code === undefined || code === null) return 0;
  const value = typeof code === 'string' && /^-?\d+$/.test(code.trim()) ? Number(code) : code;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(`The "code" argument must be an integer. Received ${JSON.stringify(code)}`);
  }
  return value;
}

/**
 * docs/design.md#determinism-rules, rule 3: while a run lasts, user code sees sim time and the job's seed through the
 * standard globals and built-in modules — timers (`setTimeout` … and `timers/promises`),
 * `Date`, `performance.now`, `process.hrtime`, `Math.random`, `crypto.randomUUID` and
 * `crypto.getRandomValues`, each program from streams of its own (Program#random); a fixed CPU
 * count (`os.availableParallelism`, `os.cpus`, `navigator.hardwareConcurrency`); Math's
 * transcendental functions (sin, exp, pow …) are the portable ones, the same bits on every
 * machine; and `process.exit()` ends the calling program, not the simulator
 * (Simulation#exitProgram). `uninstall()` puts every original back.
 */
export class VirtualGlobals {
  /** The globals of the run under way in this thread: installed, in place or taken out while a loader runs. */
  static #installed: VirtualGlobals | null = null;
  readonly #machine: ProgramMachine;
  readonly #replacements = new Replacements();
  #inPlace = false;

  constructor(machine: ProgramMachine) {
    this.#machine = machine;
  }

  install(): void {
    VirtualGlobals.#installed = this;
    this.#putIn();
  }

  uninstall(): void {
    if (this.#inPlace) this.#takeOut();
    VirtualGlobals.#installed = null;
  }

  /**
   * Runs `code` with the process's own globals: what loads a program — Node's module loader, the
   * load hooks (tsx) and their caches — is not the program. tsx's cache, on a miss, writes the
   * compiled file and schedules its own clean-up with setImmediate: with the virtual globals in
   * place that was a callback of the program, on the first run alone (a cache warm after it).
   */
  static outsideProgram<T>(code: () => T): T {
    const globals = VirtualGlobals.#installed;
    if (globals === null || !globals.#inPlace) return code();
    globals.#takeOut();
    try {
      return code();
    } finally {
      // Unless the run ended meanwhile (uninstall).
      if (VirtualGlobals.#installed === globals) globals.#putIn();
    }
  }

  /** Runs `code` — a module's own code, within a loader — with the virtual globals, when a run has them. */
  static insideProgram<T>(code: () => T): T {
    const globals = VirtualGlobals.#installed;
    if (globals === null || globals.#inPlace) return code();
    globals.#putIn();
    try {
      return code();
    } finally {
      if (globals.#inPlace) globals.#takeOut();
    }
  }

  /** Whether a loader runs with the process's own globals now (outsideProgram). */
  static get loading(): boolean {
    return VirtualGlobals.#installed !== null && !VirtualGlobals.#installed.#inPlace;
  }

  #putIn(): void {
    this.#inPlace = true;
    const machine = this.#machine;
    const nowNs = (): bigint => machine.now();
    const nowMs = (): number => Number(machine.now() / 1_000_000n);
    const timers = machine.timers;
    // Drawn from the streams of the program whose code calls, as if it ran in its own process.
    const fillRandom = (bytes: Uint8Array): void => machine.random(CRYPTO_STREAM).fillBytes(bytes);

    const timerFunctions = {
      setTimeout: timers.setTimeout,
      setInterval: timers.setInterval,
      setImmediate: timers.setImmediate,
      clearTimeout: timers.clear,
      clearInterval: timers.clear,
      clearImmediate: timers.clear,
    };
    this.#replacements.replaceAll(globalThis, timerFunctions);
    this.#replacements.replaceAll(timersModule, timerFunctions);
    this.#replacements.replaceAll(timersPromisesModule, promiseTimers(timers, machine));
    this.#replacements.replaceAll(globalThis, { Date: virtualDate(nowMs) });
    const realQueueMicrotask = globalThis.queueMicrotask;
    this.#replacements.replaceAll(globalThis, {
      queueMicrotask: (callback: () => void) => realQueueMicrotask(machine.deferred('queueMicrotask', callback)),
    });
    this.#replacements.replaceAll(process, {
      nextTick: (callback: (...args: unknown[]) => void, ...args: unknown[]) => machine.nextTick(machine.deferred('process.nextTick', callback), args),
    });
    // The host's Math.sin & co round some results differently on arm64. (User code's ** calls
    // Math.pow, rewritten as it loads: compat/portablePow.ts.)
    this.#replacements.replaceAll(Math, { random: () => machine.random(MATH_RANDOM_STREAM).nextDouble(), ...portableMath });
    this.#replacements.replaceAll(performance, { now: () => Number(machine.now()) / 1e6 });
    const hrtime = Object.assign(
      (previous?: [number, number]): [number, number] => {
        let ns = nowNs();
        if (previous) ns -= BigInt(previous[0]) * 1_000_000_000n + BigInt(previous[1]);
        return [Number(ns / 1_000_000_000n), Number(ns % 1_000_000_000n)];
      },
      { bigint: nowNs },
    );
    this.#replacements.replaceAll(process, {
      hrtime,
      exit: (code?: number | string | null) => machine.exit(exitCode(code ?? process.exitCode)),
    });
    const randomFunctions = {
      randomUUID: () => randomUUID(fillRandom),
      getRandomValues: <T extends ArrayBufferView | null>(array: T): T => {
        if (!ArrayBuffer.isView(array) || array instanceof Float32Array || array instanceof Float64Array) {
          throw new TypeError('getRandomValues needs an integer typed array');
        }
        if (array.byteLength > 65536) throw new RangeError('getRandomValues: more than 65536 bytes requested');
        fillLittleEndian(array, fillRandom);
        return array;
      },
    };
    // node:crypto's getRandomValues is a fixed getter that calls globalThis.crypto's method.
    this.#replacements.replaceAll(cryptoModule, { randomUUID: randomFunctions.randomUUID });
    this.#replacements.replaceAll(globalThis.crypto, randomFunctions);
    // rclsim's own code reads the machine's count through base/realTime.ts.
    this.#replacements.replaceAll(osModule, { availableParallelism: () => VIRTUAL_CPUS, cpus: virtualCpus });
    // Node.js 21 on: a getter of Navigator.prototype, shadowed here by the instance's own value.
    const navigator = (globalThis as { navigator?: object }).navigator;
    if (navigator !== undefined) this.#replacements.replaceAll(navigator, { hardwareConcurrency: VIRTUAL_CPUS });
    syncBuiltinESMExports();
  }

  #takeOut(): void {
    this.#inPlace = false;
    this.#replacements.restoreAll();
    syncBuiltinESMExports();
  }
}

/** os.cpus() of the virtual machine: new objects on every call, as Node.js's are. */
function virtualCpus(): object[] {
  return Array.from({ length: VIRTUAL_CPUS }, () => ({ model: 'rclsim virtual CPU', speed: 0, times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 } }));
}

/** A Date whose "now" is sim time; everything else is the real Date. */
function virtualDate(nowMs: () => number): DateConstructor {
  function SimDate(this: unknown, ...args: unknown[]): Date | string {
    if (!new.target) return new RealDate(nowMs()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [nowMs()] : args, new.target) as Date;
  }
  SimDate.prototype = RealDate.prototype;
  Object.setPrototypeOf(SimDate, RealDate);
  return Object.assign(SimDate, { now: nowMs, parse: RealDate.parse, UTC: RealDate.UTC }) as unknown as DateConstructor;
}

/** `timers/promises` on sim time. */
function promiseTimers(timers: ProgramMachine['timers'], engine: { requestYield(): void }): Record<string, unknown> {
  const abortError = (signal: AbortSignal): Error =>
    Object.assign(new Error('The operation was aborted', { cause: signal.reason }), { name: 'AbortError', code: 'ABORT_ERR' });
  const wait = <T>(start: (done: () => void) => { cancel(): void }, value: T, signal?: AbortSignal): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortError(signal));
        return;
      }
      const onAbort = (): void => {
        timer.cancel();
        reject(abortError(signal!));
      };
      const timer = start(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve(value);
        engine.requestYield();
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  const setTimeout = <T>(delay?: number, value?: T, options: { signal?: AbortSignal } = {}): Promise<T | undefined> =>
    wait((done) => timers.setTimeout(done, delay), value, options.signal);
  const setImmediate = <T>(value?: T, options: { signal?: AbortSignal } = {}): Promise<T | undefined> =>
    wait((done) => timers.setImmediate(done), value, options.signal);
  async function* setInterval<T>(delay?: number, value?: T, options: { signal?: AbortSignal } = {}): AsyncGenerator<T | undefined> {
    for (;;) yield await setTimeout(delay, value, options);
  }
  const scheduler = {
    wait: (delay: number, options?: { signal?: AbortSignal }) => setTimeout(delay, undefined, options),
    yield: () => setImmediate(),
  };
  return { setTimeout, setImmediate, setInterval, scheduler };
}

/**
 * Fills an integer typed array with seeded bytes taken as each element's little-endian encoding,
 * so user code reads the same numbers on every machine (a native-order view of the same bytes
 * would give a big-endian machine other values). On a little-endian machine the second pass
 * rewrites every element with itself; it runs there too, so that it is tested.
 */
function fillLittleEndian(array: ArrayBufferView, fill: (bytes: Uint8Array) => void): void {
  // byte order: read back below through a little-endian DataView.
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  fill(bytes);
  const size = (array as { BYTES_PER_ELEMENT?: number }).BYTES_PER_ELEMENT ?? 1;
  if (size === 1) return;
  const view = new DataView(array.buffer, array.byteOffset, array.byteLength);
  const elements = array as unknown as Record<number, number | bigint>;
  for (let i = 0, at = 0; at < bytes.length; i++, at += size) {
    elements[i] = size === 2 ? view.getUint16(at, true) : size === 4 ? view.getUint32(at, true) : view.getBigUint64(at, true);
  }
}

/** A version-4 UUID from 16 seeded bytes. */
function randomUUID(fill: (bytes: Uint8Array) => void): string {
  const bytes = new Uint8Array(16);
  fill(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
