import { existsSync } from 'node:fs';
import { Bag, type Decompressors } from './Bag.js';
import type { BagMessage } from './BagStorage.js';

/** rosbag2_storage::StorageFilter: which topics a Reader hands out. */
export interface TopicFilter {
  topics: readonly string[];
  topicsRegex: string;
  regexToExclude: string;
  excludeTopics: readonly string[];
}

/** The text rosbag2_cpp's Reader::open throws when no storage plugin opens the URI (a missing bag). */
export const NO_STORAGE = 'No storage could be initialized from the inputs.';

/**
 * A bag a program reads with rosbag2_cpp's Reader: its messages in receive-time order, through
 * the filter, from where the last seek or read left off.
 */
export class ProgramBagReader {
  readonly bag: Bag;
  #filter: TopicFilter = { topics: [], topicsRegex: '', regexToExclude: '', excludeTopics: [] };
  #messages: Iterator<BagMessage>;
  /** Where a new filter reads on from: after the last message read, or where the last seek went. */
  #resumeAt = 0n;

  constructor(path: string, decompressors: Decompressors) {
    if (!existsSync(path)) throw new Error(NO_STORAGE);
    this.bag = Bag.openNow(path, decompressors);
    this.#messages = this.#from(0n);
  }

  /** The next message, or undefined after the last. */
  readNext(): BagMessage | undefined {
    const next = this.#messages.next();
    if (next.done === true) return undefined;
    this.#resumeAt = next.value.logTime + 1n;
    return next.value;
  }

  setFilter(filter: TopicFilter): void {
    this.#filter = filter;
    this.#messages = this.#from(this.#resumeAt);
  }

  /** The next message read is the first received at or after `time`. */
  seek(time: bigint): void {
    this.#resumeAt = time < 0n ? 0n : time;
    this.#messages = this.#from(this.#resumeAt);
  }

  #from(start: bigint): Iterator<BagMessage> {
    return this.bag.messages({ topics: this.#selected(), start });
  }

  /** The bag's topics the filter lets through (rosbag2: listed or matching, and neither excluded). */
  #selected(): string[] {
    const { topics, topicsRegex, regexToExclude, excludeTopics } = this.#filter;
    const include = topicsRegex === '' ? null : new RegExp(`^(?:${topicsRegex})$`);
    const exclude = regexToExclude === '' ? null : new RegExp(`^(?:${regexToExclude})$`);
    const all = topics.length === 0 && include === null;
    return this.bag
      .topics()
      .map((topic) => topic.name)
      .filter((name) => all || topics.includes(name) || include?.test(name) === true)
      .filter((name) => !excludeTopics.includes(name) && exclude?.test(name) !== true);
  }

  close(): void {
    this.bag.close();
  }
}
