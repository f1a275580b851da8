import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadJob } from '../job/loadJob.js';
import { bigintsAsStrings } from '../job/RunSummary.js';
import { runJob } from '../job/runJob.js';
import { compareTraces, formatDivergence } from '../job/traceDiff.js';
import { LogOutput } from '../rcl/LogOutput.js';
import { oneLine } from './oneLine.js';

export interface ExploreOptions {
  runs: number;
  /** The first run's seed (default 0); run i has seed + i. */
  seed?: number;
  paramsFile: string[];
  keepTraces?: string;
  json?: boolean;
}

interface Run {
  seed: number;
  fingerprint: string;
  /** What the run ended with: its results, exit code and end, or its failure (one line). */
  outcome: string;
  trace: string;
}

/** Seeds listed in a report before "…". */
const SEEDS_SHOWN = 12;

/**
 * `rclsim explore`: runs the job N times in this process, run i with seed `seed + i` and every
 * wait result ordered by that seed (RunOptions.seededOrder), and reports the distinct outcomes
 * (results, exit code and end; failures) and fingerprints, which seeds gave each, and where the
 * traces of the first two distinct outcomes part ways. Each run is reproducible by its seed:
 * `rclsim run JOB --seed S` with the same executors and `order: seeded`.
 */
export async function explore(jobPath: string, options: ExploreOptions): Promise<number> {
  const dir = options.keepTraces ?? mkdtempSync(join(tmpdir(), 'rclsim-explore-'));
  mkdirSync(dir, { recursive: true });
  try {
    const first = options.seed ?? 0;
    const runs: Run[] = [];
    for (let i = 0; i < options.runs; i++) {
      const seed = first + i;
      const trace = join(dir, `seed-${seed}.trace`);
      try {
        const summary = await runJob(await loadJob(jobPath), {
          seed,
          seededOrder: true,
          tracePath: trace,
          paramsFiles: options.paramsFile,
          logOutput: new LogOutput(() => {}),
        });
        const outcome = JSON.stringify({ results: summary.results, exitCode: summary.exitCode, ended: summary.endReason }, bigintsAsStrings);
        runs.push({ seed, fingerprint: summary.fingerprint, outcome, trace });
      } catch (error) {
        runs.push({ seed, fingerprint: '', outcome: `failed: ${oneLine((error as Error).message)}`, trace });
      }
    }
    const outcomes = groupBy(runs, (run) => run.outcome);
    const fingerprints = groupBy(runs, (run) => run.fingerprint);
    // The first two runs that ended differently, else the first two that ran differently.
    const pair = outcomes.size > 1 ? firstOfEach(outcomes) : fingerprints.size > 1 ? firstOfEach(fingerprints) : null;
    const divergence = pair === null ? null : compareTraces(pair[0].trace, pair[1].trace, 3, true);
    const parted = divergence === null || divergence.identical ? null : formatDivergence(divergence, `seed ${pair![0].seed}`, `seed ${pair![1].seed}`);
    if (options.json) {
      const report = {
        runs: runs.length,
        seeds: [first, first + options.runs - 1],
        outcomes: [...outcomes.values()].map((group) => ({
          outcome: JSON.parse(group[0]!.outcome.startsWith('failed') ? JSON.stringify(group[0]!.outcome) : group[0]!.outcome) as unknown,
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
