import { formatSimTime } from '../engine/errors.js';
import type { RunSummary } from '../job/RunSummary.js';

/** The short human summary `rclsim run` prints. */
export function formatSummary(summary: RunSummary): string {
  const simSeconds = Number(summary.endTime - summary.startTime) / 1e9;
  const factor = summary.wallSeconds > 0 ? simSeconds / summary.wallSeconds : Infinity;
  const rows: [string, string][] = [
    ['job', summary.job],
    ['seed', String(summary.seed)],
    ['sim time', `${formatSimTime(summary.startTime)} -> ${formatSimTime(summary.endTime)}`],
    ['ended', `${summary.endReason}, exit code ${summary.exitCode}`],
    ['callbacks', String(summary.callbacks)],
    ['messages', String(summary.messagesDelivered)],
    ['fingerprint', summary.fingerprint || '(off)'],
    ['wall time', `${summary.wallSeconds.toFixed(3)} s (${Number.isFinite(factor) ? factor.toFixed(0) : '-'}x real time)`],
  ];
  const results = Object.entries(summary.results);
  const width = Math.max(...rows.map(([k]) => k.length), ...results.map(([k]) => k.length + 2));
  const lines = rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`);
  if (results.length > 0) {
    lines.push('results');
    for (const [name, value] of results) lines.push(`  ${name.padEnd(width - 2)}  ${String(value)}`);
  }
  if (summary.network !== undefined) {
    lines.push('network      messages delivered / lost, MB delivered, latency mean / max, MPDUs sent / retried / dropped');
    for (const link of summary.network.links) {
      if (link.messagesSent === 0 && link.framesSent === 0) continue;
      lines.push(
        `  ${link.from} -> ${link.to}: ${link.messagesDelivered} / ${link.messagesLost}, ${(link.deliveredBytes / 1e6).toFixed(1)} MB, ` +
          `${(link.latencyMean * 1000).toFixed(1)} / ${(link.latencyMax * 1000).toFixed(1)} ms, ${link.framesSent} / ${link.framesRetried} / ${link.framesDropped}`,
      );
    }
  }
  for (const warning of summary.warnings) lines.push(`warning: ${warning}`);
  return lines.join('\n');
}
