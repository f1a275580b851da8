import { writeFileSync } from 'node:fs';
import { OutputError } from '../base/runErrors.js';
import type { RunMetrics, TimeStats } from '../sim/ExecutorMetrics.js';

const STATS = ['count', 'min', 'mean', 'p50', 'p99', 'max'] as const;
/** A statistic's column: counts are plain, times in ns. */
const column = (prefix: string, stat: (typeof STATS)[number]): string => (stat === 'count' ? `${prefix}_count` : `${prefix}_${stat}_ns`);
const COLUMNS = [
  'scope',
  'name',
  'node',
  'kind',
  'channel',
  'entity',
  'executor',
  'activations',
  ...STATS.map((s) => column('response', s)),
  ...STATS.map((s) => column('waiting', s)),
  'timer_overruns',
  'overwritten',
  'threads',
  'busy_ns',
  'utilization',
  ...STATS.map((s) => column('latency', s)),
];

/**
 * Writes a run's executor metrics (`rclsim run --metrics FILE`): the JSON of the summary's
 * `metrics` for a .json file, else CSV, one row per callback entity, executor and chain (scope
 * column), times in ns.
 */
export function writeMetrics(path: string, metrics: RunMetrics): void {
  const text = path.endsWith('.json') ? `${JSON.stringify(metrics, null, 2)}\n` : csv(metrics);
  try {
    writeFileSync(path, text);
  } catch (error) {
    throw new OutputError(path, OutputError.describe(error), { cause: error });
  }
}

function csv(metrics: RunMetrics): string {
  const rows: Record<string, string | number>[] = [
    ...metrics.entities.map((e) => ({
      scope: 'entity',
      name: `${e.node} ${e.kind}${e.channel === '' ? '' : ` ${e.channel}`}`,
      node: e.node,
      kind: e.kind,
      channel: e.channel,
      entity: e.entity,
      executor: e.executor,
      activations: e.activations,
      ...columns('response', e.responseTime),
      ...columns('waiting', e.waitingTime),
      timer_overruns: e.timerOverruns,
      overwritten: e.overwritten,
    })),
    ...metrics.executors.map((e) => ({ scope: 'executor', name: e.name, kind: e.type, threads: e.threads, busy_ns: e.busyTime, utilization: e.utilization })),
    ...metrics.chains.map((c) => ({ scope: 'chain', name: c.name, channel: c.topics.join(' '), ...columns('latency', c.latency) })),
  ];
  const lines = [COLUMNS.join(','), ...rows.map((row) => COLUMNS.map((column) => quoted(row[column] ?? '')).join(','))];
  return `${lines.join('\n')}\n`;
}

function columns(prefix: string, stats: TimeStats | null): Record<string, number> {
  if (stats === null) return {};
  return Object.fromEntries(STATS.map((s) => [column(prefix, s), s === 'mean' ? Math.round(stats[s]) : stats[s]]));
}

function quoted(value: string | number): string {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
