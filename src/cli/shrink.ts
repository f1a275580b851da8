import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { describeThrown } from '../engine/describeThrown.js';
import { compareTraces, formatDivergence, TraceFileError } from '../job/traceDiff.js';
import { explicitFaultsJobText, occurrenceText } from '../sweep/explicitFaults.js';
import { PooledRuns } from '../sweep/PooledRuns.js';
import { RUN_TIMEOUT_MS } from '../sweep/runTimeout.js';
import { ExitCode } from './exitCodes.js';
import type { RunsDisplay } from './progressDisplay.js';
import { type FailureKey, failsAs } from './runVerdict.js';
import { minimalFaults, ShrinkRuns, ShrinkStopped } from './shrinkFaults.js';
import { shellWord, yamlJobOrSay } from './yamlJob.js';

export interface ShrinkOptions {
  seed: number;
  check?: string;
  swarm?: boolean;
  seededOrder?: boolean;
  jobs?: number;
  /** The minimal job file (default: `<job>.shrunk.yaml` beside the job). */
  out?: string;
  /** Wall time (ms) after which a run counts as hung (default: RUN_TIMEOUT_MS). */
  timeout?: number;
  json?: boolean;
  quiet?: boolean;
}

/**
 * `rclsim shrink JOB --seed S`: finds the fewest of the faults seed S fired that still fail the
 * run the same way (shrinkFaults.ts), writes them as the job's only faults, with the seed, beside
 * the job (`<job>.shrunk.yaml`, a file that replays the failure by itself), runs it once more
 * for its report and trace, and prints where that trace parts from the job's without faults.
 * Exit 0 when it wrote the minimal job; 1 when the seed does not fail as asked, or its faults
 * replayed explicitly do not fail it again; 5 when the minimal job did not fail again on its
 * last run (the runs are not deterministic).
 */
export async function shrink(jobFile: string, options: ShrinkOptions): Promise<number> {
  const job = yamlJobOrSay(jobFile);
  if (job === undefined) return ExitCode.badInput;
  const out = options.out ?? join(dirname(job.given), `${basename(job.given).replace(/\.ya?ml$/i, '')}.shrunk.yaml`);
  // The minimal job keeps the job's relative paths (programs, bags, parameter files): they resolve where the job is.
  if (dirname(resolve(out)) !== dirname(job.path)) {
    process.stderr.write(`rclsim: --out ${out}: the minimal job goes in the job's folder (${dirname(job.given)}), where its relative paths resolve\n`);
    return ExitCode.badInput;
  }
  const report = `${out.replace(/\.ya?ml$/i, '')}.html`;
  const started = performance.now();
  const traces = mkdtempSync(join(tmpdir(), 'rclsim-shrink-'));
  const pool = await PooledRuns.open({
    name: 'shrink',
    timeoutMs: options.timeout ?? RUN_TIMEOUT_MS,
    retries: 1,
    ...(options.jobs === undefined ? {} : { jobs: options.jobs }),
  });
  const runs = new ShrinkRuns(pool, {
    job,
    seed: options.seed,
    ...(options.check === undefined ? {} : { check: options.check }),
    ...(options.swarm ? { swarm: true } : {}),
    ...(options.seededOrder ? { seededOrder: true } : {}),
  });
  const display: RunsDisplay | undefined =
    process.stderr.isTTY && options.quiet !== true ? new (await import('./progressDisplay.js')).RunsDisplay('shrink', 1) : undefined;
  let done = 0;
  try {
    const { why, key, fired, minimal } = await minimalFaults(runs, {
      round: (round, candidates) => {
        done = 0;
        display?.restart(`shrink, round ${round}`, candidates);
      },
      answered: () => display?.update(++done, `${runs.runs} runs`),
    });
    display?.stop();
    try {
      writeFileSync(resolve(out), explicitFaultsJobText(job.text, minimal, options.seed, comment(minimal.length, fired.length, options.seed, key)));
    } catch (error) {
      throw new ShrinkStopped(`cannot write ${out} (${describeThrown(error)})`, ExitCode.outputFailed);
    }
    // The minimal job once more, with its trace and report, beside the job without faults.
    const shrunkTrace = join(traces, 'shrunk.trace');
    const plainTrace = join(traces, 'no-faults.trace');
    const [last] = await Promise.all([
      runs.verdict(runs.withFaults(minimal), { tracePath: shrunkTrace, reportPath: resolve(report) }),
      runs.verdict(runs.withFaults([]), { tracePath: plainTrace }),
    ]);
    if (!failsAs(last, key))
      throw new ShrinkStopped(`the minimal job ${out} did not fail again on its last run: the runs are not deterministic`, ExitCode.notDeterministic);
    const parted = divergence(shrunkTrace, plainTrace);
    const replay = `rclsim run ${shellWord(out)}${options.seededOrder ? ' --seeded-order' : ''}`;
    const wallSeconds = (performance.now() - started) / 1000;
    if (options.json) {
      const summary = {
        job: job.given,
        seed: options.seed,
        failure: why,
        fired: fired.length,
        minimal,
        runs: runs.runs,
        rounds: runs.rounds,
        out,
        report,
        divergence: parted,
        replay,
        wallSeconds,
      };
      process.stdout.write(`${JSON.stringify(summary)}\n`);
    } else {
      const lines = [`seed ${options.seed}: ${why}`];
      if (minimal.length === 0) lines.push(`it fails without any fault (${fired.length} fired)`);
      else {
        lines.push(
          `${fired.length} faults fired; it fails with ${minimal.length} of them, and without any one of those it does not (${runs.runs} runs, ${runs.rounds} rounds, ${wallSeconds.toFixed(1)} s)`,
        );
        for (const occurrence of minimal) lines.push(`  - ${occurrenceText(occurrence)}`);
      }
      lines.push(`wrote ${out} and its report ${report}`);
      lines.push(parted === null ? 'its trace is the same as without faults' : `where it parts from the job without faults: ${parted}`);
      lines.push(`replay: ${replay}`);
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    return ExitCode.ok;
  } catch (error) {
    if (!(error instanceof ShrinkStopped)) throw error;
    display?.stop();
    process.stderr.write(`rclsim: ${error.message}\n`);
    return error.exitCode;
  } finally {
    await pool.close();
    rmSync(traces, { recursive: true, force: true });
  }
}

/** Where the minimal job's trace parts from the job's without faults, as `rclsim diff` prints it; null: nowhere. */
function divergence(shrunkTrace: string, plainTrace: string): string | null {
  try {
    const comparison = compareTraces(shrunkTrace, plainTrace);
    return comparison.identical ? null : formatDivergence(comparison, 'shrunk', 'no faults');
  } catch (error) {
    // A run lost before it wrote its trace.
    if (!(error instanceof TraceFileError)) throw error;
    return `none: ${error.message}`;
  }
}

/** What the minimal job says of itself above its faults. */
function comment(needed: number, fired: number, seed: number, key: FailureKey): string {
  const failure = 'check' in key ? `check ${key.check} fails` : `the run fails with exit code ${key.exitCode}`;
  return ` rclsim shrink: ${needed} of the ${fired} faults seed ${seed} fired; with them ${failure}, without any one of them it does not`;
}
