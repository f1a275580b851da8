import { Hash64 } from '../base/Hash64.js';
import { drainMicrotasks } from '../base/microtasks.js';
import { countPromiseEvents, promiseEvents } from '../base/promiseActivity.js';
import { CallbackError, ExitSignal, LivelockError, SimTimeRangeError, type UncaughtOrigin } from '../base/runErrors.js';
import { MAX_OFFSET, MAX_TIME } from '../base/simTimeRange.js';
import { isThenable } from '../base/thenable.js';
import { truncate } from '../base/truncate.js';
import type { EngineTimer } from './EngineTimer.js';
import { type EventLog, isSeen, outputEntry } from './EventLog.js';
import { type EngineObserver, type Executable, type OutputKind, type OutputSource, SKIPPED } from './Executable.js';
import type { Executor } from './executors/Executor.js';
import { Fifo } from './Fifo.js';
import { Heartbeat } from './Heartbeat.js';
import { type ScheduledAction, ScheduledActions } from './ScheduledActions.js';
import { TimersHeap } from './TimersHeap.js';

export type EndReason = 'finished' | 'idle' | 'end-time' | 'max-time';

export interface EngineOptions {
  /** Sim time (ns) at which the step loop begins; nodes are built while the clock reads 0. */
  startTime: bigint;
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
/** Marks an output in the fingerprint's sequence (see Engine#output). */
const OUTPUT_MARK = 0x80000000 | 0;
const LIVELOCK_WINDOW = 1000;

/**
 * The discrete-event step loop of DESIGN.md (executor model `events`): a ready FIFO drained
 * before the timers heap, delayed actions run at the start of each step, and sim time jumping
 * to the next due timer or action. All ordering decisions of a simulation are made here.
 *
 * Internally, times are exact integer numbers of nanoseconds relative to the start time
 * (`base`), which keeps the hot path free of bigint arithmetic; the API converts to bigint.
 */
export class Engine {
  #base: bigint;
  readonly fingerprint = new Hash64();
  readonly fingerprintEnabled: boolean;
  readonly maxCallbacksPerInstant: number;
  /** Current sim time as an offset from `base`: 0 until the start, and at it. */
  now = 0;
  /** Current absolute sim time (0 while nodes are being constructed): computed when first read at a step. */
  #nowAbs = 0n;
  #nowAbsStale = false;
  started = false;
  finished = false;
  exitCode = 0;
  callbacks = 0;
  /** The entity whose callback is running (null between callbacks). */
  executing: Executable | null = null;
  /** Told about every executed callback and output, in order (traces, perturbation). */
  readonly observers: EngineObserver[] = [];
  /** Where every callback and output is appended for a consumer that aggregates them (a report), if one asked. */
  eventLog: EventLog | null = null;
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
  /**
   * Offers an error of user code that nothing caught to the program's own handlers (what
   * `process.on('uncaughtException')` would get); true when they took it and the run goes on.
   */
  uncaught: ((error: unknown, origin: UncaughtOrigin) => boolean) | null = null;
  /** Makes `scope` current for the code a callback starts (set by the simulation). */
  enterScope: (scope: object) => void = () => {};
  /** The scope entered in the current async resource (null after an await: unknown). */
  #scope: object | null = null;
  /** Where the current step stands: running its due actions, or draining. */
  #phase: 'actions' | 'drain' = 'actions';
  #stepsSinceYield = 0;

  readonly #fifo = new Fifo<Executable>();
  readonly #timers = new TimersHeap<EngineTimer>();
  readonly #actions = new ScheduledActions();
  #preStartTimers: EngineTimer[] = [];
  #preStartActions: { at: bigint; action: ScheduledAction }[] = [];
  /** The drains of the executors done at this instant (an afterReady action waits for one after it was scheduled). */
  #drainsNow = 0;
  /** Actions due now that wait for this instant's drain (afterReady). */
  readonly #afterDrain: ScheduledAction[] = [];
  #actionSeq = 0;
  /** Scheduled actions that keep the simulation going (not weak, not canceled, not yet run). */
  #liveActions = 0;
  #needsYield = false;
  readonly #atYield: (() => void)[] = [];
  readonly #afterCallback: (() => void)[] = [];
  #failure: unknown = undefined;
  #instantCallbacks = 0;
  #recentChannels: string[] = [];

