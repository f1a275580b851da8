import type { Gathered, LinkPeriod } from './Gathered.js';
import { type LinkSeries, round } from './ReportData.js';

/** Metrics periods per link kept in a report: more are averaged in groups. */
export const LINK_POINTS = 2_000;

/**
 * The report's network: per link its metrics periods over time (SNR, MCS, goodput, latency,
 * losses), at most LINK_POINTS each (`limited`: some averaged in groups); null: no network.
 */
export function networkSection(gathered: Gathered): { links: LinkSeries[]; limited: boolean } | null {
  if (gathered.links.size === 0) return null;
  let limited = false;
  const links = [...gathered.links.entries()].map(([name, { times, periods }]) => {
    const group = Math.ceil(times.length / LINK_POINTS);
    if (group > 1) limited = true;
    const pick = <T>(values: T[], f: (chunk: T[]) => number): number[] => {
      const out: number[] = [];
      for (let i = 0; i < values.length; i += group) out.push(f(values.slice(i, i + group)));
      return out;
    };
    const mean =
      (key: keyof LinkPeriod) =>
      (chunk: LinkPeriod[]): number =>
        round(chunk.reduce((s, p) => s + (p[key] as number), 0) / chunk.length);
    const sum =
      (key: keyof LinkPeriod) =>
      (chunk: LinkPeriod[]): number =>
        chunk.reduce((s, p) => s + (p[key] as number), 0);
    return {
      name,
      times: pick(times, (chunk) => round(chunk[chunk.length - 1]! / 1e9)),
      snrDb: pick(periods, mean('snr_db')),
      mcs: pick(periods, mean('mcs')),
      goodputMbps: pick(periods, mean('throughput_mbps')),
      latencyMean: pick(periods, mean('latency_mean')),
      latencyMax: pick(periods, (chunk) => Math.max(...chunk.map((p) => p.latency_max))),
      lost: pick(periods, sum('messages_lost')),
      sent: pick(periods, sum('messages_sent')),
    };
  });
  return { links, limited };
}
