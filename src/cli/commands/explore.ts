import { mkdtempSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeFolder } from '../../bag/makeFolder.js';
import { describeThrown } from '../../base/describeThrown.js';
import { couldNotRun, ExitCode } from '../../job/exitCodes.js';
import { compareTraces, formatDivergence } from '../../job/traceDiff.js';
import { RUN_TIMEOUT_MS } from '../../sweep/defaultRunTimeout.js';
import { keptTraces, saidCollision } from '../outputCollisions.js';
import { ExploreThread } from '../run/ExploreThread.js';
import { runFiles } from '../run/runFiles.js';

export interface ExploreOptions {
  runs: number;
  /** The first run's seed (default 0); run i has seed + i. */
  seed?: number;
  paramsFile: string[];
  keepTraces?: string;
  json?: boolean;
  /** Wall time (ms) after which a run counts as hung (default: RUN_TIMEOUT_MS). */
  timeout?: number;
}

interface Run {
  seed: number;
  fingerprint: string;
  /** What the run ended with: its results, exit code and end, or its failure (one line). */
  outcome: string;
  /** The exit code of a failed run. */
  failedWith?: number;
  trace: string;
  /** It passed its wall-time limit: its trace ends where its thread was stopped. */
  hung: boolean;
}

/** Seeds listed in a report before "…". */
const SEEDS_SHOWN = 12;

/**
 * `rclsim explore`: runs the job N times on a thread of this process, run i with seed `seed + i`
 * and every wait result ordered by that seed (RunOptions.seededOrder), and reports the distinct
 * outcomes (results, exit code and end; failures; hung) and fingerprints, which seeds gave each,
 * and where the traces of the first two distinct outcomes part ways. A run that takes longer
 * than `--timeout` of wall time has hung: that is its outcome, and the runs go on. Each run is
 * reproducible by its seed: `rclsim run JOB --seed S` with the same executors and `order: seeded`.
 * SIGINT/SIGTERM end the run under way and explore, with 128 + the signal's number.
 */
export async function explore(jobPath: string, options: ExploreOptions): Promise<number> {
  const first = options.seed ?? 0;
  const { inputs, outputs } = runFiles({
    command: 'run',
    target: jobPath,
    args: [],
    options: { paramsFile: options.paramsFile, fingerprint: true, logLevel: 'info' },
  });
  const kept = keptTraces(
    options.keepTraces,
    'seed',
    Array.from({ length: options.runs }, (_, i) => first + i),
  );
  if (saidCollision([...outputs, ...kept], inputs)) return ExitCode.badInput;
  const dir = options.keepTraces ?? mkdtempSync(join(tmpdir(), 'rclsim-explore-'));
  try {
    makeFolder(dir);
  } catch (error) {
    process.stderr.write(`rclsim: --keep-traces ${dir}: cannot make the folder (${describeThrown(error)})\n`);
    return ExitCode.outputFailed;
  }
  const thread = new ExploreThread();
  let interrupted: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    interrupted ??= signal;
    void thread.close();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const runs: Run[] = [];
    for (let i = 0; i < options.runs && interrupted === undefined; i++) {
      const seed = first + i;
      const trace = join(dir, `seed-${seed}.trace`);
      const result = await thread.run({ jobPath, seed, trace, paramsFiles: options.paramsFile }, options.timeout ?? RUN_TIMEOUT_MS);
      if (interrupted === undefined) runs.push({ seed, ...result, trace });
    }
    if (interrupted !== undefined) {
      process.stderr.write(`rclsim explore: interrupted by ${interrupted} after ${runs.length} of ${options.runs} runs\n`);
      return 128 + constants.signals[interrupted];
    }
    // A job that cannot run at all (bad input, an output that cannot be written) has no outcomes to explore.
    const refused = runs[0]?.failedWith;
    if (couldNotRun(refused) && runs.every((run) => run.outcome === runs[0]!.outcome)) {
      process.stderr.write(`rclsim: ${runs[0]!.outcome.slice('failed: '.length)}\n`);
      return refused!;
    }
    const outcomes = groupBy(runs, (run) => run.outcome);
    const fingerprints = groupBy(runs, (run) => run.fingerprint);
    // The first two runs that ended differently, else the first two that ran differently; of those with a whole trace.
    const whole = runs.filter((run) => !run.hung);
    const endedApart = groupBy(whole, (run) => run.outcome);
    const ranApart = groupBy(whole, (run) => run.fingerprint);
    const pair = endedApart.size > 1 ? firstOfEach(endedApart) : ranApart.size > 1 ? firstOfEach(ranApart) : null;
    const divergence = pair === null ? null : compareTraces(pair[0].trace, pair[1].trace, 3, true);
    const parted = divergence === null || divergence.identical ? null : formatDivergence(divergence, `seed ${pair![0].seed}`, `seed ${pair![1].seed}`);
    if (options.json) {
      const report = {
        runs: runs.length,
        seeds: [first, first + options.runs - 1],
        outcomes: [...outcomes.values()].map((group) => ({
          outcome: group[0]!.outcome.startsWith('{') ? (JSON.parse(group[0]!.outcome) as unknown) : group[0]!.outcome,
          seeds: group.map((r) => r.seed),
          fingerprints: new Set(group.map((r) => r.fingerprint)).size,
        })),
        fingerprints: fingerprints.size,
        divergence: parted,
      };
      process.stdout.write(`${JSON.stringify(report)}\n`);
    } else {
      process.stdout.write(
        `${runs.length} runs (seeds ${first}…${first + options.runs - 1}), every wait result ordered by the run's seed: ` +
          `${outcomes.size} distinct outcome${outcomes.size === 1 ? '' : 's'}, ${fingerprints.size} distinct fingerprint${fingerprints.size === 1 ? '' : 's'}\n`,
      );
      let index = 0;
      for (const group of outcomes.values()) {
        const seeds = group.map((r) => r.seed);
        const shown = seeds.slice(0, SEEDS_SHOWN).join(', ') + (seeds.length > SEEDS_SHOWN ? ', …' : '');
        process.stdout.write(`outcome ${++index}: ${group.length} run${group.length === 1 ? '' : 's'} (seeds ${shown}): ${group[0]!.outcome}\n`);
      }
      if (parted !== null) process.stdout.write(`${parted}\n`);
      process.stdout.write(`one run again: rclsim run ${jobPath} --seeded-order --seed <seed>\n`);
    }
    return 0;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await thread.close();
    if (options.keepTraces === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

function groupBy(runs: readonly Run[], key: (run: Run) => string): Map<string, Run[]> {
  const groups = new Map<string, Run[]>();
  for (const run of runs) {
    const group = groups.get(key(run));
    if (group === undefined) groups.set(key(run), [run]);
    else group.push(run);
  }
  return groups;
}

function firstOfEach(groups: Map<string, Run[]>): [Run, Run] {
  const [a, b] = [...groups.values()];
  return [a![0]!, b![0]!];
}
