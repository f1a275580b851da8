import type { Hash64 } from '../base/Hash64.js';
import { countPromiseEvents } from '../base/promiseActivity.js';
import type { UncaughtOrigin } from '../base/runErrors.js';
import { MAX_OFFSET, MAX_TIME } from '../base/simTimeRange.js';
import { CallbackRunner } from './CallbackRunner.js';
import { Continuations } from './Continuations.js';
import type { EngineTimer } from './EngineTimer.js';
import type { EventLog } from './EventLog.js';
import type { EngineObserver, Executable, OutputKind, OutputSource } from './Executable.js';
import type { Executor } from './executors/Executor.js';
import { Heartbeat } from './Heartbeat.js';
import { RunRecord } from './RunRecord.js';
import type { ScheduledAction } from './ScheduledActions.js';
import { Step } from './Step.js';
import { preStartKeys, timeWentBack, toOffset } from './simTime.js';
import type { Timers } from './Timers.js';

export type EndReason = 'finished' | 'idle' | 'end-time' | 'max-time';

export interface EngineOptions {
  /** Sim time (ns) at which the step loop begins; nodes are built while the clock reads 0. */
  startTime: bigint;
  /** Whether the job chose the start time (a program may propose one only when not: proposeStartTime). */
  startChosen?: boolean;
  /** Callbacks allowed at one instant before the run fails as a livelock. */
  maxCallbacksPerInstant?: number;
  /** Compute the run fingerprint (on by default). */
  fingerprint?: boolean;
}

export interface RunLimits {
  /** Absolute sim time at which the run stops, after running everything due at that time. */
  endAt?: bigint;
}

const STEPS_BETWEEN_EVENT_LOOP_TURNS = 1024;
const DEFAULT_MAX_CALLBACKS_PER_INSTANT = 1_000_000;

/**
 * The discrete-event step loop of docs/design.md#the-step-loop (executor model `events`): each instant runs a Step
 * (the phases of instantPhases.ts, each doing its part), then sim time jumps to the next due
 * timer or action. The Engine owns time and the loop; the order is the step's (the ready FIFO,
 * Timers, Actions, the executors); what a run leaves goes to its RunRecord.
 *
 * Internally, times are exact integer numbers of nanoseconds relative to the start time
 * (`base`), which keeps the hot path free of bigint arithmetic (simTime.ts); the API converts to bigint.
 */
export class Engine {
  #base: bigint;
  #startChosen: boolean;
  readonly #record: RunRecord;
  readonly fingerprintEnabled: boolean;
  /** Current sim time as an offset from `base`: 0 until the start, and at it. */
  now = 0;
  /**
   * The earliest time a timer or action may hold: the instant being run, or at the start the keys
   * of what was due before it (below 0, see preStartKeys). A queue given or giving a time before
   * it is an internal error (sim time would go back).
   */
  earliest = 0;
  /** Current absolute sim time (0 while nodes are being constructed): computed when first read at a step. */
  #nowAbs = 0n;
  #nowAbsStale = false;
  started = false;
  finished = false;
  exitCode = 0;
  /** Told about every executed callback and output, in order (traces, perturbation). */
  readonly observers: EngineObserver[];
  /**
   * Called after each step, once its callbacks and their promise continuations are done (and
   * once before the first): where the simulation decides whether the job is over.
   */
  instantEnded: (() => void) | null = null;
  /**
   * Asked, in order, before time moves to `next` (an offset): each gives a promise the loop
   * awaits, or null to go on. After a wait the loop looks again at what is due, since what
   * waited may have scheduled something earlier (an external network simulator's deliveries).
   * Pacing to real time (rclsim run --rate) decides only when a step runs in wall time.
   */
  readonly beforeAdvance: ((next: number) => Promise<void> | null)[] = [];
  /**
   * Asked before the first step and whenever nothing is left to simulate: real work a program
   * started that may give the simulation more (a file being read, a module being imported) as a
   * promise to await before the loop looks again; null when there is none. Sim time does not move
   * meanwhile, so what follows from it happens at the same sim time in every run.
   */
  whenIdle: (() => Promise<void> | null) | null = null;
  readonly #runner: CallbackRunner;
  /** The step at now and what its phases work on: the FIFO, timers, actions, executors (Step, instantPhases.ts). */
  readonly #step: Step;
  readonly #continuations: Continuations;
  #failure: unknown = undefined;

  constructor(options: EngineOptions) {
    this.#base = options.startTime;
    this.#startChosen = options.startChosen ?? false;
    this.fingerprintEnabled = options.fingerprint ?? true;
    this.#record = new RunRecord(this.fingerprintEnabled);
    this.observers = this.#record.observers;
    this.#runner = new CallbackRunner(this, this.#record, options.maxCallbacksPerInstant ?? DEFAULT_MAX_CALLBACKS_PER_INSTANT);
    this.#step = new Step(this, this.#runner);
    this.#continuations = new Continuations(this.#step, () => this.#resumed());
    this.executors = this.#step.executors;
    this.callTimerOf = this.#step.timers.callOf;
  }

