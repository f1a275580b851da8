import type { SharedTrace } from '../../job/TraceWriter.js';
import type { LiveMessage } from '../../live/liveProtocol.js';
import type { RunRequest } from './runRequest.js';

/** Messages between the supervisor (main thread) and the run's thread, as plain values. */

/**
 * From the supervisor: the run to make (first, and once: the thread starts before it is known);
 * end the run as the signal would; go on after the progress display is gone.
 */
export type SupervisorMessage =
  | { type: 'run'; request: RunRequest }
  | { type: 'interrupt'; signal: NodeJS.Signals }
  | { type: 'proceed' }
  /** The topics a live view's clients subscribed to. */
  | { type: 'live-watched'; topics: string[] }
  /** A live client's ros2 command (its words checked), by the number the live view gave it. */
  | { type: 'live-ros2'; command: number; words: string[] }
  /** Its client went away: the command ends. */
  | { type: 'live-ros2-cancel'; command: number };

/** From the run's thread (times as decimal strings: they exceed 2^53). */
export type WorkerMessage =
  | { type: 'recording'; file: string; bagDirectory?: string }
  /** The trace's unwritten lines (again when their memory is replaced): finished here if the thread dies. */
  | ({ type: 'trace' } & SharedTrace)
  | { type: 'started'; start: string; end?: string }
  | { type: 'ended' }
  /** A separate program's process started: it is killed if the run is stopped where it stands. */
  | { type: 'program-process'; pid: number }
  | LiveMessage;

/**
 * The global the inspector calls in a stuck run's thread to finish its outputs
 * (RunControl.finishOutputs), given the line that ends the run with RUNNING where what was running goes.
 */
export const FINISH_OUTPUTS = Symbol.for('rclsim.finishOutputs');

/** Stands for what was running in FINISH_OUTPUTS's line (no signal name or duration holds it). */
export const RUNNING = '\u0000';

/** What FINISH_OUTPUTS returns: the line that ends the run, and one for each output it could not finish. */
export interface FinishedOutputs {
  line: string;
  failures: string[];
}
