import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PublishLog } from '../../src/report/PublishLog.js';

/** Message i: published at 1,000 × i ns, its digest (i + 1, 7). */
const time = (i: number): number => 1_000 * i;
const publish = (log: PublishLog, i: number): void => log.published(time(i), i + 1, 7);
const take = (log: PublishLog, reader: number, i: number): number => log.take(reader, i + 1, 7);

describe('PublishLog', () => {
  it('matches every take of a reader that keeps up and of one that falls thousands of messages behind', () => {
    const log = new PublishLog();
    const prompt = log.reader();
    const late = log.reader();
    publish(log, 0);
    assert.equal(take(log, prompt, 0), time(0));
    assert.equal(take(log, late, 0), time(0));
    let lateNext = 1;
    for (let i = 1; i < 16_000; i++) {
      publish(log, i);
      assert.equal(take(log, prompt, i), time(i), `prompt reader, message ${i}`);
      // The late reader takes one message for every two published: 8,000 behind at the end.
      if (i % 2 === 0) assert.equal(take(log, late, lateNext), time(lateNext++), `late reader, message ${lateNext - 1}`);
    }
    assert.ok(16_000 - lateNext > 7_900, `${16_000 - lateNext} behind`);
  });

  it('lets a reader more than the bound behind lose what it has not taken, while the others go on', () => {
    const log = new PublishLog();
    const prompt = log.reader();
    const late = log.reader();
    publish(log, 0);
    take(log, late, 0);
    for (let i = 0; i < 40_000; i++) {
      if (i > 0) publish(log, i);
      assert.equal(take(log, prompt, i), time(i), `prompt reader, message ${i}`);
    }
    assert.equal(take(log, late, 1), -1, 'message 1 is gone: the log holds at most 16,384');
  });

  it('matches a message that overtook the one before it (delays drawn per message reorder them)', () => {
    const log = new PublishLog();
    const reader = log.reader();
    // Published in blocks of 50, each block taken backwards: every take but a block's first finds its message behind the last match.
    for (let block = 0; block < 20_000; block += 50) {
      for (let i = block; i < block + 50; i++) publish(log, i);
      for (let i = block + 49; i >= block; i--) assert.equal(take(log, reader, i), time(i), `message ${i}`);
    }
  });

  it('finds a first take among the newest messages only, and takes without a digest never', () => {
    const log = new PublishLog();
    const keeper = log.reader();
    for (let i = 0; i < 1_000; i++) {
      publish(log, i);
      take(log, keeper, i);
    }
    const joined = log.reader();
    assert.equal(take(log, joined, 500), -1, 'older than the newest 256');
    assert.equal(take(log, joined, 900), time(900));
    assert.equal(log.take(joined, 0, 0), -1);
  });
});
