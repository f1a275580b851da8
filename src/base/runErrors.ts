import { describeThrown } from './describeThrown.js';

/** Sim times in errors are printed as seconds with nanosecond precision. */
export function formatSimTime(ns: bigint): string {
  const negative = ns < 0n;
  const abs = negative ? -ns : ns;
  const seconds = abs / 1_000_000_000n;
  const nanos = (abs % 1_000_000_000n).toString().padStart(9, '0');
  return `${negative ? '-' : ''}${seconds}.${nanos}s`;
}

/** Every error made by an OwnError class: what `instanceof` those classes consult first. */
const ownErrors = new WeakSet<object>();

/**
 * Errors rclsim throws through user code and tells apart from the user's. `instanceof` one of
 * them looks the value up in a WeakSet first, so a thrown Proxy's `getPrototypeOf` trap (user
 * code, which may throw) never runs inside rclsim's own checks.
 */
abstract class OwnError extends Error {
  static override [Symbol.hasInstance](this: abstract new (...args: never[]) => unknown, value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the subclass on the right of `instanceof`.
    return typeof value === 'object' && value !== null && ownErrors.has(value) && Function.prototype[Symbol.hasInstance].call(this, value);
  }

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    ownErrors.add(this);
  }
}

/** A user callback threw (or its promise rejected): names the entity and the sim time. */
export class CallbackError extends OwnError {
  readonly entity: string;
  readonly simTime: bigint;

  constructor(entity: string, simTime: bigint, cause: unknown) {
    super(`${entity} threw at sim time ${formatSimTime(simTime)}: ${describeThrown(cause)}`, { cause });
    this.name = 'CallbackError';
    this.entity = entity;
    this.simTime = simTime;
  }
}

/**
 * Thrown through user code by `process.exit()` so that the code stops there, as a process that
 * exits does; the engine and the program loader let it pass without failing the run.
 */
export class ExitSignal extends OwnError {
  readonly code: number;

  constructor(owner: string, code: number) {
    super(`${owner} called process.exit(${code})`);
    this.name = 'ExitSignal';
    this.code = code;
  }
}

/** How a program's own process ended without saying it would: an uncaught error (its exit code), out of memory, or a signal (an abort, a kill). */
export type ProgramDeath = 'error' | 'out-of-memory' | 'signal';

/** A program in its own process died (docs/design.md#faults-stay-in-their-process): names the program, its nodes and the sim time. */
export class ProgramDiedError extends OwnError {
  readonly death: ProgramDeath;

  constructor(program: string, nodes: readonly string[], simTime: bigint, death: ProgramDeath, how: string) {
    super(describeProgramEnd(program, nodes, simTime, how));
    this.name = 'ProgramDiedError';
    this.death = death;
  }
}

/** One line on how a program ended: `program <name> (node <nodes>) <how> at sim time <t>`. */
export function describeProgramEnd(program: string, nodes: readonly string[], simTime: bigint, how: string): string {
  return `${describeProgram(program, nodes)} ${how} at sim time ${formatSimTime(simTime)}`;
}

/** A program as lines name it, by its name and its nodes: `program talker.js (node /talker)`, `component nodes.ts#Ear (nodes /a, /b)`. */
export function describeProgram(program: string, nodes: readonly string[], kind = 'program'): string {
  const of = nodes.length === 0 ? '' : ` (node${nodes.length > 1 ? 's' : ''} ${nodes.join(', ')})`;
  return `${kind} ${program}${of}`;
}

/** The run was interrupted by a signal (SIGINT, SIGTERM): it stopped at the end of a step. */
export class InterruptedError extends Error {
  readonly signal: NodeJS.Signals;

  /** `during`: what was under way (`while evaluating launch file x.py`), when it was no run. */
  constructor(signal: NodeJS.Signals, during?: string) {
    super(`interrupted by ${signal}${during === undefined ? '' : ` ${during}`}`);
    this.name = 'InterruptedError';
    this.signal = signal;
  }
}

/** Too many callbacks ran without sim time advancing: a zero-delay cycle. */
export class LivelockError extends Error {
  readonly simTime: bigint;
  readonly channels: string[];

  constructor(simTime: bigint, limit: number, channels: string[]) {
    const cycle = channels.length > 0 ? ` through ${channels.join(' -> ')}` : '';
    super(
      `instant livelock at sim time ${formatSimTime(simTime)}: more than ${limit} callbacks ran ` +
        `without time advancing, in a cycle${cycle}. Add a delay on one of these topics, or raise ` +
        `maxCallbacksPerInstant if the burst is intended.`,
    );
    this.name = 'LivelockError';
    this.simTime = simTime;
    this.channels = channels;
  }
}

/** A time that cannot be represented exactly in the engine's range. */
export class SimTimeRangeError extends RangeError {
  constructor(what: string) {
    super(`${what} is out of the simulation's exact time range (start ± 2^53 ns, about 104 days)`);
    this.name = 'SimTimeRangeError';
  }
}

/** An output of the run (a recording, a trace) could not be written: names the file and why. */
export class OutputError extends Error {
  readonly path: string;

  constructor(path: string, problem: string, options?: { cause?: unknown }) {
    super(`cannot write ${path}: ${problem}`, options);
    this.name = 'OutputError';
    this.path = path;
  }

  /** The system's reason for a failed write or open ("no space left on device (ENOSPC)"). */
  static describe(error: unknown): string {
    const code = (error as { code?: unknown } | null)?.code;
    const reason = describeThrown(error)
      .replace(/^[A-Z]+: /, '')
      .replace(/, (write|open|close|ftruncate).*$/, '');
    return typeof code === 'string' ? `${reason} (${code})` : reason;
  }
}

/** How an error of user code went uncaught, as Node.js names the process events it raises. */
export type UncaughtOrigin = 'uncaughtException' | 'unhandledRejection';
