/** The worker process's fd of the socket whose other end its coordinator holds (parentWatch.ts): after stdin, stdout, stderr and the IPC channel. */
export const PARENT_FD = 4;

/** What the sweep's coordinator asks a worker process to run: one job, as text, with its seed. */
export interface WorkerTask {
  key: string;
  /** The case's job file text, parsed as if it were the base job file (`jobPath`: relative paths resolve beside it). */
  jobText: string;
  jobPath: string;
  seed: number | null;
  /** Write the run's HTML report here. */
  reportPath: string | null;
  /** Write the run's trace here (`shrink`: where the minimal job parts from the job without faults). */
  tracePath?: string;
  /** RunOptions.swarm and RunOptions.seededOrder: a hunt's runs as `rclsim run --swarm --seeded-order` runs them. */
  swarm?: boolean;
  seededOrder?: boolean;
  /** The files the job names, with their content's SHA-256 (queue runs: the worker checks them first). */
  inputs?: Record<string, string>;
}

/** Which of an `rclsim worker`'s processes ran a queued run (its pool's worker). */
interface RanBy {
  process?: number | string;
}

/** What a worker process says once it has started, before any answer: a run's wall time counts from then, not from its process's start. */
export interface WorkerReady {
  ready: true;
}

/** What the worker answers: the run's summary as JSON text (bigints as strings), or why it could not run. */
export type WorkerResult =
  | ({ key: string; ok: true; summary: string; wallSeconds: number } & RanBy)
  /**
   * The run failed (bad input, a callback threw, …): `exitCode` says how, as `rclsim run` would;
   * `findings`, as JSON text like a summary, the faults that fired and the checks' outcomes up to
   * the failure (`shrink` replays the faults; `hunt` counts the assertions).
   */
  | ({ key: string; ok: false; error: string; exitCode: number; wallSeconds: number; findings?: string } & RanBy);
