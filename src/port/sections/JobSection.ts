import type { AssertionKind } from '../../sim/Assertions.js';

/** The node port's job section: the job around the program: a component's job operations, a proposed start time, the program's end, its assertions (proto/node.proto: JobOp, Exit, Assertion). */
export interface JobSection {
  /** The job's operations a component uses (a program has none: they throw). The job ends with this exit code after the step under way. */
  finishJob(code: number): void;

  setResult(name: string, value: unknown): void;

  getResult(name: string): unknown;

  /** A start time proposed before the run starts (rslcpp's initial time): whether it was taken (Engine#proposeStartTime). */
  proposeStartTime(startNs: bigint): boolean;

  /** `hook` runs once the run's loop ended, in the order end hooks were registered (in-process ones too). */
  onEnd(hook: () => unknown): void;

  /** process.exit(code): the program ends (its contexts shut down; a code that is not 0 ends the run). */
  exit(code: number): never;

  /** An assertion of the program's code (rclsim's `always` …), counted by its message; `details` is JSON text or ''. */
  assertion(kind: AssertionKind, message: string, holds: boolean, details: string): void;
}