  constructor(options: EngineOptions) {
    this.#base = options.startTime;
    this.fingerprintEnabled = options.fingerprint ?? true;
    this.maxCallbacksPerInstant = options.maxCallbacksPerInstant ?? DEFAULT_MAX_CALLBACKS_PER_INSTANT;
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
  }

  // ---- time conversions -------------------------------------------------------------------

  toOffset(abs: bigint, what = 'sim time'): number {
    const offset = abs - this.base;
    if (offset > BigInt(MAX_OFFSET) || offset < -BigInt(MAX_OFFSET)) throw new SimTimeRangeError(what);
    return Number(offset);
  }

  toAbsolute(offset: number): bigint {
    return this.base + BigInt(offset);
  }

  #advanceOffset(offset: number, by: number, what: string): number {
    const next = offset + by;
    if (next > MAX_OFFSET) throw new SimTimeRangeError(what);
    return next;
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
   * executor and each of them take turns, one callback per turn (DESIGN "Executors").
   */
  readonly executors: Executor[] = [];
  /** Whose turn it is: 0 the events executor, i the executor i − 1. */
  #turn = 0;
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
  /** Ends already run, for later callbacks that take time (one object per callback otherwise). */
  readonly #spareEnds: SpareEnds = { first: null };
  /** The end of the next (or running) callback that takes time: what it does gathers there, in order. */
  #end = new CallbackEnd(this.#spareEnds);

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

  /** The heap a timer lives in: its executor's, or the engine's. */
  #heapOf(timer: EngineTimer): TimersHeap<EngineTimer> {
    return timer.executor?.timers ?? this.#timers;
  }

  /** An executor calls a timer whose turn came (rcl_timer_call); false when it was canceled or destroyed. */
  readonly callTimerOf = (timer: EngineTimer): boolean => {
    if (timer.canceled || !timer.inHeap) return false;
    this.#callTimer(timer);
    this.#heapOf(timer).later(timer);
    return true;
  };

  /**
   * Run `run` at the start of the step at absolute time `at` (or now, if `at` has passed). A
   * weak action runs in its turn but does not keep the simulation from ending idle. One
   * `afterReady` runs at its time only once the executors ran what was ready then (rclpy's wait
   * with a timeout returns what is ready at its deadline, a wait of 0 what is ready now).
   */
  scheduleAt(at: bigint, run: () => void, weak = false, afterReady = false): ScheduledAction {
    const action: ScheduledAction = { at: 0, seq: this.#actionSeq++, run, weak };
    if (!weak) this.#liveActions++;
    if (afterReady) action.afterDrains = 1;
    if (!this.started) {
      this.#preStartActions.push({ at, action });
      return action;
    }
    action.at = at < this.nowAbs ? this.now : this.toOffset(at, 'scheduled time');
    if (afterReady && action.at === this.now) action.afterDrains = this.#drainsNow + 1;
    this.#actions.push(action);
    return action;
  }

  /** Run `run` at the start of the step `delay` ns from now (see scheduleAt for `weak`). */
  scheduleAfter(delay: number, run: () => void, weak = false): ScheduledAction {
    if (!this.started) return this.scheduleAt(this.nowAbs + BigInt(delay), run, weak);
    const action: ScheduledAction = {
      at: this.#advanceOffset(this.now, delay, 'scheduled time'),
      seq: this.#actionSeq++,
      run,
      weak,
    };
    if (!weak) this.#liveActions++;
    this.#actions.push(action);
    return action;
  }

  cancelAction(action: ScheduledAction): void {
    if (action.canceled) return;
    action.canceled = true;
    this.setWeak(action, true);
  }

  /** Makes an action weak or strong (Node's timer.unref() and ref()). */
  setWeak(action: ScheduledAction, weak: boolean): void {
    if (action.weak === weak || (action.canceled && !weak)) return;
    action.weak = weak;
    this.#liveActions += weak ? -1 : 1;
  }

  /**
   * Runs `work` right after the callback that is executing returns, before any promise
   * continuation: what Node.js does with process.nextTick callbacks after a callback of its own.
   */
  afterCallback(work: () => void): void {
    this.#afterCallback.push(work);
  }

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
    if (!(error instanceof ExitSignal) && !this.#programHandles(label, error, origin)) this.fail(new CallbackError(label, simTime, error));
  }

  #programHandles(label: string, error: unknown, origin: UncaughtOrigin): boolean {
    if (this.uncaught === null) return false;
    try {
      return this.uncaught(error, origin);
    } catch (listenerError) {
      this.fail(new CallbackError(`the ${origin} listener given the error of ${label}`, this.nowAbs, listenerError));
      return true;
    }
  }

