import { promiseEvents } from '../base/promiseActivity.js';
import { CallbackError, ExitSignal, LivelockError, type UncaughtOrigin } from '../base/runErrors.js';
import { isThenable } from '../base/thenable.js';
import { truncate } from '../base/truncate.js';
import { type Executable, SKIPPED } from './Executable.js';
import { Heartbeat } from './Heartbeat.js';
import type { RunRecord } from './RunRecord.js';

/** What the runner reads of the engine (the Engine). */
export interface RunnerHost {
  readonly nowAbs: bigint;
  /** The duration of the callback that takes time and is running (0: none). */
  readonly effectDelay: number;
  /** Fails the run from code that must not throw (Engine#fail). */
  fail(error: unknown): void;
}

const LIVELOCK_WINDOW = 1000;

/**
 * Runs one callback for the engine: enters its program's scope, tells the heartbeat, offers what
 * it throws to the program's own handlers, runs the work queued after it (process.nextTick's),
 * then counts it (a livelock at one instant fails the run), records it (RunRecord) and watches a
 * promise it returns.
 */
export class CallbackRunner {
  /** The entity whose callback is running (null between callbacks). */
  executing: Executable | null = null;
  callbacks = 0;
  /** See Engine#uncaught. */
  uncaught: ((error: unknown, origin: UncaughtOrigin) => boolean) | null = null;
  /** See Engine#enterScope. */
  enterScope: (scope: object) => void = () => {};
  /** Progress for a supervisor on another thread (null: none watches). */
  beat: Float64Array | null = null;
  readonly maxCallbacksPerInstant: number;
  /** The scope entered in the current async resource (null after an await: unknown). */
  #scope: object | null = null;
  readonly #afterCallback: (() => void)[] = [];
  #instantCallbacks = 0;
  #recentChannels: string[] = [];
  readonly #host: RunnerHost;
  readonly #record: RunRecord;

  constructor(host: RunnerHost, record: RunRecord, maxCallbacksPerInstant: number) {
    this.#host = host;
    this.#record = record;
    this.maxCallbacksPerInstant = maxCallbacksPerInstant;
  }

  /** See Engine#afterCallback. */
  afterCallback(work: () => void): void {
    this.#afterCallback.push(work);
  }

  /** The engine goes on after an await: in a new async resource, whose scope is not known. */
  forgetScope(): void {
    this.#scope = null;
  }

  /** Time moved on: the count of callbacks at one instant starts again. */
  newInstant(): void {
    this.#instantCallbacks = 0;
    if (this.#recentChannels.length > 0) this.#recentChannels.length = 0;
  }

  /** Runs one event of `entity` inside the code that asks for it (Engine#executeNow); whether it left promise continuations. */
  runNested(entity: Executable): boolean {
    const outer = this.executing;
    const outerScope = this.#scope;
    const beat = this.beat;
    try {
      return this.run(entity);
    } finally {
      this.executing = outer;
      // The code that asked goes on in its own program's scope.
      if (outerScope !== null && this.#scope !== outerScope) {
        this.#scope = outerScope;
        this.enterScope(outerScope);
      }
      if (beat !== null && outer !== null) beat[Heartbeat.STATE] = Heartbeat.IN_CALLBACK;
    }
  }

  /** Runs one event of `entity`; whether it left promise continuations to run before time moves. */
  run(entity: Executable): boolean {
    let result: unknown;
    let pending = false;
    const promises = promiseEvents();
    if (entity.scope !== this.#scope) {
      this.#scope = entity.scope;
      this.enterScope(entity.scope);
    }
    this.executing = entity;
    const beat = this.beat;
    if (beat !== null) {
      beat[Heartbeat.SEQUENCE]++;
      beat[Heartbeat.STATE] = Heartbeat.IN_CALLBACK;
    }
    try {
      result = entity.execute();
    } catch (error) {
      if (!(error instanceof ExitSignal) && !this.#programHandles(entity.label, error, 'uncaughtException')) {
        throw new CallbackError(entity.label, this.#host.nowAbs, error);
      }
    } finally {
      this.executing = null;
      if (beat !== null) beat[Heartbeat.STATE] = Heartbeat.IN_ENGINE;
    }
    // Work queued for after the callback may queue more, which runs in the same pass.
    const after = this.#afterCallback;
    if (after.length > 0) {
      for (let i = 0; i < after.length; i++) after[i]!();
      truncate(after);
    }
    if (promiseEvents() !== promises) pending = true;
    if (result === SKIPPED) return pending;
    this.callbacks++;
    if (beat !== null) beat[Heartbeat.CALLBACKS] = this.callbacks;
    if (++this.#instantCallbacks > this.maxCallbacksPerInstant - LIVELOCK_WINDOW) this.#watchLivelock(entity);
    this.#record.callback(entity, this.#host.effectDelay);
    if (result !== undefined && result !== null && isThenable(result)) {
      const simTime = this.#host.nowAbs;
      (result as PromiseLike<unknown>).then(undefined, (error: unknown) => this.failCallback(entity.label, simTime, error, 'unhandledRejection'));
      pending = true;
    }
    return pending;
  }

  /** See Engine#failCallback. */
  failCallback(label: string, simTime: bigint, error: unknown, origin: UncaughtOrigin): void {
    if (!(error instanceof ExitSignal) && !this.#programHandles(label, error, origin)) this.#host.fail(new CallbackError(label, simTime, error));
  }

  #programHandles(label: string, error: unknown, origin: UncaughtOrigin): boolean {
    if (this.uncaught === null) return false;
    try {
      return this.uncaught(error, origin);
    } catch (listenerError) {
      this.#host.fail(new CallbackError(`the ${origin} listener given the error of ${label}`, this.#host.nowAbs, listenerError));
      return true;
    }
  }

  #watchLivelock(entity: Executable): void {
    if (entity.channel !== '') this.#recentChannels.push(entity.channel);
    if (this.#instantCallbacks > this.maxCallbacksPerInstant) {
      throw new LivelockError(this.#host.nowAbs, this.maxCallbacksPerInstant, [...new Set(this.#recentChannels)]);
    }
  }
}
