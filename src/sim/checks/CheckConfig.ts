/** One entry of a job's `checks:` (docs/design.md#faults-checks-and-hunting). */
export interface CheckConfig {
  name: string;
  /** Where the job file gives it (`job.yaml:12`), for errors found when its topic's type is known. */
  where: string;
  /** The topic whose messages it reads: as published (before faults), or as they reach `node` or `host`; none: the robot's world at every step. */
  topic?: string;
  node?: string;
  host?: string;
  kind: 'always' | 'never' | 'eventually';
  expression: string;
  /** eventually: how long after the start, or after each message matching `after`, it may take (ns). */
  within?: number;
  after?: string;
  /** The topic `after` reads (default: `topic`, as published). */
  afterTopic?: string;
}

/** How a check or an assertion fared in a run (the summary's `checks`). */
export interface CheckOutcome {
  name: string;
  kind: 'always' | 'never' | 'eventually' | 'assert_always' | 'unreachable' | 'sometimes' | 'reachable';
  /** Failed no time (sometimes, reachable: held at least once; they never fail a run). */
  held: boolean;
  /** Messages read (assertions: times reached). */
  evaluations: number;
  /** sometimes, reachable: times it held or was reached. */
  satisfied?: number;
  /** The first failure: when (absolute sim time, ns), what (the message, the value), in which callback. */
  failure?: { time: bigint; what: string; callback?: string };
}

/** Whether an outcome fails its run (sometimes and reachable count over a hunt instead). */
export function failsRun(outcome: Pick<CheckOutcome, 'kind' | 'held'>): boolean {
  return outcome.kind !== 'sometimes' && outcome.kind !== 'reachable' && !outcome.held;
}
