import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { logLines, needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
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
    // Upstream's Python search by hand: 0/50 and 100/50 are the slop apart (a set must span less);
    // /a's queue of 2 dropped 0 when 200 came; 180 pairs with 200, the nearest within the slop.
    assert.deepEqual(linesOf(result.stdout, ['edge']), ['edge pair 200 180', 'edge queues [100000000] [50000000]']);
    assert.deepEqual(logLines(result.stderr), [
      "[WARN] [1.250000000] [message_filters_cache]: can not use message filters messages without timestamp infomation when 'allow_headerless' is disabled. auto assign ROSTIME to headerless messages once enabling constructor option of 'allow_headerless'.",
    ]);
  });

  it("runs a node written as message_filters' tutorials write theirs: timers of 1 s and 1.05 s, a slop of 0.05 s", () => {
    const dir = tempDir();
    copyFileSync(join(repoRoot, 'test/fixtures/message_filters/sensor_sync_node.py'), join(dir, 'sensor_sync_node.py'));
    const result = runCli(['exec', 'sensor_sync_node.py', '--until', '43s'], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    // The stamps drift 50 ms apart per second and meet every 21 s. Upstream's Python synchronizer
    // wants a set spanning less than the slop: the first, 1.00 with 1.05, spans it exactly.
    assert.deepEqual(logLines(result.stderr), [
      '[INFO] [21.000000000] [sensor_sync]: exact 21.000000000 21.000000000',
      '[INFO] [21.000000000] [sensor_sync]: approximate 21.000000000 21.000000000',
      '[INFO] [42.000000000] [sensor_sync]: exact 42.000000000 42.000000000',
      '[INFO] [42.000000000] [sensor_sync]: approximate 42.000000000 42.000000000',
    ]);
  });
});
