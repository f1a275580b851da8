import { EXACT_RANGE } from '../base/simTimeRange.js';
import type { DelayRange } from '../sim/DelayDraws.js';
import { loadDelaysCsv } from './delaysCsv.js';
import { type JobFileContext, keyNode, RANGE_WHY } from './sectionContext.js';

type DelayEntry = string | number | { min: string | number; max: string | number };

/** Per-topic delays: fixed, or a range each message draws from. */
export interface TopicDelays {
  topicDelays: Map<string, bigint>;
  topicDelayRanges: Map<string, DelayRange>;
}

/**
 * The job's `delays_csv:` table and `delays:`, checked: fully qualified topics, durations within
 * the exact range, ranges whose max is at least their min. `delays:` overrides the table.
 */
export function delaysConfig(csv: string | undefined, delays: Record<string, DelayEntry> | undefined, context: JobFileContext): TopicDelays {
  const { fail, duration } = context;
  const topicDelays = new Map<string, bigint>();
  if (csv !== undefined) {
    for (const [topic, delay] of context.loaded(['delays_csv'], () => loadDelaysCsv(context.file(['delays_csv'], csv)))) {
      if (delay > EXACT_RANGE) fail(['delays_csv'], `the delay of ${topic} is too long: ${RANGE_WHY}`);
      topicDelays.set(topic, delay);
    }
  }
  const topicDelayRanges = new Map<string, DelayRange>();
  for (const [topic, delay] of Object.entries(delays ?? {})) {
    if (!topic.startsWith('/'))
      fail(['delays', topic], `topic '${topic}' must be a fully qualified name (start with '/')`, keyNode(context.doc, ['delays'], topic));
    if (typeof delay !== 'object') {
      topicDelays.set(topic, duration(['delays', topic], delay));
      continue;
    }
    const range = { min: duration(['delays', topic, 'min'], delay.min), max: duration(['delays', topic, 'max'], delay.max) };
    if (range.max < range.min) fail(['delays', topic, 'max'], 'must be at least min');
    topicDelays.delete(topic);
    topicDelayRanges.set(topic, range);
  }
  return { topicDelays, topicDelayRanges };
}