  /**
   * The callback about to run of entity `entityId` consumes an item produced at `producedAt`
   * (ns from the start; a subscription's message, published then): the event log notes it when
   * it is not now, so that its consumer knows how long the item waited.
   */
  consumed(entityId: number, producedAt: number): void {
    const log = this.eventLog;
    if (log !== null && producedAt !== this.now) log.consumed(entityId, producedAt);
  }

  /**
   * An output of the system under simulation (DESIGN.md rule 5): it counts in the fingerprint,
   * where it happens in the sequence, whether or not anything receives it, and observers see it.
   */
  output(kind: OutputKind, source: OutputSource, digestLo: number, digestHi: number): void {
    const id = source.entityId;
    if (this.fingerprintEnabled) {
      // Three words, as a callback's: the entity (its id with the high bit set, which no
      // callback's id has) and the digest. An entity's outputs are of one kind (a publisher
      // publishes, a service responds), and entity ids are unique in a run.
      const fp = this.fingerprint;
      fp.word(id | OUTPUT_MARK);
      fp.word(digestLo);
      fp.word(digestHi);
    }
    const log = this.eventLog;
    if (log !== null) {
      // The common case appended here (see EventLog).
      const at = log.length;
      if (at < log.limit && isSeen(log.seenSources, id)) {
        log.entries[at] = outputEntry(id, kind);
        log.length = at + 1;
      } else log.output(source, id, kind);
    }
    const observers = this.observers;
    for (let i = 0; i < observers.length; i++) observers[i]!.onOutput?.(kind, source, id, digestLo, digestHi);
  }

  // ---- timers -----------------------------------------------------------------------------

  /** Register a newly created timer: its first call is one period after now. */
  addTimer(timer: EngineTimer): void {
    if (!this.started) {
      timer.preStartNext = this.nowAbs + BigInt(timer.periodNs);
      timer.preStartLastCall = this.nowAbs;
      this.#preStartTimers.push(timer);
      return;
    }
    timer.nextCall = this.#advanceOffset(this.now, timer.periodNs, 'timer next call');
    timer.key = timer.canceled ? Infinity : timer.nextCall;
    timer.lastCall = this.now;
    timer.inHeap = true;
    this.#heapOf(timer).push(timer);
  }

  removeTimer(timer: EngineTimer): void {
    if (!this.started) {
      this.#preStartTimers = this.#preStartTimers.filter((t) => t !== timer);
    } else if (timer.inHeap) {
      timer.inHeap = false;
      this.#heapOf(timer).remove(timer);
    }
  }

  cancelTimer(timer: EngineTimer): void {
    timer.canceled = true;
    if (this.started && timer.inHeap) {
      timer.key = Infinity;
      this.#heapOf(timer).makeHeap();
    }
  }

  /** rcl_timer_reset: next call one period from now, no longer canceled. */
  resetTimer(timer: EngineTimer): void {
    timer.canceled = false;
    if (!this.started) {
      timer.preStartNext = this.nowAbs + BigInt(timer.periodNs);
      return;
    }
    timer.preStartNext = null;
    timer.nextCall = this.#advanceOffset(this.now, timer.periodNs, 'timer next call');
    timer.key = timer.nextCall;
    if (timer.inHeap) this.#heapOf(timer).makeHeap();
  }

  /**
   * rcl_timer_call_with_info from code (not from the loop): the timer counts as called now, its
   * next call moves on as a firing's would. Returns the call time it was due.
   */
  callTimerNow(timer: EngineTimer): bigint {
    const due = this.timerNextCall(timer);
    if (!this.started) {
      timer.preStartNext = nextCallAfter(due, BigInt(timer.periodNs), this.nowAbs);
      timer.preStartLastCall = this.nowAbs;
      return due;
    }
    this.#callTimer(timer);
    if (timer.inHeap) this.#heapOf(timer).makeHeap();
    return due;
  }

  timerNextCall(timer: EngineTimer): bigint {
    return timer.preStartNext ?? this.toAbsolute(timer.nextCall);
  }

  timerLastCall(timer: EngineTimer): bigint {
    return timer.preStartLastCall ?? this.toAbsolute(timer.lastCall);
  }

