import { type Gathered, PUBLISHES } from './Gathered.js';
import { round, type SeriesSet } from './ReportData.js';
import { plottedTopics, plotWidth } from './topicPlots.js';

/** The report's rates: publishes per second over time, of all topics and of the busiest (`published` by topic); null: none. */
export function ratesSection(gathered: Gathered, span: number, published: Float64Array): SeriesSet | null {
  const plotted = plottedTopics(gathered, published);
  if (plotted.length === 0) return null;
  const { width, bins } = plotWidth(gathered, span);
  const topicBins = gathered.topicBins;
  const total = topicBins.total(PUBLISHES, width, bins);
  const perSecond = (counts: Float64Array): number[] => Array.from(counts, (count) => round(count / (width / 1e9)));
  return {
    binWidth: width / 1e9,
    series: [
      { name: 'all topics', values: perSecond(total) },
      ...topicBins.series(plotted, PUBLISHES, width, bins).map((counts, j) => ({ name: gathered.topicNames[plotted[j]!]!, values: perSecond(counts) })),
    ],
  };
}
