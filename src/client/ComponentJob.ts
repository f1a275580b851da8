import type { NodePort } from '../port/NodePort.js';

/**
 * The job as a component in its own process sees it (ComponentOptions.job): the operations of
 * rclsim's JobHandle that a component uses, over the node port.
 */
export class Job {
  readonly #port: NodePort;
  /** The job's results as the simulation has them now (read through the port on each get). */
  readonly results: Pick<ReadonlyMap<string, unknown>, 'get' | 'has'>;

  constructor(port: NodePort) {
    this.#port = port;
    this.results = {
      get: (name: string) => port.getResult(name),
      has: (name: string) => port.getResult(name) !== undefined,
    };
  }

  /** Sim time now, ns since the epoch. */
  now(): bigint {
    return this.#port.now();
  }

  /** The job is done: the loop stops at the top of its next step, with this exit code. */
  finish(exitCode = 0): void {
    this.#port.finishJob(exitCode);
  }

  setResult(name: string, value: unknown): void {
    this.#port.setResult(name, value);
  }

  /** Runs `callback` after the loop ended (finished, idle or end time), in registration order with the job's other end callbacks. */
  onEnd(callback: () => unknown): void {
    this.#port.onEnd(callback);
  }
}
