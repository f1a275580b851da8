import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { describeThrown } from '../../base/describeThrown.js';
import { couldNotRun, ExitCode } from '../../job/exitCodes.js';
import { compareTraces, formatDivergence, TraceFileError } from '../../job/traceDiff.js';
import type { Occurrence } from '../../sim/faults/FaultConfig.js';
import { RUN_TIMEOUT_MS } from '../../sweep/defaultRunTimeout.js';
import { explicitFaultsJobText, occurrenceText } from '../../sweep/explicitFaults.js';
import { PooledRuns, RunsInterrupted } from '../../sweep/PooledRuns.js';
import { saidCollision } from '../outputCollisions.js';
import type { RunsDisplay } from '../run/progressDisplay.js';
import { runFiles } from '../run/runFiles.js';
import { type FailureKey, failsAs } from '../run/runVerdict.js';
import { writeWhole } from '../writeWhole.js';
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
 * run the same way (shrinkFaults.ts), prints them, writes them as the job's only faults, with the
 * seed, beside the job (`<job>.shrunk.yaml`, a file that replays the failure by itself), runs it
 * once more for its report and trace, and prints where that trace parts from the job's without
 * faults. Exit 0 when it wrote the minimal job and its report; 1 when the seed does not fail as
 * asked, or its faults replayed explicitly do not fail it again; 2 when an output would overwrite
 * an input of the job; 5 when the minimal job did not fail again on its last run (the runs are not
 * deterministic); 74 when an output cannot be written (none is left cut short); 128 + the
 * signal's number for SIGINT/SIGTERM, with a line saying how far it got.
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
  const { inputs } = runFiles({ command: 'run', target: job.given, args: [], options: { paramsFile: [], fingerprint: true, logLevel: 'info' } });
  if (
    saidCollision(
      [
        { name: `--out ${out}`, path: out },
        { name: `the report ${report} of --out ${out}`, path: report },
      ],
      inputs,
    )
  )
    return ExitCode.badInput;
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
    process.stderr.isTTY && options.quiet !== true ? new (await import('../run/progressDisplay.js')).RunsDisplay('shrink', 1) : undefined;
  let done = 0;
  // What is known and written so far: --json prints it however shrink ends once the minimal job is known.
  let result: ShrinkResult | undefined;
  try {
    const { why, key, fired, minimal } = await minimalFaults(runs, {
      round: (round, candidates) => {
        done = 0;
        display?.restart(`shrink, round ${round}`, candidates);
      },
      answered: () => display?.update(++done, `${runs.runs} runs`),
    });
    display?.stop();
    result = {
      job: job.given,
      seed: options.seed,
      failure: why,
      fired: fired.length,
      minimal,
      runs: 0,
      rounds: 0,
      out: null,
      report: null,
      divergence: null,
      replay: null,
    };
    // What it found first, on stdout, whatever becomes of the files.
    if (!options.json) process.stdout.write(`${foundLines(result, runs, started).join('\n')}\n`);
    try {
      writeWhole(resolve(out), explicitFaultsJobText(job.text, minimal, options.seed, comment(minimal.length, fired.length, options.seed, key)));
    } catch (error) {
      throw new ShrinkStopped(describeThrown(error), ExitCode.outputFailed);
    }
    result.out = out;
    result.replay = `rclsim run ${shellWord(out)}${options.seededOrder ? ' --seeded-order' : ''}`;
    // The minimal job once more, with its trace and report, beside the job without faults.
    const shrunkTrace = join(traces, 'shrunk.trace');
    const plainTrace = join(traces, 'no-faults.trace');
    const [last] = await Promise.all([
      runs.verdict(runs.withFaults(minimal), { tracePath: shrunkTrace, reportPath: resolve(report) }),
      runs.verdict(runs.withFaults([]), { tracePath: plainTrace }),
    ]);
    // The report the run could not write whole (a full disk) is no report: its line, and no file.
    if (last !== null && couldNotRun(last.exitCode)) throw new ShrinkStopped(`wrote ${out}, but not its report: ${last.error}`, last.exitCode);
    if (!failsAs(last, key))
      throw new ShrinkStopped(`the minimal job ${out} did not fail again on its last run: the runs are not deterministic`, ExitCode.notDeterministic);
    result.report = report;
    result.divergence = divergence(shrunkTrace, plainTrace);
    if (!options.json) {
      const lines = [`wrote ${out} and its report ${report}`];
      lines.push(result.divergence === null ? 'its trace is the same as without faults' : `where it parts from the job without faults: ${result.divergence}`);
      lines.push(`replay: ${result.replay}`);
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    return ExitCode.ok;
  } catch (error) {
    display?.stop();
    // A report its run began and did not finish (a full disk, a signal) is cut short: no report rather.
    if (result !== undefined && result.out !== null && result.report === null) rmSync(resolve(report), { force: true });
    if (error instanceof RunsInterrupted) {
      process.stderr.write(
        `rclsim shrink: ${error.message} after ${runs.runs} runs${runs.rounds > 0 ? ` (${runs.rounds} rounds)` : ''}: ${howFar(runs, result)}\n`,
      );
      return error.exitCode;
    }
    if (!(error instanceof ShrinkStopped)) throw error;
    process.stderr.write(`rclsim: ${error.message}\n`);
    return error.exitCode;
  } finally {
    if (options.json && result !== undefined) {
      process.stdout.write(`${JSON.stringify({ ...result, runs: runs.runs, rounds: runs.rounds, wallSeconds: (performance.now() - started) / 1000 })}\n`);
    }
    await pool.close();
    rmSync(traces, { recursive: true, force: true });
  }
}

/** What `--json` prints: the failure, the minimal faults, and the files written (null: not written). */
interface ShrinkResult {
  job: string;
  seed: number;
  failure: string;
  fired: number;
  minimal: Occurrence[];
  runs: number;
  rounds: number;
  out: string | null;
  report: string | null;
  divergence: string | null;
  replay: string | null;
}

/** The failure and the faults it needs, as shrink prints them before it writes anything. */
function foundLines(result: ShrinkResult, runs: ShrinkRuns, started: number): string[] {
  const lines = [`seed ${result.seed}: ${result.failure}`];
  if (result.minimal.length === 0) return [...lines, `it fails without any fault (${result.fired} fired)`];
  const wallSeconds = (performance.now() - started) / 1000;
  lines.push(
    `${result.fired} faults fired; it fails with ${result.minimal.length} of them, and without any one of those it does not (${runs.runs} runs, ${runs.rounds} rounds, ${wallSeconds.toFixed(1)} s)`,
  );
  for (const occurrence of result.minimal) lines.push(`  - ${occurrenceText(occurrence)}`);
  return lines;
}

/** How far a shrink that was stopped got. */
function howFar(runs: ShrinkRuns, result: ShrinkResult | undefined): string {
  if (result !== undefined) return result.out === null ? 'the minimal job found (above), not written' : `wrote ${result.out}, not its report`;
  const seed = runs.request.seed;
  if (runs.fired === undefined) return `the run with seed ${seed} had not ended`;
  if (runs.kept === undefined) return `seed ${seed} fired ${runs.fired} faults, none taken out yet; nothing written`;
  return `seed ${seed} still failed with ${runs.kept} of the ${runs.fired} faults it fired; nothing written`;
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
