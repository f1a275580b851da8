import { Actions } from './Actions.js';
import { SpareEnds } from './CallbackEnd.js';
import type { CallbackRunner } from './CallbackRunner.js';
import type { Executable } from './Executable.js';
import type { Executor } from './executors/Executor.js';
import { Fifo } from './Fifo.js';
import { INSTANT_PHASES } from './instantPhases.js';
import { advanceOffset, type SimClock } from './simTime.js';
import { Timers } from './Timers.js';

/**
 * What the phases of a step work on, and the step itself: INSTANT_PHASES run in their order,
 * each doing what its entry in instantPhases.ts says with the parts held here — the ready FIFO,
 * the timers, the scheduled actions, the executors and whose turn it is, callbacks that take
 * time. The Engine owns time and the loop around the steps; a step runs at the clock's now.
 *
 * Everything here reads the instant from the clock rather than taking it as an argument: V8
 * boxes a time past a small integer's range passed to a call it does not inline, an allocation
 * per call (npm run costs rslcpp: +7 bytes per callback).
 */
export class Step {
  readonly fifo = new Fifo<Executable>();
  readonly timers: Timers;
  readonly actions: Actions;
  readonly runner: CallbackRunner;
  readonly clock: SimClock;
  /**
   * Executors besides the events one, in declaration order: at each instant the events
   * executor and each of them take turns, one callback per turn (docs/executors.md).
   */
  readonly executors: Executor[] = [];
  /** Where the step stands: the index in INSTANT_PHASES of the phase it runs (a yield resumes there). */
  phase = 0;
  /** Whose turn it is: 0 the events executor, i the executor i − 1. */
  turn = 0;
  /** A callback or action left promise continuations to run: the step stops to let them. */
  needsYield = false;
  /** Told of every event as it is queued (the run's metrics: when an entity became ready). */
  onEnqueue: ((entity: Executable) => void) | null = null;
  /**
   * How long a callback takes (ns of sim time; 0 for none), drawn as it starts: set by the
   * simulation when a job gives execution times, which makes every executor take turns.
   */
  durationOf: ((entity: Executable) => number) | null = null;
  /**
   * While a callback that takes time runs: its duration. Its effects — events it triggers,
   * messages it sends (Delivery reads this) — happen when it ends, `effectDelay` from now.
   */
  effectDelay = 0;
  /** The events executor's thread runs a callback until then (an offset). */
  eventsBusyUntil = -Infinity;
  /** Sim time of the events executor's callbacks that take time, to their ends (ns). */
  #eventsBusyTime = 0;
  /** The callback a turn runs now (null: none), its executor's thread, from 1 (executingThread), and its duration. */
  #turnEntity: Executable | null = null;
  #turnThread = 0;
  #turnDuration = 0;
  /** Ends already run, for later callbacks that take time. */
  readonly #spareEnds = new SpareEnds();
  /** The end of the next (or running) callback that takes time: what it does gathers there, in order. */
  #end = this.#spareEnds.take();

  constructor(clock: SimClock, runner: CallbackRunner) {
    this.clock = clock;
    this.runner = runner;
    this.timers = new Timers(clock);
    this.actions = new Actions(clock);
  }

  /**
   * Runs the step at now: the phases of INSTANT_PHASES, in order, from `phase`. Returns false
   * when a callback or action left promise continuations to run first; called again, it goes on
   * where it stopped.
   */
  run(): boolean {
    const phases = INSTANT_PHASES;
    for (; this.phase < phases.length; this.phase++) {
      if (!phases[this.phase]!.run(this)) return false;
      // Every round of executor turns begins with the events executor.
      this.turn = 0;
    }
    return true;
  }

  /** Runs the callback of `entity` now. */
  execute(entity: Executable): void {
    if (this.runner.run(entity)) this.needsYield = true;
  }

  /** An event happened for `entity`: see Engine#enqueue. */
  enqueue(entity: Executable): void {
    if (this.effectDelay !== 0) {
      // A callback that takes time triggers others when it ends.
      this.#enqueueAtEnd(entity);
      return;
    }
    this.onEnqueue?.(entity);
    const executor = entity.executor;
    if (executor) executor.ready(entity);
    else this.fifo.push(entity);
  }

