import type { Hash64 } from '../base/Hash64.js';
import { drainMicrotasks } from '../base/microtasks.js';
import { countPromiseEvents, promiseEvents } from '../base/promiseActivity.js';
import type { UncaughtOrigin } from '../base/runErrors.js';
import { MAX_OFFSET, MAX_TIME } from '../base/simTimeRange.js';
import { Actions } from './Actions.js';
import { SpareEnds } from './CallbackEnd.js';
import { CallbackRunner } from './CallbackRunner.js';
import type { EngineTimer } from './EngineTimer.js';
import type { EventLog } from './EventLog.js';
import type { EngineObserver, Executable, OutputKind, OutputSource } from './Executable.js';
import type { Executor } from './executors/Executor.js';
import { Fifo } from './Fifo.js';
import { Heartbeat } from './Heartbeat.js';
import { EVENT_SOURCES, INSTANT_PHASES, type InstantPhaseName } from './instantPhases.js';
import { RunRecord } from './RunRecord.js';
import type { ScheduledAction } from './ScheduledActions.js';
import { advanceOffset, preStartKeys, timeWentBack, toOffset } from './simTime.js';
import { Timers } from './Timers.js';

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
 * The discrete-event step loop of docs/design.md#the-step-loop (executor model `events`): each instant runs the
 * phases of instantPhases.ts in their order, then sim time jumps to the next due timer or
 * action. All ordering decisions of a simulation are made here, by the parts it runs: the ready
 * FIFO, the timers (Timers), the scheduled actions (Actions), the executors; what a run leaves
 * goes to its RunRecord.
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
  /** Progress for a supervisor on another thread (null: none watches). */
  #beat: Float64Array | null = null;
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
  /** Where the current step stands: the index in INSTANT_PHASES of the phase it runs (a yield resumes there). */
  #phase = 0;
  #stepsSinceYield = 0;

  readonly #fifo = new Fifo<Executable>();
  readonly #timers = new Timers(this);
  readonly #actions = new Actions(this);
  readonly #runner: CallbackRunner;
  #needsYield = false;
  readonly #atYield: (() => void)[] = [];
  #failure: unknown = undefined;

  constructor(options: EngineOptions) {
    this.#base = options.startTime;
    this.#startChosen = options.startChosen ?? false;
    this.fingerprintEnabled = options.fingerprint ?? true;
    this.#record = new RunRecord(this.fingerprintEnabled);
    this.observers = this.#record.observers;
    this.#runner = new CallbackRunner(this, this.#record, options.maxCallbacksPerInstant ?? DEFAULT_MAX_CALLBACKS_PER_INSTANT);
  }

  get nowAbs(): bigint {
    if (this.#nowAbsStale) {
      this.#nowAbs = this.base + BigInt(this.now);
      this.#nowAbsStale = false;
    }
    return this.#nowAbs;
  }

  set heartbeat(heartbeat: Heartbeat) {
    this.#beat = heartbeat.values;
    this.#runner.beat = heartbeat.values;
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

  // ---- running a callback (CallbackRunner) ----------------------------------------------------

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
    return this.#turnEntity !== null && this.#runner.executing === this.#turnEntity ? this.#turnThread : 0;
  }

  /** How long the callback running now takes (ns of sim time; 0 also for a callback run inside another's code): durationOf's. */
  get executingDuration(): number {
    return this.#turnEntity !== null && this.#runner.executing === this.#turnEntity ? this.#turnDuration : 0;
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
    if (this.#runner.runNested(entity)) this.#needsYield = true;
  }

  #execute(entity: Executable): void {
    if (this.#runner.run(entity)) this.#needsYield = true;
  }

  // ---- events -----------------------------------------------------------------------------

  /** An event happened for `entity` (message, request, response, trigger): queue it (with its executor's, when another). */
  enqueue(entity: Executable): void {
    if (this.effectDelay !== 0) {
      // A callback that takes time triggers others when it ends.
      this.#enqueueAtEnd(entity);
      return;
    }
    this.onEnqueue?.(entity);
    const executor = entity.executor;
    if (executor) executor.ready(entity);
    else this.#fifo.push(entity);
  }

  // Its own function: one that makes a closure allocates what it captures on every call.
  #enqueueAtEnd(entity: Executable): void {
    this.#end.effects.push(() => this.enqueue(entity));
  }

  /** Told of every event as it is queued (the run's metrics: when an entity became ready). */
  onEnqueue: ((entity: Executable) => void) | null = null;

  /**
   * Executors besides the events one, in declaration order: at each instant the events
   * executor and each of them take turns, one callback per turn (docs/design.md#executors-and-execution-time).
   */
  readonly executors: Executor[] = [];
  /** Whose turn it is: 0 the events executor, i the executor i − 1. */
  #turn = 0;
  /** The callback a turn runs now (null: none), its executor's thread, from 1 (executingThread), and its duration. */
  #turnEntity: Executable | null = null;
  #turnThread = 0;
  #turnDuration = 0;
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
  /** Ends already run, for later callbacks that take time. */
  readonly #spareEnds = new SpareEnds();
  /** The end of the next (or running) callback that takes time: what it does gathers there, in order. */
  #end = this.#spareEnds.take();

  /** Runs `effect` when the running callback's effects happen: now, or when a callback that takes time ends. */
  effect(effect: () => void): void {
    if (this.effectDelay === 0) effect();
    else this.#end.effects.push(effect);
  }

  /** The events executor's thread runs a callback until then (an offset). */
  #eventsBusyUntil = -Infinity;
  /** Sim time of the events executor's callbacks that take time, to their ends (ns). */
  #eventsBusyTime = 0;

  /** Sim time the events executor's thread spent in callbacks until now (ns). */
  eventsBusyTime(): number {
    return this.#eventsBusyTime - Math.max(0, this.#eventsBusyUntil - this.now);
  }

  // ---- scheduled actions (Actions) ----------------------------------------------------------

  /**
   * Run `run` at the start of the step at absolute time `at` (or now, if `at` has passed). A
   * weak action runs in its turn but does not keep the simulation from ending idle. One
   * `afterReady` runs at its time only once the executors ran what was ready then (rclpy's wait
   * with a timeout returns what is ready at its deadline, a wait of 0 what is ready now).
   */
  scheduleAt(at: bigint, run: () => void, weak = false, afterReady = false): ScheduledAction {
    return this.#actions.at(at, run, weak, afterReady);
  }

  /** Run `run` at the start of the step `delay` ns from now (see scheduleAt for `weak`). */
  scheduleAfter(delay: number, run: () => void, weak = false): ScheduledAction {
    return this.#actions.after(delay, run, weak);
  }

  cancelAction(action: ScheduledAction): void {
    this.#actions.cancel(action);
  }

  /** Makes an action weak or strong (Node's timer.unref() and ref()). */
  setWeak(action: ScheduledAction, weak: boolean): void {
    this.#actions.setWeak(action, weak);
  }

  // ---- timers (Timers) ------------------------------------------------------------------------

  /** Register a newly created timer: its first call is one period after now. */
  addTimer(timer: EngineTimer): void {
    this.#timers.add(timer);
  }

  removeTimer(timer: EngineTimer): void {
    this.#timers.remove(timer);
  }

  /** The timer's heap is `executor`'s from now on. */
  moveTimer(timer: EngineTimer, executor: Executor): void {
    this.#timers.move(timer, executor);
  }

  cancelTimer(timer: EngineTimer): void {
    this.#timers.cancel(timer);
  }

  /** rcl_timer_reset: next call one period from now, no longer canceled. */
  resetTimer(timer: EngineTimer): void {
    this.#timers.reset(timer);
  }

  /** rcl_timer_call_with_info from code (not from the loop): see Timers#callNow. */
  callTimerNow(timer: EngineTimer): bigint {
    return this.#timers.callNow(timer);
  }

  timerNextCall(timer: EngineTimer): bigint {
    return this.#timers.nextCall(timer);
  }

  timerLastCall(timer: EngineTimer): bigint {
    return this.#timers.lastCall(timer);
  }

  /** An executor calls a timer whose turn came (rcl_timer_call); false when it was canceled or destroyed. */
  readonly callTimerOf = this.#timers.callOf;

  // ---- what the run leaves (RunRecord) --------------------------------------------------------

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

  // ---- the job's end and failures -------------------------------------------------------------

  /** Promise continuations are pending (a promise was resolved): let them run next. */
  requestYield(): void {
    this.#needsYield = true;
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

  // ---- the step loop ----------------------------------------------------------------------

  /**
   * Moves from construction (clock 0) to the start time: timers and actions created before
   * the start enter their queues, timers in node construction order then creation order, with
   * keys that keep their order below every in-run time (preStartKeys).
   */
  start(): void {
    if (this.started) return;
    const times = [...this.#timers.preStartTimes(), ...this.#actions.preStartTimes()];
    const keyOf = preStartKeys(times, this.base);
    this.started = true;
    this.now = 0;
    // The keys of what was due at or before the start: one rank each at most, below 0.
    this.earliest = -times.length;
    this.#nowAbs = this.base;
    this.#record.started(this.base);
    this.#timers.start(keyOf);
    this.#actions.start(keyOf);
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
    this.instantEnded?.();
    for (;;) {
      this.throwIfFailed();
      if (this.finished) return 'finished';
      this.#phase = 0;
      // A step runs synchronously; it stops early only to let promise continuations run.
      while (!this.#runStep()) await this.#yield();
      // A turn of the event loop now and then, though nothing is pending: signals (SIGINT) and
      // failures reported from outside get in. Nothing else can run, so nothing changes.
      if (++this.#stepsSinceYield >= STEPS_BETWEEN_EVENT_LOOP_TURNS) await this.#yield();
      this.instantEnded?.();
      if (this.finished) return 'finished';
      if (this.#hasWorkNow()) continue;
      let next = this.#nextTime();
      // A wait may schedule something before `next` (never at now): look again until none waits.
      // Only a hook that waits costs an await: most advances have none.
      for (let wait: Promise<void> | null; next !== Infinity && (wait = this.#beforeAdvanceWait(Math.min(next, stopAt))) !== null; next = this.#nextTime()) {
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
    this.#actions.movedOn();
    this.#nowAbsStale = true;
    this.#runner.newInstant();
    if (this.#beat !== null) this.#beat[Heartbeat.NOW] = offset;
    this.#record.movedTo(offset);
  }

  #hasWorkNow(): boolean {
    const now = this.now;
    const head = this.#timers.heap.top;
    const action = this.#actions.top;
    return (
      (action !== undefined && action.at <= now) ||
      (this.#eventsBusyUntil <= now && (this.#fifo.length > 0 || (head !== undefined && head.key <= now))) ||
      this.#executorsHaveWork(now)
    );
  }

  #executorsHaveWork(now: number): boolean {
    const executors = this.executors;
    for (let i = 0; i < executors.length; i++) if (executors[i]!.hasWork(now)) return true;
    return false;
  }

  /** The next due time, or Infinity when only weak actions (or nothing) are left. */
  #nextTime(): number {
    const head = this.#timers.heap.top;
    const action = this.#actions.top;
    // A busy thread's timers wait for it (the action that frees it keeps time moving).
    let timerAt = head === undefined ? Infinity : Math.max(head.key, this.#eventsBusyUntil);
    const executors = this.executors;
    for (let i = 0; i < executors.length; i++) timerAt = Math.min(timerAt, executors[i]!.nextTime(this.now));
    if (timerAt === Infinity && this.#actions.live === 0) return Infinity;
    const actionAt = action === undefined ? Infinity : action.at;
    return Math.min(timerAt, actionAt);
  }

  /**
   * Runs the step at `now`: the phases of INSTANT_PHASES, in order. Returns false when a callback
   * or action left promise continuations to run first; called again, it goes on where it stopped.
   */
  #runStep(): boolean {
    const phases = INSTANT_PHASES;
    for (; this.#phase < phases.length; this.#phase++) {
      if (!this.#runPhase(phases[this.#phase]!.name)) return false;
      // Every round of executor turns begins with the events executor.
      this.#turn = 0;
    }
    // Before time may advance, every pending promise continuation runs (the caller yields when
    // something is pending; code that created no promise left none).
    return true;
  }

  /**
   * Runs (or goes on with) one phase of the step at this.now; false to yield to promise
   * continuations first. The phases and what they call read the instant from this.now (the
   * timers' and actions' clock): V8 boxes a time past a small integer's range passed to a call
   * it does not inline, an allocation per call (npm run costs rslcpp: +7 bytes per callback).
   */
  #runPhase(phase: InstantPhaseName): boolean {
    switch (phase) {
      case 'due-actions':
        return this.#runDueActions();
      case 'drain':
        return this.executors.length > 0 || this.durationOf !== null ? this.#drainTurns(this.now) : this.#drainEvents();
      case 'after-drain':
        this.#actions.drained();
        return true;
    }
  }

  #runDueActions(): boolean {
    const actions = this.#actions;
    for (let action = actions.takeDue(); action !== undefined; action = actions.takeDue()) {
      const promises = promiseEvents();
      action.run();
      if (promiseEvents() !== promises) this.#needsYield = true;
      if (this.#needsYield) return false;
    }
    return true;
  }

  /** The drain with the events executor alone: its next event until none is left. */
  #drainEvents(): boolean {
    for (let entity = this.#nextEvent(); entity !== null; entity = this.#nextEvent()) {
      this.#execute(entity);
      if (this.#needsYield) return false;
    }
    return true;
  }

  /** The events executor's next event: from the first of EVENT_SOURCES that has one. */
  #nextEvent(): Executable | null {
    const sources = EVENT_SOURCES;
    for (let i = 0; i < sources.length; i++) {
      const entity = sources[i]!.name === 'ready-fifo' ? this.#fifo.shift() : this.#timers.callDue();
      if (entity !== undefined) return entity;
    }
    return null;
  }

  /**
   * The drain with other executors: turns in declaration order (the events executor first),
   * one callback each, until a whole round finds nothing to run. Returns false to yield to
   * promise continuations; called again, it goes on with the next turn.
   */
  #drainTurns(now: number): boolean {
    const executors = this.executors;
    let idleTurns = 0;
    while (idleTurns <= executors.length) {
      const turn = this.#turn;
      this.#turn = turn === executors.length ? 0 : turn + 1;
      const executor = turn === 0 ? null : executors[turn - 1]!;
      // A thread still running a callback that takes time takes no turn.
      const entity = executor === null ? (this.#eventsBusyUntil > now ? null : this.#nextEvent()) : executor.next(now);
      if (entity === null) {
        idleTurns++;
        continue;
      }
      idleTurns = 0;
      const callbacks = this.callbacks;
      this.#executeTimed(entity, executor);
      if (executor !== null && this.callbacks === callbacks) executor.skipped(entity);
      if (this.#needsYield) return false;
    }
    return true;
  }

  /**
   * Runs a callback that may take time: its code runs now (its clock reads now), its thread is
   * busy for its duration, and what it triggers or sends happens at the end
   * (docs/design.md#executors-and-execution-time). A callback that ran nothing (SKIPPED) takes no time.
   */
  #executeTimed(entity: Executable, executor: Executor | null): void {
    const duration = this.durationOf?.(entity) ?? 0;
    this.#turnEntity = entity;
    this.#turnThread = executor === null ? 0 : executor.thread + 1;
    this.#turnDuration = duration;
    if (duration === 0) {
      this.#execute(entity);
      this.#turnEntity = null;
      return;
    }
    const callbacks = this.callbacks;
    const end = this.#end;
    this.effectDelay = duration;
    try {
      this.#execute(entity);
    } finally {
      this.effectDelay = 0;
      this.#turnEntity = null;
    }
    if (this.callbacks === callbacks) {
      // No callback ran (SKIPPED): it took no time.
      end.runEffects();
      return;
    }
    const at = advanceOffset(this.now, duration, 'callback end');
    if (executor === null) {
      this.#eventsBusyUntil = at;
      this.#eventsBusyTime += duration;
    } else executor.occupy(entity, this.now, at);
    // Its effects happen then, in the order it caused them; and the thread is free again: a step
    // at that time lets it take its next turn.
    this.#end = this.#spareEnds.take();
    this.#actions.end(end, at);
  }

  // ---- yields to promise continuations ------------------------------------------------------

  /**
   * Runs `work` where promise continuations run next (after those of this process): a separate
   * program's continuations, which run in its own process.
   */
  atNextYield(work: () => void): void {
    this.#atYield.push(work);
    this.#needsYield = true;
  }

  async #yield(): Promise<void> {
    this.#needsYield = false;
    this.#stepsSinceYield = 0;
    const beat = this.#beat;
    if (beat !== null) beat[Heartbeat.STATE] = Heartbeat.IN_CONTINUATIONS;
    await drainMicrotasks();
    for (let work = this.#atYield.shift(); work !== undefined; work = this.#atYield.shift()) {
      work();
      await drainMicrotasks();
    }
    if (beat !== null) beat[Heartbeat.STATE] = Heartbeat.IN_ENGINE;
    this.#resumed();
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
    const beat = this.#beat;
    if (beat === null) return wait();
    const state = beat[Heartbeat.STATE]!;
    beat[Heartbeat.STATE] = Heartbeat.IN_ENGINE;
    try {
      return wait();
    } finally {
      beat[Heartbeat.STATE] = state;
    }
  }
}
