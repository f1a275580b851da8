import { CALLS, type Gathered, LATENCY_MAX, LATENCY_SUM, UNTIMED } from './Gathered.js';
import { binEdge, HISTOGRAM_BINS } from './LatencyValues.js';
import { type LatencyData, round } from './ReportData.js';
import { plottedTopics, plotWidth } from './topicPlots.js';

/**
 * The report's latencies of the topics with the most latencies counted: their histograms, of
 * all topics too, and their mean and largest over time; null: no latency was counted.
 */
export function latencySection(gathered: Gathered, span: number): LatencyData | null {
  const { latencies, topicNames, topicBins } = gathered;
  const plotted = plottedTopics(
    gathered,
    Float64Array.from(topicNames, (_, t) => latencies.count(t)),
  );
  if (plotted.length === 0) return null;
  const histogram = latencies.histogram();
  // The bins from the first to the last that holds a latency, and an empty one on each side.
  const first = Math.max(0, histogram.findIndex((count) => count > 0) - 1);
  const last = Math.min(HISTOGRAM_BINS - 1, HISTOGRAM_BINS - [...histogram].reverse().findIndex((count) => count > 0));
  const { width, bins } = plotWidth(gathered, span);
  const takes = timedTakes(gathered, plotted, width, bins);
  const sums = topicBins.series(plotted, LATENCY_SUM, width, bins);
  const maxima = topicBins.series(plotted, LATENCY_MAX, width, bins);
  return {
    edges: Array.from({ length: last - first + 2 }, (_, i) => binEdge(first + i) / 1e9),
    histograms: [
      { name: 'all topics', counts: histogram.slice(first, last + 1) },
      ...plotted.map((t) => ({ name: topicNames[t]!, counts: latencies.histogram(t).slice(first, last + 1) })),
    ],
    binWidth: width / 1e9,
    overTime: plotted.map((t, j) => ({
      name: topicNames[t]!,
      mean: Array.from(sums[j]!, (sum, i) => (takes[j]![i] === 0 ? null : round(sum / takes[j]![i]! / 1e9))),
      max: Array.from(maxima[j]!, (max, i) => (takes[j]![i] === 0 ? null : round(max / 1e9))),
    })),
  };
}

/** Per topic in `topics`, its takes with a latency in `bins` bins of `width`: its subscriptions' callbacks but those without. */
function timedTakes(gathered: Gathered, topics: number[], width: number, bins: number): Float64Array[] {
  const { rows, rowBins } = gathered;
  const untimed = gathered.topicBins.series(topics, UNTIMED, width, bins);
  return topics.map((topic, j) => {
    const ofTopic = [...rows.keys()].filter((r) => rows[r]!.topic === topic);
    const takes = new Float64Array(bins);
    for (const calls of rowBins.series(ofTopic, CALLS, width, bins)) {
      for (let i = 0; i < bins; i++) takes[i]! += calls[i]!;
    }
    for (let i = 0; i < bins; i++) takes[i]! -= untimed[j]![i]!;
    return takes;
  });
}
