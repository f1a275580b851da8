import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as rclnodejs from '../src/compat/index.js';
import { CHUNK, newChunk } from '../src/report/EventLog.js';
import { LiveReport } from '../src/report/LiveReport.js';
import { BATCH, ReportCollector, SORTED_FROM } from '../src/report/ReportCollector.js';
import type { ReportData } from '../src/report/ReportData.js';
import { LogOutput } from '../src/rcl/LogOutput.js';
import { Simulation } from '../src/rcl/Simulation.js';

const TALKERS = 40;

/** 40 talkers at 1 kHz, each heard by a listener, for `seconds` (~120,000 events a second: callbacks, publishes, takes), reported by a LiveReport. */
async function report(chunksBeforeThread: number, seconds = 2, plannedEnd?: number): Promise<ReportData> {
  const simulation = new Simulation({ startTime: 0n, logOutput: new LogOutput(() => {}) });
  simulation.enter();
  try {
    for (let i = 0; i < TALKERS; i++) {
      const talker = new rclnodejs.Node(`talker${i}`);
      const publisher = talker.createPublisher('std_msgs/msg/UInt32', `/chatter${i}`);
      let count = 0;
      talker.createTimer(1_000_000n, () => publisher.publish({ data: count++ }));
      new rclnodejs.Node(`listener${i}`).createSubscription('std_msgs/msg/UInt32', `/chatter${i}`, () => {});
    }
    const engine = simulation.engine;
    const live = new LiveReport(simulation, plannedEnd, chunksBeforeThread);
    engine.observers.push(live);
    await engine.run({ endAt: BigInt(seconds * 1000) * 1_000_000n });
    return await live.finish({ title: 'live', source: 'run', summary: {}, results: {}, warnings: [], failure: null, executors: null, divergence: null, end: engine.now });
  } finally {
    simulation.exit();
  }
}

describe('LiveReport', () => {
  it('gives the same report folded in the run\'s thread, on a thread of its own from the start, and on one started after the first chunk', async () => {
    const here = await report(Infinity, 3);
    const callbacks = here.timeline.rows.reduce((sum, row) => sum + row.callbacks, 0);
    assert.ok(callbacks > BATCH / 3, `${callbacks} callbacks: with their publishes and takes, more events than a batch folded at once`);
    assert.equal(here.topics.filter((row) => row.topic.startsWith('/chatter') && row.taken === row.published).length, TALKERS, 'every take matched');
    assert.deepEqual(await report(0, 3), here);
    assert.deepEqual(await report(1, 3), here);
  });

  it('bins a run that ends when it was planned to as one whose end was not known, and one that ends early in at most its bins', async () => {
    const unplanned = await report(Infinity);
    assert.deepEqual(await report(Infinity, 2, 2e9), unplanned);
    const early = await report(Infinity, 2, 60e9);
    assert.deepEqual(early.topics, unplanned.topics);
    assert.equal(early.timeline.binWidth, 0.128, 'the width 60 s are drawn with');
    for (const row of early.timeline.rows) assert.ok(row.levels === undefined || Buffer.from(row.levels, 'base64').length <= Math.ceil(2 / 0.128), row.channel);
  });

  it('gives the same report whether a batch of events is applied as they happened or sorted by entity', () => {
    // 40 talkers at 1 kHz, each heard by a listener: a timer call, a publish and a take each ms.
    const events: [number, number, number][] = [];
    for (let ms = 1; events.length < BATCH + 68_000; ms++) {
      for (let i = 0; i < TALKERS; i++) events.push([i, ms * 1e6, 0], [~(100 + i), ms * 1e6, ms * TALKERS + i], [200 + i, ms * 1e6 + 5_000, ms * TALKERS + i]);
    }
    const collector = (): ReportCollector => {
      const c = new ReportCollector();
      for (let i = 0; i < TALKERS; i++) {
        c.describeCallback(i, 'timer', `/talker${i}`, '');
        c.describeOutput(100 + i, 'publish', `/chatter${i}`);
        c.describeCallback(200 + i, 'subscription', `/listener${i}`, `/chatter${i}`);
      }
      return c;
    };
    // Chunks of CHUNK events: a batch of BATCH folded sorted, then the rest (more than SORTED_FROM) sorted too.
    const sorted = collector();
    for (const [id, time, digest] of events) {
      if (id >= 0) sorted.callback(id, time, 0, digest, 0);
      else sorted.output(~id, time, digest, 0);
    }
    // Chunks of 40,000: a batch of 280,000 folded sorted, then the rest (fewer than SORTED_FROM) as it happened.
    const inOrder = collector();
    for (let from = 0; from < events.length; from += 40_000) {
      const chunk = newChunk(40_000);
      for (const [id, time, digest] of events.slice(from, from + 40_000)) {
        const k = chunk.length++;
        chunk.ids[k] = id;
        chunk.times[k] = time;
        chunk.digestsLo[k] = digest;
      }
      inOrder.absorb(chunk);
    }
    assert.ok(events.length - BATCH >= SORTED_FROM && events.length - 280_000 < SORTED_FROM, `${events.length} events`);
    const meta = { title: 't', source: 'run' as const, summary: {}, results: {}, warnings: [], failure: null, executors: null, divergence: null, end: events.at(-1)![1] };
    const report = sorted.report(meta);
    assert.equal(report.topics.filter((row) => row.latency !== null && row.latency.count === row.taken).length, TALKERS, 'every take matched');
    assert.deepEqual(inOrder.report(meta), report);
  });

  it('folds a run that ends before its first chunk is full where it is, though the last chunk reaches the count that starts a thread', async () => {
    const short = await report(1, 0.1);
    const callbacks = short.timeline.rows.reduce((sum, row) => sum + row.callbacks, 0);
    assert.ok(callbacks > 5_000 && callbacks < CHUNK, `${callbacks} callbacks: less than a chunk`);
    assert.deepEqual(short, await report(Infinity, 0.1));
  });
});
