import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { logLines, needs, runCli } from '../support/helpers.js';
import { linesOf, messageFiltersJob, SYNCHRONIZED_PAIRS } from '../support/messageFiltersScenario.js';

describe('Python message_filters: Subscriber, Cache, synchronizers, chained', needs('python3'), () => {
  it("pairs two stamped streams exactly and approximately, at the sim times upstream's filters do, and answers Cache queries", () => {
    const { dir, job } = messageFiltersJob('sync_listener.py');
    const result = runCli(['run', job], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    // The approximate synchronizer takes /a through the Cache: chained filters.
    assert.deepEqual(linesOf(result.stdout, ['exact', 'approx']), SYNCHRONIZED_PAIRS);
    // The Cache holds the last 5 of /a (800…1200 ms); its bounds are inclusive, as upstream's Python.
    assert.deepEqual(linesOf(result.stdout, ['topic', 'interval', 'after', 'latest', 'headerless', 'kept']), [
      'topic a /b',
      'interval 650..900: 800 900',
      'after 800: 800 before 800: 800',
      'after 1001: 1100 before 599: none',
      'latest 1200000000 oldest 800000000 last 1200',
      // With allow_headerless, the ROS clock's now; without, upstream's warning and nothing kept.
      'headerless at 1250000000 x',
      'kept 5',
    ]);
    assert.deepEqual(logLines(result.stderr), [
      "[WARN] [1.250000000] [message_filters_cache]: can not use message filters messages without timestamp infomation when 'allow_headerless' is disabled. auto assign ROSTIME to headerless messages once enabling constructor option of 'allow_headerless'.",
    ]);
  });
});
