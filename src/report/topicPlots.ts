import { binWidth } from './BinColumns.js';
import type { Gathered } from './Gathered.js';

/** Topics plotted one by one (the busiest; the table lists every topic). */
export const TOPICS_PLOTTED = 8;
/** Bins of the plots over time (about; a power-of-two width gives between half and all of them). */
const PLOT_BINS = 200;

/** The topics the rates and latency sections plot: the busiest by `count`, most first (ties by name). */
export function plottedTopics(gathered: Gathered, count: ArrayLike<number>): number[] {
  const names = gathered.topicNames;
  return [...names.keys()]
    .filter((t) => count[t]! > 0)
    .sort((a, b) => count[b]! - count[a]! || (names[a]! < names[b]! ? -1 : 1))
    .slice(0, TOPICS_PLOTTED);
}

/** The width of the plots over `span` (no finer than the bins of topics and rows) and how many bins they have. */
export function plotWidth(gathered: Gathered, span: number): { width: number; bins: number } {
  const { topicBins, rowBins } = gathered;
  const width = Math.max(binWidth(span, PLOT_BINS), topicBins.width, rowBins.width);
  return { width, bins: Math.max(topicBins.binsOf(width), rowBins.binsOf(width)) };
}