  // Its own function: one that makes a closure allocates what it captures on every call.
  #enqueueAtEnd(entity: Executable): void {
    this.#end.effects.push(() => this.enqueue(entity));
  }

  /** Runs `effect` when the running callback's effects happen: now, or when a callback that takes time ends. */
  effect(effect: () => void): void {
    if (this.effectDelay === 0) effect();
    else this.#end.effects.push(effect);
  }

  /** See Engine#executingThread. */
  get executingThread(): number {
    return this.#turnEntity !== null && this.runner.executing === this.#turnEntity ? this.#turnThread : 0;
  }

  /** See Engine#executingDuration. */
  get executingDuration(): number {
    return this.#turnEntity !== null && this.runner.executing === this.#turnEntity ? this.#turnDuration : 0;
  }

  /** Sim time the events executor's thread spent in callbacks until now (ns). */
  eventsBusyTime(): number {
    return this.#eventsBusyTime - Math.max(0, this.eventsBusyUntil - this.clock.now);
  }

  /** Whether something is to run at now: an action due, an event or timer for a free thread. */
  hasWork(): boolean {
    const now = this.clock.now;
    const head = this.timers.heap.top;
    const action = this.actions.top;
    return (
      (action !== undefined && action.at <= now) ||
      (this.eventsBusyUntil <= now && (this.fifo.length > 0 || (head !== undefined && head.key <= now))) ||
      this.#executorsHaveWork(now)
    );
  }

  #executorsHaveWork(now: number): boolean {
    const executors = this.executors;
    for (let i = 0; i < executors.length; i++) if (executors[i]!.hasWork(now)) return true;
    return false;
  }

  /** The next due time, or Infinity when only weak actions (or nothing) are left. */
  nextTime(): number {
    const now = this.clock.now;
    const head = this.timers.heap.top;
    const action = this.actions.top;
    // A busy thread's timers wait for it (the action that frees it keeps time moving).
    let timerAt = head === undefined ? Infinity : Math.max(head.key, this.eventsBusyUntil);
    const executors = this.executors;
    for (let i = 0; i < executors.length; i++) timerAt = Math.min(timerAt, executors[i]!.nextTime(now));
    if (timerAt === Infinity && this.actions.live === 0) return Infinity;
    const actionAt = action === undefined ? Infinity : action.at;
    return Math.min(timerAt, actionAt);
  }

  /**
   * Runs a callback that may take time: its code runs now (its clock reads now), its thread is
   * busy for its duration, and what it triggers or sends happens at the end (docs/executors.md
   * "execution_times:"). A callback that ran nothing (SKIPPED) takes no time.
   */
  executeTimed(entity: Executable, executor: Executor | null): void {
    const duration = this.durationOf?.(entity) ?? 0;
    this.#turnEntity = entity;
    this.#turnThread = executor === null ? 0 : executor.thread + 1;
    this.#turnDuration = duration;
    if (duration === 0) {
      this.execute(entity);
      this.#turnEntity = null;
      return;
    }
    const runner = this.runner;
    const callbacks = runner.callbacks;
    const end = this.#end;
    this.effectDelay = duration;
    try {
      this.execute(entity);
    } finally {
      this.effectDelay = 0;
      this.#turnEntity = null;
    }
    if (runner.callbacks === callbacks) {
      // No callback ran (SKIPPED): it took no time.
      end.runEffects();
      return;
    }
    const now = this.clock.now;
    const at = advanceOffset(now, duration, 'callback end');
    if (executor === null) {
      this.eventsBusyUntil = at;
      this.#eventsBusyTime += duration;
    } else executor.occupy(entity, now, at);
    // Its effects happen then, in the order it caused them; and the thread is free again: a step
    // at that time lets it take its next turn.
    this.#end = this.#spareEnds.take();
    this.actions.end(end, at);
  }
}
