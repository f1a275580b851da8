import { couldNotRun, ExitCode } from '../../job/exitCodes.js';
import type { Occurrence } from '../../sim/faults/FaultConfig.js';
import { caseJobText } from '../../sweep/caseJob.js';
import { ddmin } from '../../sweep/deltaDebugging.js';
import { explicitFaultsJobText } from '../../sweep/explicitFaults.js';
import type { PooledRuns } from '../../sweep/PooledRuns.js';
import { runInOrder } from '../../sweep/runInOrder.js';
import type { PoolTask } from '../../sweep/WorkerPool.js';
import { describeFailure, type FailureKey, failsAs, failureKey, type RunVerdict, verdictOf } from '../run/runVerdict.js';
import type { YamlJob } from './yamlJob.js';

/** The failing run to shrink: the job, and the seed and options it failed with. */
export interface ShrinkRequest {
  job: YamlJob;
  seed: number;
  /** The check whose failure to keep (default: the first that failed). */
  check?: string;
  swarm?: boolean;
  seededOrder?: boolean;
}

/** Why shrink stops without a minimal job: one line, and the exit code. */
export class ShrinkStopped extends Error {
  constructor(
    message: string,
    readonly exitCode: number = ExitCode.internalError,
  ) {
    super(message);
  }
}

/** What delta debugging found. */
export interface Shrunk {
  /** The failure, in one line, as the failing run had it. */
  why: string;
  key: FailureKey;
  /** The faults the failing run fired, in firing order. */
  fired: Occurrence[];
  /** The fewest of them it found the run still fails with (1-minimal), in firing order. */
  minimal: Occurrence[];
}

/** Told how the search goes: a round of candidates begins, a candidate's run ended. */
export interface ShrinkProgress {
  round(round: number, candidates: number): void;
  answered(): void;
}

/** The runs of one shrink on the pool: each a text of the job with the seed and options of the failing run. */
export class ShrinkRuns {
  readonly pool: Pick<PooledRuns, 'run' | 'window'>;
  readonly request: ShrinkRequest;
  /** The job without its recordings: runs side by side would write the same files. */
  readonly jobText: string;
  /**
   * Runs whose answers counted, and rounds of delta debugging. A round's candidates past the
   * failing one that were under way when it failed are not counted: how many there were depends
   * on timing.
   */
  runs = 0;
  rounds = 0;
  /** How far the search got, for a shrink that is stopped: the faults the failing run fired, and the fewest it still failed with so far. */
  fired: number | undefined;
  kept: number | undefined;
  #started = 0;

  constructor(pool: Pick<PooledRuns, 'run' | 'window'>, request: ShrinkRequest) {
    this.pool = pool;
    this.request = request;
    this.jobText = caseJobText(request.job.text, [], {}, null);
  }

  task(text: string, extra: Partial<PoolTask['task']> = {}): PoolTask {
    const number = ++this.#started;
    return {
      caseId: String(number),
      task: {
        key: `shrink-${number}`,
        jobText: text,
        jobPath: this.request.job.path,
        seed: this.request.seed,
        reportPath: null,
        ...(this.request.seededOrder ? { seededOrder: true } : {}),
        ...extra,
      },
    };
  }

  async verdict(text: string, extra: Partial<PoolTask['task']> = {}): Promise<RunVerdict | null> {
    const answer = await this.pool.run(this.task(text, extra));
    this.runs++;
    return verdictOf(answer);
  }

  /** The job with these occurrences as its only faults (none: without faults), and the seed. */
  withFaults(occurrences: readonly Occurrence[]): string {
    return explicitFaultsJobText(this.jobText, occurrences, this.request.seed);
  }
}

/**
 * Runs the job as the hunt did, takes the faults that fired as an explicit list (each fault by
 * the message it hit: publisher, sequence number, receiver — not by sim time, which shifts when
 * another fault goes), and removes faults by delta debugging while the run still fails the same
 * way (runVerdict.ts failsAs: the same check first failing at the same time on the same message, or the same exit code and line). Each round's
 * candidates run side by side on the pool, and the first failing one is taken by its place in the
 * round (runInOrder), so the result does not depend on timing. Throws ShrinkStopped when the seed
 * does not fail as asked, or its faults replayed explicitly do not fail it again.
 */
export async function minimalFaults(runs: ShrinkRuns, progress?: ShrinkProgress): Promise<Shrunk> {
  const { seed, check, swarm } = runs.request;
  const original = await runs.verdict(runs.jobText, swarm ? { swarm: true } : {});
  if (original === null) throw new ShrinkStopped(`the run with seed ${seed} was lost (its worker died, or it hung)`);
  if (couldNotRun(original.exitCode)) throw new ShrinkStopped(original.error ?? `exit code ${original.exitCode}`, original.exitCode);
  const why = describeFailure(original);
  const key = failureKey(original, check);
  if (key === null) throw new ShrinkStopped(`seed ${seed} ${check === undefined ? 'does not fail' : `does not fail check ${check}`} (${why})`);
  if (original.faults?.truncated) {
    throw new ShrinkStopped(
      `seed ${seed} fired ${original.faults.fired} faults, more than a summary keeps (${original.faults.occurrences.length}): fewer faults or a shorter run`,
    );
  }
  const fired = original.faults?.occurrences ?? [];
  runs.fired = fired.length;
  const fails = async (occurrences: readonly Occurrence[]): Promise<boolean> => failsAs(await runs.verdict(runs.withFaults(occurrences)), key);
  // The two ends of the search: without any fault, and with every one that fired, explicitly.
  const [failsWithout, failsWithAll] = await Promise.all([fails([]), fired.length === 0 || fails(fired)]);
  if (failsWithout) return { why, key, fired, minimal: [] };
  if (!failsWithAll) throw new ShrinkStopped(`the ${fired.length} faults seed ${seed} fired, replayed explicitly, do not fail it again (${why})`);
  const minimal = await ddmin(fired, async (candidates) => {
    progress?.round(++runs.rounds, candidates.length);
    const failing = await runInOrder(runs.pool, {
      count: candidates.length,
      task: (index) => runs.task(runs.withFaults(candidates[index]!)),
      judge: (answer) => failsAs(verdictOf(answer), key),
      stops: (failed) => failed,
      onAnswer: () => {
        runs.runs++;
        progress?.answered();
      },
    });
    if (failing >= 0) runs.kept = candidates[failing]!.length;
    return failing;
  });
  return { why, key, fired, minimal };
}
