import { describeThrown } from '../base/describeThrown.js';
import { formatSimTime } from '../base/runErrors.js';
import type { LiveReport } from '../report/LiveReport.js';
import { writeReport } from '../report/reportHtml.js';
import type { Simulation } from '../sim/Simulation.js';
import { bigintsAsStrings, type Findings, type RunSummary } from './RunSummary.js';

/** What is known of a run that failed before its summary. */
type Reached = Pick<RunSummary, 'job' | 'seed' | 'startTime' | 'endTime' | 'callbacks'>;

/** The report of a run (`rclsim run --report`): its summary, or how far it got and why it failed. */
export function writeRunReport(
  path: string,
  report: LiveReport,
  simulation: Simulation,
  summary: RunSummary | Reached,
  failure: unknown,
  findings: Findings,
): void {
  const full = 'endReason' in summary ? summary : null;
  const rows: Record<string, string | number> = {
    job: summary.job,
    seed: summary.seed,
    'sim time': `${formatSimTime(summary.startTime)} → ${formatSimTime(summary.endTime)}`,
    callbacks: summary.callbacks,
  };
  if (full !== null) {
    rows.ended = `${full.endReason}, exit code ${full.exitCode}`;
    rows['messages delivered'] = full.messagesDelivered;
    rows.fingerprint = full.fingerprint || '(off)';
    rows['wall time'] = `${full.wallSeconds.toFixed(3)} s`;
  }
  writeReport(
    path,
    report.finish({
      title: summary.job,
      source: 'run',
      summary: rows,
      results: JSON.parse(JSON.stringify(full?.results ?? {}, bigintsAsStrings)) as Record<string, unknown>,
      warnings: full?.warnings ?? [...simulation.warnings],
      failure: failure === undefined ? null : describeThrown(failure),
      executors: simulation.metricsReport(),
      divergence: null,
      checks: (findings.checks ?? []).map((check) => ({
        name: check.name,
        kind: check.kind,
        held: check.held,
        evaluations: check.evaluations,
        failure: check.failure === undefined ? null : { ...check.failure, time: formatSimTime(check.failure.time) },
      })),
      faults: findings.faults === undefined ? null : { fired: findings.faults.fired, byName: findings.faults.byName, on: findings.faults.on },
      end: Number(summary.endTime - summary.startTime),
    }),
  );
}
