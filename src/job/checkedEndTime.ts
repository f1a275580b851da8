import { formatSimTime } from '../base/runErrors.js';
import { MAX_TIME, PAST_MAX_TIME } from '../base/simTimeRange.js';
import { DurationError } from './duration.js';
import type { JobDefinition } from './JobHandle.js';

/**
 * The sim time a run of `definition` started at `start` ends at (undefined: the job sets no
 * end). Refuses a start, or an end, past the last sim time a message can carry: the run would
 * fail at its first stamp there (a /rosout record), in a callback, not as bad input.
 */
export function checkedEndTime(start: bigint, definition: JobDefinition): bigint | undefined {
  const endAfter = definition.endAfter === undefined ? undefined : BigInt(definition.endAfter);
  if (start > MAX_TIME) throw new DurationError(`the start time ${formatSimTime(start)} ${PAST_MAX_TIME}`);
  if (endAfter !== undefined && start + endAfter > MAX_TIME) {
    throw new DurationError(
      `the end time ${formatSimTime(start + endAfter)} (the start ${formatSimTime(start)} + ${formatSimTime(endAfter)}) ${PAST_MAX_TIME}`,
    );
  }
  return endAfter === undefined ? undefined : start + endAfter;
}