  /**
   * rcl_timer_call: advance the next call by one period, skipping missed periods (never
   * replaying them), and record the call time.
   */
  #callTimer(timer: EngineTimer): void {
    timer.dueAt = timer.key;
    const period = timer.periodNs;
    if (timer.preStartNext !== null) {
      // Created before the start: compute the first call after the jump to the start exactly.
      const next = nextCallAfter(timer.preStartNext, BigInt(period), this.nowAbs);
      timer.preStartNext = null;
      timer.preStartLastCall = null;
      timer.nextCall = this.toOffset(next, 'timer next call');
    } else if (period === 0) {
      timer.nextCall = this.now;
    } else {
      let next = this.#advanceOffset(timer.nextCall, period, 'timer next call');
      if (next <= this.now) {
        next += (Math.floor((this.now - next) / period) + 1) * period;
        while (next <= this.now) next += period;
      }
      if (next > MAX_OFFSET) throw new SimTimeRangeError('timer next call');
      timer.nextCall = next;
    }
    timer.key = timer.nextCall;
    timer.lastCall = this.now;
  }

  // ---- the step loop ----------------------------------------------------------------------

  /**
   * Moves from construction (clock 0) to the start time: timers and actions created before
   * the start enter their queues, timers in node construction order then creation order.
   *
   * Their absolute times lie before the start and may be too far from it to be exact offsets
   * (a start in 2020 is ~1.6e18 ns), so they get order-preserving keys below every in-run
   * time instead; a timer's exact next call is kept in `preStartNext` until it fires.
   */
  start(): void {
    if (this.started) return;
    const times = [...this.#preStartTimers.map((t) => t.preStartNext ?? 0n), ...this.#preStartActions.map((a) => a.at)];
    const keyOf = this.#preStartKeys(times);
    this.started = true;
    this.now = 0;
    this.#nowAbs = this.base;
    if (this.fingerprintEnabled) {
      this.fingerprint.bigint(this.base);
      this.fingerprint.integer(0);
    }

    const timers = [...this.#preStartTimers].sort((a, b) => a.nodeId - b.nodeId);
    for (const timer of timers) {
      const abs = timer.preStartNext ?? 0n;
      if (abs > this.base) {
        timer.preStartNext = null;
        timer.lastCall = this.toOffset(timer.preStartLastCall ?? 0n, 'timer last call');
        timer.preStartLastCall = null;
      }
      timer.nextCall = keyOf(abs);
      timer.key = timer.canceled ? Infinity : timer.nextCall;
      timer.inHeap = true;
      this.#heapOf(timer).push(timer);
    }
    for (const { at, action } of this.#preStartActions) {
      action.at = keyOf(at);
      this.#actions.push(action);
    }
    this.#preStartTimers = [];
    this.#preStartActions = [];
  }

  #preStartKeys(times: bigint[]): (abs: bigint) => number {
    const due = [...new Set(times.filter((t) => t <= this.base))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const rank = new Map(due.map((t, i) => [t, i - due.length]));
    return (abs) => rank.get(abs) ?? this.toOffset(abs, 'sim time');
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
    const endAt = limits.endAt === undefined ? Infinity : this.toOffset(limits.endAt, 'end time');
    const maxTime = MAX_TIME - this.base;
    // The job's own end, when it comes first (or with it), is the one the run reports.
    const stopAt = maxTime > BigInt(MAX_OFFSET) ? endAt : Math.min(endAt, Number(maxTime));
    this.instantEnded?.();
    for (;;) {
      this.throwIfFailed();
      if (this.finished) return 'finished';
      this.#phase = 'actions';
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
    this.now = offset;
    this.#drainsNow = 0;
    this.#nowAbsStale = true;
    this.#instantCallbacks = 0;
    if (this.#recentChannels.length > 0) this.#recentChannels.length = 0;
    if (this.#beat !== null) this.#beat[Heartbeat.NOW] = offset;
    if (this.eventLog !== null) this.eventLog.moveTo(offset);
    // The fingerprint takes the time once per step; the callbacks that follow ran at it.
    if (this.fingerprintEnabled) this.fingerprint.integer(offset);
  }

  #hasWorkNow(): boolean {
    const now = this.now;
    const head = this.#timers.top;
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
    const head = this.#timers.top;
    const action = this.#actions.top;
    // A busy thread's timers wait for it (the action that frees it keeps time moving).
    let timerAt = head === undefined ? Infinity : Math.max(head.key, this.#eventsBusyUntil);
    const executors = this.executors;
    for (let i = 0; i < executors.length; i++) timerAt = Math.min(timerAt, executors[i]!.nextTime(this.now));
    if (timerAt === Infinity && this.#liveActions === 0) return Infinity;
    const actionAt = action === undefined ? Infinity : action.at;
    return Math.min(timerAt, actionAt);
  }

  /**
   * Runs the step at `now`: the actions due, then the drain. Returns false when a callback or
   * action left promise continuations to run first; called again, it goes on where it stopped.
   */
  #runStep(): boolean {
    const now = this.now;
    if (this.#phase === 'actions') {
      for (let action = this.#actions.top; action !== undefined && action.at <= now; action = this.#actions.top) {
        this.#actions.pop();
        // One that waits for the instant's callbacks comes after them (the drain); the others go on.
        if (action.afterDrains !== undefined && this.#drainsNow < action.afterDrains) {
          this.#afterDrain.push(action);
          continue;
        }
        if (!action.weak) this.#liveActions--;
        // Run, it is over: canceling it afterwards (a timeout that fired) or ref() must not count it again.
        action.weak = true;
        action.canceled = true;
        const promises = promiseEvents();
        action.run();
        if (promiseEvents() !== promises) this.#needsYield = true;
        if (this.#needsYield) return false;
      }
      this.#phase = 'drain';
      // Every instant's round of executor turns begins with the events executor.
      this.#turn = 0;
    }
    if (this.executors.length > 0 || this.durationOf !== null) {
      if (!this.#drainTurns(now)) return false;
      this.#drained();
      return true;
    }
    const fifo = this.#fifo;
    const timers = this.#timers;
    for (;;) {
      let entity = fifo.shift();
      if (entity === undefined) {
        const head = timers.top;
        if (head === undefined || head.key > now) break;
        this.#callTimer(head);
        timers.heapifyRoot();
        entity = head;
      }
      this.#execute(entity);
      if (this.#needsYield) return false;
    }
    this.#drained();
    // Before time may advance, every pending promise continuation runs (the caller yields when
    // something is pending; code that created no promise left none).
    return true;
  }

  /** The executors ran what was ready at this instant: the actions that waited for it are due now. */
  #drained(): void {
    this.#drainsNow++;
    for (const action of this.#afterDrain) this.#actions.push(action);
    this.#afterDrain.length = 0;
  }

  /** The events executor's next event: the ready FIFO's head, else a due timer of its heap. */
  #nextEvent(now: number): Executable | null {
    const entity = this.#fifo.shift();
    if (entity !== undefined) return entity;
    const timers = this.#timers;
    const head = timers.top;
    if (head === undefined || head.key > now) return null;
    this.#callTimer(head);
    timers.heapifyRoot();
    return head;
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
      const entity = executor === null ? (this.#eventsBusyUntil > now ? null : this.#nextEvent(now)) : executor.next(now);
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
   * busy for its duration, and what it triggers or sends happens at the end (DESIGN "Execution
   * time"). A callback that ran nothing (SKIPPED) takes no time.
   */
  #executeTimed(entity: Executable, executor: Executor | null): void {
    const duration = this.durationOf?.(entity) ?? 0;
    if (duration === 0) {
      this.#execute(entity);
      return;
    }
    const callbacks = this.callbacks;
    const end = this.#end;
    this.effectDelay = duration;
    try {
      this.#execute(entity);
    } finally {
      this.effectDelay = 0;
    }
    if (this.callbacks === callbacks) {
      // No callback ran (SKIPPED): it took no time.
      end.runEffects();
      return;
    }
    const at = this.#advanceOffset(this.now, duration, 'callback end');
    if (executor === null) {
      this.#eventsBusyUntil = at;
      this.#eventsBusyTime += duration;
    } else executor.occupy(entity, this.now, at);
    // Its effects happen then, in the order it caused them; and the thread is free again: a step
    // at that time lets it take its next turn.
    const spare = this.#spareEnds.first;
    if (spare === null) this.#end = new CallbackEnd(this.#spareEnds);
    else {
      this.#spareEnds.first = spare.nextSpare;
      this.#end = spare;
    }
    end.at = at;
    end.seq = this.#actionSeq++;
    end.weak = false;
    end.canceled = false;
    this.#liveActions++;
    this.#actions.push(end);
  }

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
    this.#scope = null;
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

  /**
   * Runs one event of `entity` now, inside the code that asks for it (rclnodejs's spinOnce
   * executes what is ready before it returns); it counts as any callback does.
   */
  executeNow(entity: Executable): void {
    const outer = this.executing;
    const outerScope = this.#scope;
    const beat = this.#beat;
    try {
      this.#execute(entity);
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

  #execute(entity: Executable): void {
    let result: unknown;
    const promises = promiseEvents();
    if (entity.scope !== this.#scope) {
      this.#scope = entity.scope;
      this.enterScope(entity.scope);
    }
    this.executing = entity;
    const beat = this.#beat;
    if (beat !== null) {
      beat[Heartbeat.SEQUENCE]++;
      beat[Heartbeat.STATE] = Heartbeat.IN_CALLBACK;
    }
    try {
      result = entity.execute();
    } catch (error) {
      if (!(error instanceof ExitSignal) && !this.#programHandles(entity.label, error, 'uncaughtException')) {
        throw new CallbackError(entity.label, this.nowAbs, error);
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
    if (promiseEvents() !== promises) this.#needsYield = true;
    if (result === SKIPPED) return;
    this.callbacks++;
    if (beat !== null) beat[Heartbeat.CALLBACKS] = this.callbacks;
    if (++this.#instantCallbacks > this.maxCallbacksPerInstant - LIVELOCK_WINDOW) this.#watchLivelock(entity);
    const id = entity.entityId;
    const lo = entity.digestLo;
    const hi = entity.digestHi;
    if (this.fingerprintEnabled) {
      // The entity (ids are unique in a run, and say the node) and what it consumed.
      const fp = this.fingerprint;
      fp.word(id);
      fp.word(lo);
      fp.word(hi);
    }
    const log = this.eventLog;
    if (log !== null) {
      // The common case appended here (see EventLog). Callbacks before the start (now reads 0) count at the start.
      const at = log.length;
      const duration = this.effectDelay;
      if (at < log.limit && duration === 0 && isSeen(log.seenEntities, id)) {
        log.entries[at] = id;
        log.length = at + 1;
      } else log.callback(entity, id, duration);
    }
    const observers = this.observers;
    for (let i = 0; i < observers.length; i++) observers[i]!.onCallback(entity, id, lo, hi);
    if (result !== undefined && result !== null && isThenable(result)) {
      const simTime = this.nowAbs;
      (result as PromiseLike<unknown>).then(undefined, (error: unknown) => this.failCallback(entity.label, simTime, error, 'unhandledRejection'));
      this.#needsYield = true;
    }
  }

  #watchLivelock(entity: Executable): void {
    if (entity.channel !== '') this.#recentChannels.push(entity.channel);
    if (this.#instantCallbacks > this.maxCallbacksPerInstant) {
      throw new LivelockError(this.nowAbs, this.maxCallbacksPerInstant, [...new Set(this.#recentChannels)]);
    }
  }
}

/** Ends of callbacks already run, linked through `nextSpare` (a list that allocates nothing). */
interface SpareEnds {
  first: CallbackEnd | null;
}

/** The end of a callback that took time: its effects, run in order. Once run, it is a spare. */
class CallbackEnd implements ScheduledAction {
  at = 0;
  seq = 0;
  weak = false;
  canceled = false;
  readonly effects: (() => void)[] = [];
  nextSpare: CallbackEnd | null = null;
  readonly #spares: SpareEnds;

  constructor(spares: SpareEnds) {
    this.#spares = spares;
  }

  /** Its effects, now (a callback that ran nothing took no time); it stays the one gathering. */
  runEffects(): void {
    const effects = this.effects;
    for (let i = 0; i < effects.length; i++) effects[i]!();
    truncate(effects);
  }

  run(): void {
    this.runEffects();
    this.nextSpare = this.#spares.first;
    this.#spares.first = this;
  }
}

/**
 * rcl_timer_call's next call time in exact nanoseconds: a period after the one that was due,
 * missed periods skipped; a zero period calls again now.
 */
function nextCallAfter(due: bigint, period: bigint, now: bigint): bigint {
  const next = due + period;
  if (next > now) return next;
  return period === 0n ? now : due + ((now - due) / period + 1n) * period;
}
