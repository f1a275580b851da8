import type { Engine } from '../engine/Engine.js';
import type { CheckOutcome } from './checks/CheckConfig.js';

/** Antithesis' vocabulary: `always` and `unreachable` fail a run; `sometimes` and `reachable` are counted over the runs of a hunt. */
export type AssertionKind = 'always' | 'sometimes' | 'reachable' | 'unreachable';

/** How one assertion (by its message) fared in a run. */
export interface AssertionRecord {
  message: string;
  kind: AssertionKind;
  /** Times the code reached it. */
  hits: number;
  /** Times its condition held (reachable/unreachable: times reached). */
  satisfied: number;
  /** The first time it failed (always: false; unreachable: reached). */
  failure: { time: bigint; details: string; callback: string } | null;
}

/**
 * The assertions node code makes (`always`, `sometimes`, `reachable`, `unreachable` from
 * rclsim), by message, in the order each was first reached. They only read: nothing a run does
 * depends on them.
 */
export class Assertions {
  readonly #engine: Engine;
  readonly #byMessage = new Map<string, AssertionRecord>();

  constructor(engine: Engine) {
    this.#engine = engine;
  }

  /** `program` names whose code asserted, when no callback is running (top-level code). */
  record(kind: AssertionKind, message: string, holds: boolean, details: string, program: string): void {
    let record = this.#byMessage.get(message);
    if (record === undefined) {
      record = { message, kind, hits: 0, satisfied: 0, failure: null };
      this.#byMessage.set(message, record);
    }
    record.hits++;
    const fails = kind === 'unreachable' || (kind === 'always' && !holds);
    if (kind === 'reachable' || (kind !== 'unreachable' && holds)) record.satisfied++;
    if (fails && record.failure === null) {
      const executing = this.#engine.executing;
      record.failure = { time: this.#engine.nowAbs, details, callback: executing === null ? `program ${program}` : executing.label };
    }
  }

  /** Every assertion reached, in first-reached order. */
  get records(): readonly AssertionRecord[] {
    return [...this.#byMessage.values()];
  }

  /** The assertions as the summary's checks report them, by message, in first-reached order. */
  outcomes(): CheckOutcome[] {
    return this.records.map(({ message, kind, hits, satisfied, failure }) => {
      const counted = kind === 'sometimes' || kind === 'reachable';
      return {
        name: message,
        kind: kind === 'always' ? 'assert_always' : kind,
        held: counted ? satisfied > 0 : failure === null,
        evaluations: hits,
        ...(counted ? { satisfied } : {}),
        ...(failure === null
          ? {}
          : {
              failure: {
                time: failure.time,
                what:
                  kind === 'always'
                    ? `it did not hold${failure.details === '' ? '' : `: ${failure.details}`}`
                    : `it was reached${failure.details === '' ? '' : `: ${failure.details}`}`,
                callback: failure.callback,
              },
            }),
      };
    });
  }
}
