import { constants } from 'node:os';
import { BagError } from '../bag/BagStorage.js';
import { causesOf } from '../base/causes.js';
import { describeThrown } from '../base/describeThrown.js';
import { CallbackError, InterruptedError, LivelockError, OutputError, ProgramDiedError, SimTimeRangeError } from '../base/runErrors.js';
import { RemoteInputError } from '../port/server/remoteErrors.js';
import { ParameterOverrideError } from '../ros/NodeParameters.js';
import { RosArgumentsError } from '../ros/RosArguments.js';
import { CheckError } from '../sim/checks/Checks.js';
import { ParamsFileError } from '../sim/ParamsFile.js';
import { WorldInputError } from '../world/WorldInputError.js';
import { DelaysCsvError } from './delaysCsv.js';
import { DurationError } from './duration.js';
import { ExitCode } from './exitCodes.js';
import { JobFileError, JobModuleError, OutputCollisionError } from './jobErrors.js';

// How a run that threw is told: its one line and its exit code, the same for `rclsim run`, a
// sweep's worker and explore's runs (below cli/, so that sweep/ need not reach up into it).

/** Errors that mean the input was wrong (exit code 2), as opposed to the simulation failing. */
const BAD_INPUT = [
  CheckError,
  JobFileError,
  JobModuleError,
  ParamsFileError,
  ParameterOverrideError,
  RosArgumentsError,
  DurationError,
  DelaysCsvError,
  BagError,
  RemoteInputError,
  OutputCollisionError,
  WorldInputError,
];

/**
 * What went wrong, for the one line. Bad input a program met as it started (a parameter file's
 * value out of the declared range) is told as bad input is, naming its source, however it
 * surfaced; a thrown value is described without running code of its that could throw.
 */
export function failureMessage(error: unknown): string {
  const chain = causesOf(error);
  return describeThrown(chain.find(isBadInput) ?? chain.find((e) => isAny(e, [ProgramDiedError])) ?? error);
}

/**
 * The exit code that says what went wrong. A program that fails on bad input while it starts
 * (a parameter file of the wrong type, bad --ros-args) is bad input, however it surfaced: the
 * error it met is the callback's error, or in that error's chain of causes (a program that wraps it).
 */
export function exitCodeOf(error: unknown): number {
  // A time beyond the exact range, outside any callback, comes from what the job asked for.
  if (error instanceof SimTimeRangeError) return ExitCode.badInput;
  const chain = causesOf(error);
  if (chain.some(isBadInput)) return ExitCode.badInput;
  if (chain.some((e) => isAny(e, [OutputError]))) return ExitCode.outputFailed;
  const died = chain.find((e): e is ProgramDiedError => isAny(e, [ProgramDiedError]));
  if (died !== undefined)
    return died.death === 'signal' ? ExitCode.programDied : died.death === 'out-of-memory' ? ExitCode.outOfMemory : ExitCode.callbackThrew;
  if (error instanceof CallbackError) return ExitCode.callbackThrew;
  if (error instanceof LivelockError) return ExitCode.livelock;
  // As a shell reports a process killed by the signal: 128 + its number (130, 143).
  if (error instanceof InterruptedError) return 128 + constants.signals[error.signal];
  return ExitCode.internalError;
}

function isBadInput(error: unknown): boolean {
  return isAny(error, BAD_INPUT);
}

/** `instanceof`, which a user's Proxy (its getPrototypeOf trap) could make throw. */
function isAny(value: unknown, kinds: readonly (abstract new (...args: never[]) => unknown)[]): boolean {
  try {
    return kinds.some((kind) => value instanceof kind);
  } catch {
    return false;
  }
}
