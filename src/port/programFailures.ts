import { causesOf } from '../base/causes.js';
import { describeThrown } from '../base/describeThrown.js';
import * as errors from '../ros/rclErrors.js';
import type { Done, Outgoing, Run } from './wire/nodeMessages.js';

/**
 * A separate program's failures as its Done tells them (docs/node-protocol.md): the errors the
 * simulation raised in it, and what failed — the run's callback, a promise an earlier callback
 * returned, or code no callback names — so that the simulation tells it in the words of an
 * in-process failure, and bad input the program met as bad input.
 */

/** The errors raised for a Failed that says the request met bad input of the run, with what the simulation said. */
const inputErrors = new WeakMap<object, string>();

/**
 * What the simulation refused (Failed), thrown where the program asked, as in-process: an error
 * of the class it names — rclnodejs's error classes and JavaScript's own — with its message.
 */
export function refusal(message: string, kind: string, inputError: boolean): Error {
  const classes: Record<string, unknown> = { ...errors, TypeError, RangeError, SyntaxError };
  const ErrorClass = classes[kind];
  const error: Error =
    typeof ErrorClass === 'function' && (ErrorClass === Error || ErrorClass.prototype instanceof Error)
      ? Object.create((ErrorClass as ErrorConstructor).prototype)
      : new Error();
  Object.defineProperty(error, 'message', { value: message, writable: true, configurable: true });
  if (error.name !== kind && kind !== '') Object.defineProperty(error, 'name', { value: kind, writable: true, configurable: true });
  Error.captureStackTrace(error, refusal);
  if (inputError) inputErrors.set(error, message);
  return error;
}

/** A failure of the program's code, for its Done. */
export interface ProgramFailure {
  error: string;
  /** The bad input in the error's chain of causes: the simulation's line of it ('' if none). */
  inputError: string;
  /** The callback whose returned promise failed, when it was not the run's own. */
  callback: Pick<Run, 'kind' | 'entity' | 'nowNs'> | null;
  /** What failed, in an in-process failure's words, when no callback names it. */
  label: string;
}

/** `error`, thrown by the run's callback (where: none), by a promise `callback` returned, or by code that `label` names. */
export function programFailure(error: unknown, where: { callback?: Run; label?: string } = {}): ProgramFailure {
  const { callback, label = '' } = where;
  return {
    error: describeThrown(error),
    inputError: inputErrorOf(error),
    callback: callback === undefined ? null : { kind: callback.kind, entity: callback.entity, nowNs: callback.nowNs },
    label,
  };
}

/** A Done's fields that tell a failure. */
export function failureFields(failure: ProgramFailure): Outgoing<Done> {
  const { callback } = failure;
  return {
    failed: true,
    error: failure.error,
    inputError: failure.inputError,
    failedLabel: failure.label,
    ...(callback === null ? {} : { failedKind: callback.kind, failedEntity: callback.entity, failedAtNs: callback.nowNs }),
  };
}

function inputErrorOf(error: unknown): string {
  for (const e of causesOf(error)) {
    const line = typeof e === 'object' && e !== null ? inputErrors.get(e) : undefined;
    if (line !== undefined) return line;
  }
  return '';
}
