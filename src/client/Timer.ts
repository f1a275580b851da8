import type { NodePort } from '../port/NodePort.js';

/** rclnodejs's Timer as a client of the node port: the timer is on the simulation's heap, its callback runs here. */
export class Timer {
  readonly #port: NodePort;
  readonly #id: number;

  constructor(port: NodePort, id: number) {
    this.#port = port;
    this.#id = id;
  }

  /** The simulation's id of the timer (what the port names it by). */
  get id(): number {
    return this.#id;
  }

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