  get nowAbs(): bigint {
    if (this.#nowAbsStale) {
      this.#nowAbs = this.base + BigInt(this.now);
      this.#nowAbsStale = false;
    }
    return this.#nowAbs;
  }

  set heartbeat(heartbeat: Heartbeat) {
    this.#runner.beat = heartbeat.values;
    this.#continuations.beat = heartbeat.values;
  }

  /** The start time: every internal time is an offset from it. */
  get base(): bigint {
    return this.#base;
  }

  /** Changes the start time; allowed until the loop starts (all earlier times are absolute). */
  setStartTime(startTime: bigint): void {
    if (this.started) throw new Error('the start time cannot change once the simulation has started');
    if (startTime < 0n) throw new RangeError(`start time must not be negative, got ${startTime}`);
    this.#base = startTime;
    this.#startChosen = true;
  }

  /**
   * A program's start time (rslcpp's Job::get_initial_time), taken when the run has not started
   * and nothing else chose one (the job's `start:`, its script, its bags): the clock then jumps
   * there from construction as it does to a job's start. False when it was not taken (the run
   * starts elsewhere); true too when the job chose that very start.
   */
  proposeStartTime(startTime: bigint): boolean {
    if (this.started) return false;
    if (this.#startChosen) return startTime === this.#base;
    this.setStartTime(startTime);
    return true;
  }

  toAbsolute(offset: number): bigint {
    return this.base + BigInt(offset);
  }

  /** The run's fingerprint so far (docs/design.md#determinism-rules, rule 6). */
  get fingerprint(): Hash64 {
    return this.#record.fingerprint;
  }

  /** Where every callback and output is appended for a consumer that aggregates them (a report), if one asked. */
  get eventLog(): EventLog | null {
    return this.#record.eventLog;
  }

  set eventLog(log: EventLog | null) {
    this.#record.eventLog = log;
  }

  /** Callbacks allowed at one instant before the run fails as a livelock. */
  get maxCallbacksPerInstant(): number {
    return this.#runner.maxCallbacksPerInstant;
  }

  /** Callbacks run so far. */
  get callbacks(): number {
    return this.#runner.callbacks;
  }

  /** The entity whose callback is running (null between callbacks). */
  get executing(): Executable | null {
    return this.#runner.executing;
  }

  /**
   * Which of its executor's threads runs the callback running now, from 1, as the executor
   * picked it in its turn (0: the events executor's, or a callback run inside another's code):
   * a separate program whose executor has a pool runs it there (Run.thread).
   */
  get executingThread(): number {
    return this.#step.executingThread;
  }

  /** How long the callback running now takes (ns of sim time; 0 also for a callback run inside another's code): durationOf's. */
  get executingDuration(): number {
    return this.#step.executingDuration;
  }

  /**
   * Offers an error of user code that nothing caught to the program's own handlers (what
   * `process.on('uncaughtException')` would get); true when they took it and the run goes on.
   */
  set uncaught(handlers: ((error: unknown, origin: UncaughtOrigin) => boolean) | null) {
    this.#runner.uncaught = handlers;
  }

  /** Makes `scope` current for the code a callback starts (set by the simulation). */
  set enterScope(enter: (scope: object) => void) {
    this.#runner.enterScope = enter;
  }

  /**
   * Runs `work` right after the callback that is executing returns, before any promise
   * continuation: what Node.js does with process.nextTick callbacks after a callback of its own.
   */
  afterCallback(work: () => void): void {
    this.#runner.afterCallback(work);
  }

  /**
   * Runs one event of `entity` now, inside the code that asks for it (rclnodejs's spinOnce
   * executes what is ready before it returns); it counts as any callback does.
   */
  executeNow(entity: Executable): void {
    if (this.#runner.runNested(entity)) this.#step.needsYield = true;
  }

  /** An event happened for `entity` (message, request, response, trigger): queue it (with its executor's, when another). */
  enqueue(entity: Executable): void {
    this.#step.enqueue(entity);
  }

  /** Told of every event as it is queued (the run's metrics: when an entity became ready). */
  set onEnqueue(listener: ((entity: Executable) => void) | null) {
    this.#step.onEnqueue = listener;
  }

  /** Executors besides the events one, in declaration order: they take turns with it (Step#executors). */
  readonly executors: Executor[];

  /** How long a callback takes (ns of sim time; 0 for none): set when a job gives execution times (Step#durationOf). */
  set durationOf(durationOf: ((entity: Executable) => number) | null) {
    this.#step.durationOf = durationOf;
  }

  /** While a callback that takes time runs: its duration; its effects happen that much later (Step#effectDelay). */
  get effectDelay(): number {
    return this.#step.effectDelay;
  }

  /** Runs `effect` when the running callback's effects happen: now, or when a callback that takes time ends. */
  effect(effect: () => void): void {
    this.#step.effect(effect);
  }

  /** Sim time the events executor's thread spent in callbacks until now (ns). */
  eventsBusyTime(): number {
    return this.#step.eventsBusyTime();
  }

  /**
   * Run `run` at the start of the step at absolute time `at` (or now, if `at` has passed). A
   * weak action runs in its turn but does not keep the simulation from ending idle. One
   * `afterReady` runs at its time only once the executors ran what was ready then (rclpy's wait
   * with a timeout returns what is ready at its deadline, a wait of 0 what is ready now).
   */
  scheduleAt(at: bigint, run: () => void, weak = false, afterReady = false): ScheduledAction {
    return this.#step.actions.at(at, run, weak, afterReady);
  }

  /** Run `run` at the start of the step `delay` ns from now (see scheduleAt for `weak`). */
  scheduleAfter(delay: number, run: () => void, weak = false): ScheduledAction {
    return this.#step.actions.after(delay, run, weak);
  }

  cancelAction(action: ScheduledAction): void {
    this.#step.actions.cancel(action);
  }

  /** Makes an action weak or strong (Node's timer.unref() and ref()). */
  setWeak(action: ScheduledAction, weak: boolean): void {
    this.#step.actions.setWeak(action, weak);
  }

  /** Register a newly created timer: its first call is one period after now. */
  addTimer(timer: EngineTimer): void {
    this.#step.timers.add(timer);
  }

  removeTimer(timer: EngineTimer): void {
    this.#step.timers.remove(timer);
  }

  /** The timer's heap is `executor`'s from now on. */
  moveTimer(timer: EngineTimer, executor: Executor): void {
    this.#step.timers.move(timer, executor);
  }

  cancelTimer(timer: EngineTimer): void {
    this.#step.timers.cancel(timer);
  }

  /** rcl_timer_reset: next call one period from now, no longer canceled. */
  resetTimer(timer: EngineTimer): void {
    this.#step.timers.reset(timer);
  }

  /** rcl_timer_call_with_info from code (not from the loop): see Timers#callNow. */
  callTimerNow(timer: EngineTimer): bigint {
    return this.#step.timers.callNow(timer);
  }

  timerNextCall(timer: EngineTimer): bigint {
    return this.#step.timers.nextCall(timer);
  }

  timerLastCall(timer: EngineTimer): bigint {
    return this.#step.timers.lastCall(timer);
  }

  /** An executor calls a timer whose turn came (rcl_timer_call); false when it was canceled or destroyed. */
  readonly callTimerOf: Timers['callOf'];

  /**
   * The callback about to run of entity `entityId` consumes an item produced at `producedAt`
   * (ns from the start; a subscription's message, published then): the event log notes it when
   * it is not now, so that its consumer knows how long the item waited.
   */
  consumed(entityId: number, producedAt: number): void {
    this.#record.consumed(entityId, producedAt, this.now);
  }

  /** An output of the system under simulation (docs/design.md#determinism-rules, rule 6): see RunRecord#output. */
  output(kind: OutputKind, source: OutputSource, digestLo: number, digestHi: number): void {
    this.#record.output(kind, source, digestLo, digestHi);
  }

  /** Promise continuations are pending (a promise was resolved): let them run next. */
  requestYield(): void {
    this.#step.needsYield = true;
  }

  /** The job is finished; the loop stops when it next checks (at the top of a step). */
  finish(exitCode = 0): void {
    if (!this.finished) {
      this.finished = true;
      this.exitCode = exitCode;
    }
  }

  /**
   * Fail the run from code that must not throw (a rejected callback promise, a failed write, a
   * signal): the loop stops at the top of its next step, or the run ends with it if it already
   * stopped (see throwIfFailed).
   */
  fail(error: unknown): void {
    if (this.#failure === undefined) this.#failure = error;
  }

  /** Throws the failure recorded with fail(), if any. */
  throwIfFailed(): void {
    if (this.#failure !== undefined) throw this.#failure;
  }

  /**
   * User code of `label` threw or rejected at `simTime`: fails the run, unless it was
   * process.exit() or the program's own handlers took the error.
   */
  failCallback(label: string, simTime: bigint, error: unknown, origin: UncaughtOrigin = 'uncaughtException'): void {
    this.#runner.failCallback(label, simTime, error, origin);
  }

  /**
   * Moves from construction (clock 0) to the start time: timers and actions created before
   * the start enter their queues, timers in node construction order then creation order, with
   * keys that keep their order below every in-run time (preStartKeys).
   */
  start(): void {
    if (this.started) return;
    const times = [...this.#step.timers.preStartTimes(), ...this.#step.actions.preStartTimes()];
    const keyOf = preStartKeys(times, this.base);
    this.started = true;
    this.now = 0;
    // The keys of what was due at or before the start: one rank each at most, below 0.
    this.earliest = -times.length;
    this.#nowAbs = this.base;
    this.#record.started(this.base);
    this.#step.timers.start(keyOf);
    this.#step.actions.start(keyOf);
  }

  /** Runs the step loop until the job finishes, an end condition holds, or nothing is left. */
  async run(limits: RunLimits = {}): Promise<EndReason> {
    const stopCounting = countPromiseEvents();
    try {
      return await this.#loop(limits);
    } finally {
      stopCounting();
    }
  }

  async #loop(limits: RunLimits): Promise<EndReason> {
    // What programs started at setup (a configuration file read, an import) is theirs before time
    // begins: the start waits for it, so that what it builds is there before the start however
    // quick the machine was (waited for after the start, it came before it only when quick).
    await this.#awaitRealWork();
    this.start();
    const endAt = limits.endAt === undefined ? Infinity : toOffset(limits.endAt, this.base, 'end time');
    const maxTime = MAX_TIME - this.base;
    // The job's own end, when it comes first (or with it), is the one the run reports.
    const stopAt = maxTime > BigInt(MAX_OFFSET) ? endAt : Math.min(endAt, Number(maxTime));
    const step = this.#step;
    this.instantEnded?.();
    for (;;) {
      this.throwIfFailed();
      if (this.finished) return 'finished';
      step.phase = 0;
      // A step runs synchronously; it stops early only to let promise continuations run.
      while (!step.run()) await this.#continuations.run();
      // A turn of the event loop now and then, though nothing is pending: signals (SIGINT) and
      // failures reported from outside get in. Nothing else can run, so nothing changes.
      if (++this.#continuations.stepsSince >= STEPS_BETWEEN_EVENT_LOOP_TURNS) await this.#continuations.run();
      this.instantEnded?.();
      if (this.finished) return 'finished';
      if (step.hasWork()) continue;
      let next = step.nextTime();
      // A wait may schedule something before `next` (never at now): look again until none waits.
      // Only a hook that waits costs an await: most advances have none.
      for (let wait: Promise<void> | null; next !== Infinity && (wait = this.#beforeAdvanceWait(Math.min(next, stopAt))) !== null; next = step.nextTime()) {
        await wait;
        this.#resumed();
      }
      if (next === Infinity) {
        if (await this.#awaitRealWork()) continue;
        return 'idle';
      }
      if (next > stopAt) {
        if (stopAt > this.now) this.#setNow(stopAt);
        return stopAt === endAt ? 'end-time' : 'max-time';
      }
      this.#setNow(next);
    }
  }

  /** Awaits what whenIdle gives until it gives nothing; whether there was any. */
  async #awaitRealWork(): Promise<boolean> {
    let waited = false;
    for (let wait = this.whenIdle?.() ?? null; wait !== null; wait = this.whenIdle!()) {
      waited = true;
      await wait;
      this.#resumed();
    }
    return waited;
  }

  /** What the first beforeAdvance hook that wants the loop to wait before `target` gives to wait for, or null. */
  #beforeAdvanceWait(target: number): Promise<void> | null {
    if (target <= this.now) return null;
    const hooks = this.beforeAdvance;
    for (let i = 0; i < hooks.length; i++) {
      const wait = hooks[i]!(target);
      if (wait !== null) return wait;
    }
    return null;
  }

  #setNow(offset: number): void {
    if (offset < this.now) timeWentBack('the next instant', offset, this.now);
    this.now = offset;
    this.earliest = offset;
    this.#step.actions.movedOn();
    this.#nowAbsStale = true;
    this.#runner.newInstant();
    const beat = this.#continuations.beat;
    if (beat !== null) beat[Heartbeat.NOW] = offset;
    this.#record.movedTo(offset);
  }

  /**
   * Runs `work` where promise continuations run next (after those of this process): a separate
   * program's continuations, which run in its own process.
   */
  atNextYield(work: () => void): void {
    this.#continuations.atNext(work);
  }

  /** The loop goes on after an await: it runs in a new async resource, whose scope must be entered afresh, and a failure reported meanwhile ends it. */
  #resumed(): void {
    this.#runner.forgetScope();
    this.throwIfFailed();
  }

  /**
   * Waits on something that watches its own time (a separate program whose callback timeout its
   * server keeps): the supervisor's watchdog takes the wait for engine time.
   */
  watchedElsewhere<T>(wait: () => T): T {
    return this.#continuations.watchedElsewhere(wait);
  }
}
