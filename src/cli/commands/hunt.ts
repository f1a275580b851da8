import { couldNotRun, ExitCode } from '../../job/exitCodes.js';
import { caseJobText } from '../../sweep/caseJob.js';
import { RUN_TIMEOUT_MS } from '../../sweep/defaultRunTimeout.js';
import { PooledRuns, QueueUnreachable, RunsInterrupted } from '../../sweep/PooledRuns.js';
import { runInOrder } from '../../sweep/runInOrder.js';
import type { RunsDisplay } from '../run/progressDisplay.js';
import { type CheckJson, countedChecks, describeFailure, failedChecks, isFailure, type RunVerdict, verdictOf } from '../run/runVerdict.js';
import { shellWord, yamlJobOrSay } from './yamlJob.js';

export interface HuntOptions {
  runs: number;
  /** The first run's seed (default 0); run i has seed + i. */
  seed?: number;
  jobs?: number;
  swarm?: boolean;
  seededOrder?: boolean;
  /** Put the runs on this Redis (BullMQ) for `rclsim worker`s to take. */
  queue?: string;
  /** Every run, every failing seed, instead of stopping at the first. */
  all?: boolean;
  /** Only failed checks count, not exit codes 3, 4 and 7. */
  checksOnly?: boolean;
  /** Wall time (ms) after which a run counts as hung (default: RUN_TIMEOUT_MS). */
  timeout?: number;
  json?: boolean;
  quiet?: boolean;
}

/** A `sometimes` or `reachable` assertion over the runs: in how many it was reached, in how many it held. */
interface Counted {
  name: string;
  kind: CheckJson['kind'];
  runs: number;
  held: number;
}

/** Lost (or, interrupted, failing) runs listed by their seed before "…". */
const SEEDS_SHOWN = 10;

/**
 * `rclsim hunt JOB --runs N`: runs the job with seeds S, S + 1, … on warm worker processes (or
 * through the queue) until one fails — a check or an assertion fails (exit code 8), or, unless
 * --checks-only, the run fails with exit code 3, 4 or 7 — and prints that seed, why, and the
 * commands that replay and shrink it; with --all, every failing seed. The seed found is the
 * smallest failing one whatever the workers' timing (runInOrder), and so is everything reported
 * with it: the `sometimes` and `reachable` assertions are counted over the runs up to it. Exit 8
 * when a run failed; else 6 when runs hung, 1 when runs were lost otherwise (their worker died),
 * 0 when every run ended without failing. A job that cannot run at all (bad input) stops the
 * hunt with that run's line and code; SIGINT/SIGTERM with a line saying how far it got, exit
 * 128 + the signal's number; a queue that does not answer, with one line, exit 69.
 */
