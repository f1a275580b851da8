/**
 * Assertions of node code, in Antithesis' vocabulary (`import { always } from 'rclsim'`, in the
 * simulation's process and in a separate program's): `always` and `unreachable` fail the run
 * when they do not hold, `sometimes` and `reachable` say what a hunt should see happen. The
 * simulation counts each by its message (sim/Assertions.ts); they change nothing a run does.
 */

import { toJSONString } from '../ros/jsonSafe.js';
import type { AssertionKind } from '../sim/Assertions.js';
import { currentPort } from './currentPort.js';

/** `condition` must hold every time this line runs. */
export function always(condition: boolean, message: string, details?: object): void {
  assertion('always', condition, message, details);
}

/** `condition` should hold at least once (in some run of a hunt). */
export function sometimes(condition: boolean, message: string, details?: object): void {
  assertion('sometimes', condition, message, details);
}

/** This line should run at least once (in some run of a hunt). */
export function reachable(message: string, details?: object): void {
  assertion('reachable', true, message, details);
}

/** This line must never run. */
export function unreachable(message: string, details?: object): void {
  assertion('unreachable', true, message, details);
}

/**
 * Arguments are checked here, so a mistake throws in the program where the call is, as an API's
 * would. The condition counts by truthiness, as `if` would (`always(list.length, …)`); details
 * go as JSON that holds bigints and typed arrays (a message's fields), as rclnodejs's toJSONString.
 */
function assertion(kind: AssertionKind, condition: unknown, message: unknown, details: unknown): void {
  if (typeof message !== 'string') throw new TypeError(`${kind}: message must be a string, not ${describe(message)}`);
  if (details !== undefined && (typeof details !== 'object' || details === null))
    throw new TypeError(`${kind}: details must be an object, not ${describe(details)}`);
  currentPort().assertion(kind, message, Boolean(condition), details === undefined ? '' : toJSONString(details));
}

function describe(value: unknown): string {
  return value === null ? 'null' : typeof value;
}
