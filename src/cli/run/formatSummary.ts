import { formatSimTime } from '../../base/runErrors.js';
import type { RunSummary } from '../../job/RunSummary.js';
import type { CheckOutcome } from '../../sim/checks/CheckConfig.js';
import type { RunMetrics } from '../../sim/ExecutorMetrics.js';
import { realTimeFactor } from './realTimeFactor.js';

/** The short human summary `rclsim run` prints. */
export function formatSummary(summary: RunSummary): string {
  const simSeconds = Number(summary.endTime - summary.startTime) / 1e9;
  const rows: [string, string][] = [
    ['job', summary.job],
    ['seed', String(summary.seed)],
    ['sim time', `${formatSimTime(summary.startTime)} -> ${formatSimTime(summary.endTime)}`],
    ['ended', `${summary.endReason}, exit code ${summary.exitCode}`],
    ['callbacks', String(summary.callbacks)],
    ['messages', String(summary.messagesDelivered)],
    ['fingerprint', summary.fingerprint || '(off)'],
    ['wall time', `${summary.wallSeconds.toFixed(3)} s (${realTimeFactor(simSeconds, summary.wallSeconds)}x real time)`],
  ];
  const results = Object.entries(summary.results);
  const width = Math.max(...rows.map(([k]) => k.length), ...results.map(([k]) => k.length + 2));
  const lines = rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`);
  if (results.length > 0) {
    lines.push('results');
    for (const [name, value] of results) lines.push(`  ${name.padEnd(width - 2)}  ${String(value)}`);
  }
  if (summary.network !== undefined) {
    const simulator = summary.network.simulator;
    if (simulator !== undefined)
      lines.push(
        `network      ${simulator.name}: ${simulator.waitedSeconds.toFixed(3)} s waited for it, ${simulator.busySeconds.toFixed(3)} s of it simulating, ${simulator.codingSeconds.toFixed(3)} s encoding and decoding here`,
      );
    lines.push(
      `network      messages delivered / lost, MB delivered, latency mean / max, ${simulator === undefined ? 'MPDUs' : 'IP packets'} sent / retried / dropped`,
    );
    for (const link of summary.network.links) {
      if (link.messagesSent === 0 && link.framesSent === 0) continue;
      lines.push(
        `  ${link.from} -> ${link.to}: ${link.messagesDelivered} / ${link.messagesLost}, ${(link.deliveredBytes / 1e6).toFixed(1)} MB, ` +
          `${(link.latencyMean * 1000).toFixed(1)} / ${(link.latencyMax * 1000).toFixed(1)} ms, ${link.framesSent} / ${link.framesRetried} / ${link.framesDropped}`,
      );
    }
  }
  if (summary.metrics !== undefined) lines.push(...metricsLines(summary.metrics));
  if (summary.faults !== undefined) {
    const fired = Object.entries(summary.faults.byName).map(([name, n]) => `${name} ${n}`);
    lines.push(`faults       ${summary.faults.fired} fired${fired.length === 0 ? '' : `: ${fired.join(', ')}`}`);
  }
  for (const check of summary.checks ?? []) lines.push(`check        ${checkLine(check)}`);
  for (const warning of summary.warnings) lines.push(`warning: ${warning}`);
  return lines.join('\n');
}

/** One check: held, or its first failure. */
function checkLine(check: CheckOutcome): string {
  const { failure } = check;
  if (failure !== undefined)
    return `${check.name}: FAILED at ${formatSimTime(failure.time)}: ${failure.what}${failure.callback === undefined ? '' : ` (in ${failure.callback})`}`;
  const count = check.satisfied === undefined ? `${check.evaluations} read` : `${check.satisfied} of ${check.evaluations}`;
  return `${check.name}: ${check.held ? 'held' : 'never held'} (${check.kind}, ${count})`;
}

const ms = (ns: number): string => (ns / 1e6).toFixed(2);

/** Executors' utilization, chains' latencies, and the callbacks that waited longest. */
function metricsLines(metrics: RunMetrics): string[] {
  const lines: string[] = [];
  const used = metrics.executors.filter((e) => e.type !== 'events' || e.busyTime > 0);
  if (used.length > 0)
    lines.push(
      `executors    ${used.map((e) => `${e.name} (${e.type}, ${e.threads} thread${e.threads === 1 ? '' : 's'}) ${(e.utilization * 100).toFixed(1)} %`).join(', ')}`,
    );
  for (const chain of metrics.chains) {
    const l = chain.latency;
    lines.push(
      `chain        ${chain.name}: ${l === null ? 'no message went through' : `${l.count} messages, latency p50 ${ms(l.p50)} / p99 ${ms(l.p99)} / max ${ms(l.max)} ms`}`,
    );
  }
  const slowest = metrics.entities
    .filter((e) => e.responseTime !== null)
    .sort((a, b) => b.responseTime!.p99 - a.responseTime!.p99 || a.entity - b.entity)
    .slice(0, 5);
  if (slowest.length > 0 && slowest[0]!.responseTime!.max > 0) {
    lines.push('callbacks    response p50 / p99 / max ms, waiting p99 ms, timer overruns, messages overwritten (slowest 5)');
    for (const e of slowest) {
      const r = e.responseTime!;
      lines.push(
        `  ${e.node} ${e.kind}${e.channel === '' ? '' : ` ${e.channel}`}: ${ms(r.p50)} / ${ms(r.p99)} / ${ms(r.max)}, ${ms(e.waitingTime!.p99)}, ${e.timerOverruns}, ${e.overwritten}`,
      );
    }
  }
  return lines;
}
