import { wallClock } from '../base/realTime.js';
import { failsRun } from '../sim/checks/CheckConfig.js';
import type { Simulation } from '../sim/Simulation.js';
import type { JobHandle } from './JobHandle.js';
import { CHECK_FAILED_EXIT_CODE, type Findings, type RunSummary } from './RunSummary.js';
import type { RunEnd } from './runToEnd.js';

/**
 * The summary of a run that went to its end (its programs stopped), begun at `wallStart`
 * (wall-clock ms). The warnings of its executors, execution times and faults join the run's.
 */
export function summaryOf(simulation: Simulation, job: JobHandle, end: RunEnd, findings: () => Findings, wallStart: number): RunSummary {
  const engine = simulation.engine;
  const { endReason, monitor, simulator } = end;
  const programExitCode = Number(process.exitCode ?? 0);
  // Before the warnings are taken: it may add some.
  const timing = simulation.network?.simulatorTiming() ?? null;
  const network =
    monitor === null ? undefined : { ...monitor.summary(), ...(simulator === null || timing === null ? {} : { simulator: { name: simulator, ...timing } }) };
  const metrics = simulation.metricsReport();
  simulation.warnings.push(...simulation.executorWarnings());
  for (const i of simulation.executionTimes?.unused() ?? [])
    simulation.warnings.push(`execution_times[${i}] matched no callback that ran (its nodes, kind and topic; a relative topic is resolved from /)`);
  simulation.warnings.push(...(simulation.faults?.unmatched() ?? []));
  const { faults, checks: outcomes } = findings();
  const checkFailed = outcomes?.some(failsRun) ?? false;
  return {
    job: job.name,
    seed: simulation.seed,
    startTime: engine.base,
    endTime: engine.nowAbs,
    endReason,
    callbacks: engine.callbacks,
    messagesDelivered: simulation.messagesDelivered,
    fingerprint: engine.fingerprintEnabled ? engine.fingerprint.hex() : '',
    exitCode: checkFailed ? CHECK_FAILED_EXIT_CODE : engine.exitCode !== 0 ? engine.exitCode : programExitCode,
    wallSeconds: (wallClock() - wallStart) / 1000,
    results: Object.fromEntries(job.results),
    warnings: [...simulation.warnings],
    ...(network === undefined ? {} : { network }),
    ...(metrics === null ? {} : { metrics }),
    ...(faults === undefined ? {} : { faults }),
    ...(outcomes === undefined ? {} : { checks: outcomes }),
  };
}
