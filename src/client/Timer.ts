import type { NodePort, TimerCallback } from '../port/NodePort.js';

/** rclnodejs's Timer as a client of the node port: the timer is on the simulation's heap, its callback runs here. */
export class Timer {
  readonly #port: NodePort;
  #id = -1;
  readonly #callback: TimerCallback;
  /** A callback that takes an argument gets the call's TimerInfo, as rclnodejs passes it on Jazzy. */
  readonly #wantsInfo: boolean;

  constructor(port: NodePort, callback: TimerCallback) {
    this.#port = port;
    this.#callback = callback;
    this.#wantsInfo = callback.length > 0;
  }

  /** Once the simulation made it: its id (what the port names it by). */
  created(id: number): this {
    this.#id = id;
    return this;
  }

  get id(): number {
    return this.#id;
  }

  /** What the port calls when the timer fires: the user's callback as a method of the timer, as rclnodejs calls it. */
  readonly fire: TimerCallback = (info) => (this.#wantsInfo ? this.#callback(info) : (this.#callback as () => unknown)());

  get period(): bigint {
    return this.#port.timerState(this.#id).period;
  }

  isCanceled(): boolean {
    return this.#port.timerState(this.#id).canceled;
  }

  cancel(): void {
    this.#port.cancelTimer(this.#id);
  }

  reset(): void {
    this.#port.resetTimer(this.#id);
  }

  timeUntilNextCall(): bigint {
    return this.#port.timerState(this.#id).nextCall - this.#port.now();
  }

  timeSinceLastCall(): bigint {
    return this.#port.now() - this.#port.timerState(this.#id).lastCall;
  }
}
