/**
 * Where a run tells a supervisor on another thread how it is doing, in shared memory, without
 * ever waiting for it: how far sim time got, how many callbacks ran, and whether the thread is
 * inside user code right now (a callback, or promise continuations) and since which callback.
 * The supervisor reads it to draw progress and to notice a callback that never returns.
 */
export class Heartbeat {
  static readonly SEQUENCE = 0;
  static readonly STATE = 1;
  static readonly NOW = 2;
  static readonly CALLBACKS = 3;
  static readonly IN_ENGINE = 0;
  static readonly IN_CALLBACK = 1;
  static readonly IN_CONTINUATIONS = 2;

  readonly values: Float64Array;

  constructor(buffer: SharedArrayBuffer = new SharedArrayBuffer(4 * Float64Array.BYTES_PER_ELEMENT)) {
    // byte order: shared between threads of one process, never bytes that leave it.
    this.values = new Float64Array(buffer);
  }

  /** Code of the user's runs now that is no callback (a program's top-level code while loading). */
  enterUserCode(): void {
    this.values[Heartbeat.SEQUENCE]!++;
    this.values[Heartbeat.STATE] = Heartbeat.IN_CALLBACK;
  }

  leaveUserCode(): void {
    this.values[Heartbeat.STATE] = Heartbeat.IN_ENGINE;
  }

  get buffer(): SharedArrayBuffer {
    // byte order: see the constructor.
    return this.values.buffer as SharedArrayBuffer;
  }

  /** Callbacks started so far: unchanged while one runs. */
  get sequence(): number {
    return this.values[Heartbeat.SEQUENCE]!;
  }

  get state(): number {
    return this.values[Heartbeat.STATE]!;
  }

  /** Sim time reached, as ns after the start. */
  get now(): number {
    return this.values[Heartbeat.NOW]!;
  }

  get callbacks(): number {
    return this.values[Heartbeat.CALLBACKS]!;
  }
}
