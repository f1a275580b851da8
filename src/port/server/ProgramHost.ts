import type { ProgramThread } from '../../sim/Simulation.js';

/**
 * What a separate program's server needs of the run besides the program's port: job/programHost.ts
 * makes it from the simulation, so that the server itself calls nothing of the simulation.
 */
export interface ProgramHost {
  /** The program's name, as its lines name it. */
  readonly name: string;
  /** The fully qualified names of its nodes alive now. */
  nodeNames(): string[];
  /** How a line names it with its nodes: `program talker.js (node /talker)`. */
  describe(): string;
  /**
   * Waits on the program's socket as time the run's supervisor does not count against a
   * callback (the server keeps the program's callback timeout itself).
   */
  watchedElsewhere<T>(wait: () => T): T;
  /** Runs `work` where promise continuations run next: the program's, which run in its own process. */
  atNextYield(work: () => void): void;
  /** A warning of the run (its summary shows it). */
  warn(line: string): void;
  /** Fails the run with `error` (a callback's, named and timed by it). */
  fail(error: Error): void;
  /** Which of its executor's threads runs the callback running now, from 1 (0: not said): Engine#executingThread. */
  executorThread(): number;
  /** How long the callback running now takes (ns of sim time): Engine#executingDuration. */
  executionTime(): number;
  /** The program's code runs in this thread now, as its client told (null: none told); gives back the one before. */
  swapThread(thread: ProgramThread | null): ProgramThread | null;
  /** The separate programs' processes running now, shared by every server of the run (each counts itself). */
  readonly processes: { running: number };
}
