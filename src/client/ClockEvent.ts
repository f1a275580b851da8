import type { Clock } from './Clock.js';

/**
 * rclnodejs's ClockEvent: a flag to wait on until a clock reaches a time or someone sets it.
 * Waits end on sim time; a ROS clock whose time is overridden ends them only through set()
 * (Clock#sleepUntil sets the event from a jump callback, as rclnodejs does).
 */
export class ClockEvent {
  #set = false;
  readonly #waiters = new Set<() => void>();

  waitUntilSteady(clock: Clock, until: bigint): Promise<void> {
    return this.#wait(clock, until);
  }

  waitUntilSystem(clock: Clock, until: bigint): Promise<void> {
    return this.#wait(clock, until);
  }

  waitUntilRos(clock: Clock, until: bigint): Promise<void> {
    return this.#wait(clock, until);
  }

  isSet(): boolean {
    return this.#set;
  }

  set(): void {
    this.#set = true;
    for (const wake of [...this.#waiters]) wake();
  }

  clear(): void {
    this.#set = false;
  }

  #wait(clock: Clock, until: bigint): Promise<void> {
    if (this.#set || clock.now().nanoseconds >= until) return Promise.resolve();
    const port = clock.port;
    return new Promise<void>((resolve) => {
      let timer: number | null = null;
      const wake = (): void => {
        this.#waiters.delete(wake);
        if (timer !== null) port.cancelWake(timer);
        resolve();
        port.resume();
      };
      this.#waiters.add(wake);
      if (clock.readsSimTime()) timer = port.wakeAt(until, wake, false);
    });
  }
}
