import type { EngineTimer } from '../EngineTimer.js';
import type { Executable } from '../Executable.js';
import { TimersHeap } from '../TimersHeap.js';
import { type Executor, nextKeyAfter, pendingOf, Threads } from './Executor.js';

/** When an rclc executor processes its handles (rclc_executor_set_trigger). */
export type RclcTrigger = { kind: 'any' } | { kind: 'all' } | { kind: 'always' } | { kind: 'one'; channel: string };

export interface RclcOptions {
  trigger: RclcTrigger;
  /** `let`: every handle's input is taken before any callback runs (logical execution time). */
  semantics: 'rclcpp_executor' | 'let';
  /** rclc_executor_spin_period's period in ns (0: rclc_executor_spin). */
  period: number;
  /** rcl_wait's timeout (the executor's timeout_ns, 1 s unless set). */
  timeout: number;
}

/** rclc's DEFAULT_WAIT_TIMEOUT_NS (executor.c 34). */
export const RCLC_DEFAULT_TIMEOUT = 1_000_000_000;

/** What the executor asks of a handle besides running it: to take its input now (LET). */
interface Holding extends Executable {
  hold?(): void;
}

/**
 * micro-ROS's rclc executor (ros2/rclc at f401871, rclc/src/rclc/executor.c) as a model, on one thread. Its
 * handles have a fixed order (the order they were added). `rclc_executor_spin_some` (1802–1971)
 * waits until a handle is ready, marks which handles have data (`_rclc_check_for_new_data`,
 * 1023–1089) and asks the trigger (`rclc_executor_trigger_any/all/one/always`, 2055–2121): when
 * it holds, the handles with data run in handle order, each once — with the `rclcpp_executor`
 * semantics each takes its input just before its callback (`_rclc_default_scheduling`,
 * 1681–1714), with `let` every handle takes its input first and then the callbacks run
 * (`_rclc_let_scheduling`, 1716–1762). When it does not, nothing is taken and the executor waits
 * for a change. `rclc_executor_spin_period` (2001–2041) runs one spin_some per period: it sleeps
 * until the previous invocation time plus the period (not at all when a spin overran it), and its
 * wait ends at the first ready handle or after the timeout. A timer handle is ready when due and
 * is called when its turn comes (rcl_timer_call; a timer canceled meanwhile runs nothing).
 */
export class RclcExecutor implements Executor {
  readonly name: string;
  readonly timers = new TimersHeap<EngineTimer>();
  readonly #threads = new Threads(1);
  readonly #options: RclcOptions;
  /** Its handles in handle order (the rcl layer knows its nodes' entities). */
  readonly #handles: () => readonly Executable[];
  readonly #call: (timer: EngineTimer) => boolean;
  /** The handles of the spin under way, and how far they ran (null: waiting). */
  #round: Executable[] | null = null;
  #index = 0;
  /** spin_period: when the next spin may start, and the invocation time it is measured from. */
  #wakeAt = -Infinity;
  #invocation = NaN;
  /** Handles that ran nothing though they seemed to have data (their node does not spin): not ready until their next event. */
  readonly #idle = new Set<Executable>();
  /** What the handle last handed out held then (see skipped). */
  #pendingAtPick = 0;

  constructor(name: string, options: RclcOptions, handles: () => readonly Executable[], call: (timer: EngineTimer) => boolean) {
    this.name = name;
    this.#options = options;
    this.#handles = handles;
    this.#call = call;
  }

  get threads(): number {
    return 1;
  }

  get thread(): number {
    return 0;
  }

  busyTime(now: number): number {
    return this.#threads.busyTime(now);
  }

  /** The handles are polled at each wait, as rcl_wait marks them; an event brings back a handle that ran nothing. */
  ready(entity: Executable): void {
    if (this.#idle.size > 0) this.#idle.delete(entity);
  }

  skipped(entity: Executable): void {
    if (entity.kind !== 'timer' && pendingOf(entity) >= this.#pendingAtPick) this.#idle.add(entity);
  }

  hasWork(now: number): boolean {
    if (!this.#threads.free(now)) return false;
    // A spin under way runs its next handle, or (all run) ends.
    if (this.#round !== null) return true;
    if (this.#sleeping(now)) return false;
    const ready = this.#ready(now);
    if (ready.length === 0) return this.#periodic && now >= this.#wakeAt + this.#options.timeout;
    // A periodic spin whose trigger does not hold still ends (and sleeps).
    return this.#periodic || this.#triggered(ready);
  }

  nextTime(now: number): number {
    const timers = nextKeyAfter(this.timers.items, now);
    if (!this.#periodic || this.#round !== null) return timers;
    if (this.#wakeAt > now) return this.#wakeAt;
    const timeout = this.#wakeAt + this.#options.timeout;
    return Math.min(timers, timeout > now ? timeout : Infinity);
  }

  next(now: number): Executable | null {
    if (!this.#threads.free(now)) return null;
    for (;;) {
      const round = this.#round;
      if (round !== null) {
        while (this.#index < round.length) {
          const handle = round[this.#index++]!;
          if (handle.kind === 'timer' ? !this.#call(handle as EngineTimer) : (this.#pendingAtPick = pendingOf(handle)) === 0) continue;
          return handle;
        }
        this.#round = null;
        this.#spinEnded(now);
      }
      if (!this.#spin(now)) return null;
    }
  }

  occupy(_entity: Executable, now: number, end: number): void {
    this.#threads.occupy(0, now, end);
  }

  get #periodic(): boolean {
    return this.#options.period > 0;
  }

  /** spin_period sleeping until its next invocation time. */
  #sleeping(now: number): boolean {
    if (!this.#periodic) return false;
    if (Number.isNaN(this.#invocation)) return false;
    return now < this.#wakeAt;
  }

  /** One spin_some at `now`: false when it ran nothing (waiting, trigger false, timeout). */
  #spin(now: number): boolean {
    if (this.#periodic && Number.isNaN(this.#invocation)) {
      // The first spin_period call takes the time it is called at as its invocation time.
      this.#invocation = now;
      this.#wakeAt = now;
    }
    if (this.#sleeping(now)) return false;
    const ready = this.#ready(now);
    if (ready.length === 0) {
      if (this.#periodic && now >= this.#wakeAt + this.#options.timeout) this.#spinEnded(now);
      return false;
    }
    if (!this.#triggered(ready)) {
      if (this.#periodic) this.#spinEnded(now);
      return false;
    }
    if (this.#options.semantics === 'let') for (const handle of ready) (handle as Holding).hold?.();
    this.#round = ready;
    this.#index = 0;
    return true;
  }

  /** rclc_executor_spin_one_period after its spin_some: sleep until invocation + period, then the invocation moves on a period. */
  #spinEnded(now: number): void {
    if (!this.#periodic) return;
    this.#wakeAt = Math.max(this.#invocation + this.#options.period, now);
    this.#invocation += this.#options.period;
  }

  /** The handles with data (rcl_wait's result), in handle order. */
  #ready(now: number): Executable[] {
    const ready: Executable[] = [];
    for (const handle of this.#handles()) {
      const has = handle.kind === 'timer' ? (handle as EngineTimer).key <= now : pendingOf(handle) > 0 && !this.#idle.has(handle);
      if (has) ready.push(handle);
    }
    return ready;
  }

  #triggered(ready: readonly Executable[]): boolean {
    const trigger = this.#options.trigger;
    switch (trigger.kind) {
      case 'any':
      case 'always':
        return true;
      case 'all':
        return ready.length === this.#handles().length;
      case 'one':
        return ready.some((handle) => handle.channel === trigger.channel);
    }
  }
}
