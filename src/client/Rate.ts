import type { NodePort } from '../port/NodePort.js';

/** rclnodejs's Rate as a client of the node port: `await rate.sleep()` resumes at the rate's next tick of sim time. */
export class Rate {
  readonly #port: NodePort;
  readonly #id: number;
  readonly frequency: number;
  #canceled = false;

  constructor(port: NodePort, id: number, hz: number) {
    this.#port = port;
    this.#id = id;
    this.frequency = hz;
  }

  sleep(): Promise<void> {
    if (this.#canceled) return Promise.reject(new Error('Rate has been cancelled.'));
    return new Promise((resolve) => this.#port.rateSleep(this.#id, resolve));
  }

  /** A sleep under way never ends, as in rclnodejs. */
  cancel(): void {
    this.#canceled = true;
    this.#port.cancelRate(this.#id);
  }

  isCanceled(): boolean {
    return this.#canceled;
  }
}