export async function hunt(jobFile: string, options: HuntOptions): Promise<number> {
  const job = yamlJobOrSay(jobFile);
  if (job === undefined) return ExitCode.badInput;
  const started = performance.now();
  const first = options.seed ?? 0;
  // Recordings are left out: runs side by side would write the same files.
  const jobText = caseJobText(job.text, [], {}, null);
  // A queue keeps results by key: a run with other options is another run.
  const suffix = `${options.swarm ? '-swarm' : ''}${options.seededOrder ? '-seeded-order' : ''}`;
  const failures: { seed: number; verdict: RunVerdict }[] = [];
  const lost: { seed: number; why: string; hung: boolean }[] = [];
  let runs = 0;
  // However far it got (also while a queue's Redis had not answered yet): one line, 128 + the signal's number.
  const interrupted = (error: RunsInterrupted): number => {
    const seeds = runs === 0 ? '' : ` (seeds ${first}…${first + runs - 1})`;
    const found = failures.length === 0 ? 'no failure so far' : `${failures.length} failed (seeds ${listed(failures)})`;
    process.stderr.write(
      `rclsim hunt: ${error.message} after ${runs} of ${options.runs} runs${seeds}: ${found}${lost.length === 0 ? '' : `, ${lost.length} lost`}\n`,
    );
    return error.exitCode;
  };
  let pool: PooledRuns;
  try {
    pool = await PooledRuns.open(
      {
        name: `hunt ${job.path}`,
        timeoutMs: options.timeout ?? RUN_TIMEOUT_MS,
        retries: 1,
        ...(options.jobs === undefined ? {} : { jobs: options.jobs }),
        ...(options.queue === undefined ? {} : { queue: options.queue }),
      },
      options.runs,
    );
  } catch (error) {
    if (error instanceof RunsInterrupted) return interrupted(error);
    if (!(error instanceof QueueUnreachable)) throw error;
    process.stderr.write(`rclsim: ${error.message}\n`);
    return ExitCode.unavailable;
  }
  const display: RunsDisplay | undefined =
    process.stderr.isTTY && options.quiet !== true ? new (await import('../run/progressDisplay.js')).RunsDisplay('hunt', options.runs) : undefined;
  const counted = new Map<string, Counted>();
  // Each listed fault: in how many runs it was on (swarm turns some off), in how many it fired.
  const faults = new Map(job.faults.map(({ name }) => [name, { on: 0, fired: 0 }]));
  let refused: RunVerdict | undefined;
  try {
    await runInOrder(pool, {
      count: options.runs,
      task: (index) => ({
        caseId: String(first + index),
        task: {
          key: `hunt-${first + index}${suffix}`,
          jobText,
          jobPath: job.path,
          seed: first + index,
          reportPath: null,
          ...(options.swarm ? { swarm: true } : {}),
          ...(options.seededOrder ? { seededOrder: true } : {}),
        },
      }),
      judge: (answer) => ({ verdict: verdictOf(answer), why: answer.kind === 'lost' ? answer.why : '', hung: answer.kind === 'lost' && answer.hung }),
      // A failure ends the hunt unless all are wanted; a job that cannot run at all ends it always.
      stops: ({ verdict }) => (verdict !== null && couldNotRun(verdict.exitCode)) || (options.all !== true && isFailure(verdict, options.checksOnly === true)),
      onAnswer: (index, { verdict, why, hung }) => {
        runs++;
        const seed = first + index;
        if (verdict === null) lost.push({ seed, why, hung });
        else if (couldNotRun(verdict.exitCode)) refused = verdict;
        else {
          if (isFailure(verdict, options.checksOnly === true)) failures.push({ seed, verdict });
          for (const name of verdict.faults?.on ?? []) faults.get(name)!.on++;
          for (const [name, times] of Object.entries(verdict.faults?.byName ?? {})) if (times > 0 && faults.has(name)) faults.get(name)!.fired++;
          for (const check of countedChecks(verdict)) {
            const entry = counted.get(check.name) ?? { name: check.name, kind: check.kind, runs: 0, held: 0 };
            entry.runs++;
            if (check.held) entry.held++;
            counted.set(check.name, entry);
          }
        }
        display?.update(runs, failures.length === 0 ? '' : `${failures.length} failing, the first seed ${failures[0]!.seed}`);
      },
    });
  } catch (error) {
    if (!(error instanceof RunsInterrupted)) throw error;
    display?.stop();
    return interrupted(error);
  } finally {
    display?.stop();
    await pool.close();
  }
  if (refused !== undefined) {
    process.stderr.write(`rclsim: ${refused.error ?? `the job ended with exit code ${refused.exitCode}`}\n`);
    return refused.exitCode;
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const neverHeld = [...counted.values()].filter((entry) => entry.held === 0);
  // A misspelt topic or program is accepted (any may come to be as the run goes): said here, once for the hunt.
  const neverFired = job.faults.flatMap(({ name, target }) => {
    const { on, fired } = faults.get(name)!;
    return fired === 0 ? [{ name, target, on }] : [];
  });
  const commands = (seed: number, verdict: RunVerdict): { replay: string; shrink: string } => {
    const check = failedChecks(verdict)[0]?.name;
    const flags = `${options.swarm ? ' --swarm' : ''}${options.seededOrder ? ' --seeded-order' : ''}`;
    const jobWord = shellWord(job.given);
    return {
      replay: `rclsim run ${jobWord} --seed ${seed}${flags}`,
      shrink: `rclsim shrink ${jobWord} --seed ${seed}${check === undefined ? '' : ` --check ${shellWord(check)}`}${flags}`,
    };
  };
  const last = first + runs - 1;
  const hung = lost.filter((entry) => entry.hung).length;
  if (options.json) {
    const report = {
      job: job.given,
      seeds: [first, last],
      runs,
      failures: failures.map(({ seed, verdict }) => ({
        seed,
        exitCode: verdict.exitCode,
        why: describeFailure(verdict),
        checks: failedChecks(verdict).map((check) => check.name),
        ...commands(seed, verdict),
      })),
      neverHeld: neverHeld.map(({ name, kind, runs }) => ({ name, kind, runs })),
      neverFired,
      lost,
      wallSeconds,
    };
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } else {
    const span = `${runs} run${runs === 1 ? '' : 's'}, seeds ${first}…${last}, in ${wallSeconds.toFixed(1)} s (${(runs / wallSeconds).toFixed(1)} runs/s)`;
    const lines: string[] = [];
    // A run that hung or was lost was not checked: no failure found is no success then.
    if (failures.length === 0 && hung > 0) lines.push(`no failure, but ${hung} of ${runs} runs hung (${span})`);
    else if (failures.length === 0 && lost.length > 0) lines.push(`no failure, but ${lost.length} of ${runs} runs were lost (${span})`);
    else if (failures.length === 0) lines.push(`no failure in ${span}`);
    else if (options.all) lines.push(`${failures.length} of ${runs} runs fail (${span})`);
    else lines.push(`seed ${failures[0]!.seed} fails (${span})`);
    for (const { seed, verdict } of failures) lines.push(`${options.all ? `seed ${seed}: ` : '  '}${describeFailure(verdict)}`);
    if (failures.length > 0) {
      const { replay, shrink } = commands(failures[0]!.seed, failures[0]!.verdict);
      lines.push(`replay: ${replay}`, `shrink: ${shrink}`);
    }
    for (const entry of neverHeld) lines.push(`never held: ${entry.kind} ${JSON.stringify(entry.name)} (reached in ${entry.runs} of ${runs} runs)`);
    for (const { name, target, on } of neverFired) lines.push(`never fired: fault '${name}' on ${target} (on in ${on} of ${runs} runs)`);
    if (lost.length > 0) lines.push(`lost: ${lost.length} run${lost.length === 1 ? '' : 's'} (seeds ${listed(lost)}): ${lost[0]!.why}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  if (failures.length > 0) return ExitCode.checkFailed;
  if (hung > 0) return ExitCode.callbackTimeout;
  return lost.length > 0 ? ExitCode.internalError : ExitCode.ok;
}

/** The first runs' seeds, and "…" for more. */
function listed(runs: readonly { seed: number }[]): string {
  return `${runs
    .slice(0, SEEDS_SHOWN)
    .map((run) => run.seed)
    .join(', ')}${runs.length > SEEDS_SHOWN ? ', …' : ''}`;
}
