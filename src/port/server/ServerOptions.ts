export interface AbnormalEnd {
  /** One line: the program, its nodes, what happened and the sim time. */
  readonly line: string;
  /** Its exit code when it exited with one (an error nothing handled: 1, as Python's and Node's), null when it died or was killed. */
  readonly code: number | null;
  /**
   * What on_exit: fail does: the run ends with the program's code, or fails with the error.
   * `explained`: a warning already said why the run ends (on_exit: respawn gave up), so an exit
   * code needs no line of its own.
   */
  fail(explained?: boolean): never;
}

/** What the job does when a program ends abnormally (its on_exit); throws to unwind the callback under way. */
export type OnAbnormalEnd = (end: AbnormalEnd) => never;

import type { WorldHost } from '../../sim/WorldHost.js';
import type { ProgramBagStore } from './ProgramBagStore.js';

export interface ServerOptions {
  /** The program's own bags (rosbag2_cpp), made at its first BagOp; none: a BagOp fails. */
  bags?: () => ProgramBagStore;
  /** The run's world, whose models' joints a program's ros2_control hardware claims (WorldJointsOp); none: it fails. */
  world?: () => WorldHost | null;
  /** Default: the run ends as for an in-process program (on_exit: fail). */
  onAbnormalEnd?: OnAbnormalEnd;
  /** Wall ms a callback of the program may take before its process is killed (none: the supervisor watches). */
  callbackTimeoutMs?: number;
  /** Wall ms its code may run after the run's end (--callback-timeout; none: END_GRACE_MS, as ros2 launch). */
  endGraceMs?: number;
  /** Its process ended before its Hello (how, as describeExit says): a start that never reached the client (default: as any death). */
  onGoneBeforeHello?: (how: string) => never;
  /**
   * It exited with code 0 (the line says so): told before its end goes through, so that the job
   * can watch for it (launch's OnProcessExit) or start it again (launch respawns on any exit) by
   * throwing, as OnAbnormalEnd does.
   */
  onExitZero?: (line: string) => void;
}
