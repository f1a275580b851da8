import { PublishLog } from './PublishLog.js';

/**
 * Matches the takes of a trace (which holds digests, not publish times) with their publishes,
 * by digest: one PublishLog per topic, one reader per subscription. A run's report needs none
 * of it: there a take knows when its message was published.
 */
export class PublishMatcher {
  readonly #logs = new Map<string, PublishLog>();
  readonly #readers = new Map<number, { log: PublishLog; reader: number }>();

  published(topic: string, time: number, lo: number, hi: number): void {
    this.#log(topic).published(time, lo, hi);
  }

  /** When the message the subscription `entity` of `topic` took (its digest) was published; -1: not found. */
  take(entity: number, topic: string, lo: number, hi: number): number {
    let reader = this.#readers.get(entity);
    if (reader === undefined) {
      const log = this.#log(topic);
      this.#readers.set(entity, (reader = { log, reader: log.reader() }));
    }
    return reader.log.take(reader.reader, lo, hi);
  }

  #log(topic: string): PublishLog {
    let log = this.#logs.get(topic);
    if (log === undefined) this.#logs.set(topic, (log = new PublishLog()));
    return log;
  }
}
