import type { Gathered } from './Gathered.js';
import type { TopicRow } from './ReportData.js';

/**
 * The report's table of topics, by name: each that carried anything, its publishes, takes
 * (`taken`), losses, faults, rate over `span` (seconds) and latencies. `published` by topic.
 */
export function topicsSection(gathered: Gathered, span: number, taken: Float64Array, published: Float64Array): TopicRow[] {
  const { topicNames: names, dropped, faulted } = gathered;
  return [...names]
    .sort()
    .map((name) => gathered.topicIndex.get(name)!)
    .filter((t) => published[t]! + taken[t]! + dropped[t]! + faulted[t]! > 0)
    .map((t) => ({
      topic: names[t]!,
      published: published[t]!,
      taken: taken[t]!,
      dropped: dropped[t]!,
      faults: faulted[t]!,
      rate: span === 0 ? 0 : published[t]! / span,
      latency: gathered.latencies.summary(t, 1e-9),
    }));
}
