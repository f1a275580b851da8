import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { traceReport } from '../../src/cli/commands/report.js';
import * as rclnodejs from '../../src/compat/index.js';
import { LOG_ENTRIES } from '../../src/engine/EventLog.js';
import { TraceWriter } from '../../src/job/TraceWriter.js';
import { LiveReport } from '../../src/report/LiveReport.js';
import type { ReportData } from '../../src/report/ReportData.js';
import { BAR_BUDGET } from '../../src/report/timelineSection.js';
import { LogOutput } from '../../src/ros/LogOutput.js';
import type { ExecutionTimeRule } from '../../src/sim/ExecutionTimes.js';
import { Simulation } from '../../src/sim/Simulation.js';
import { MS, tempDir } from '../support/helpers.js';

const TALKERS = 40;
const META = {
  title: 'live',
  source: 'run' as const,
  summary: {},
  results: {},
  warnings: [],
  failure: null,
  executors: null,
  divergence: null,
  checks: [],
  faults: null,
};

/**
 * 40 talkers at 1 kHz, each heard by a listener, for `seconds` (~120,000 events a second:
 * callbacks, publishes, takes), reported by a LiveReport; with `tracePath`, also traced; with
 * `executionTimes`, the callbacks they match take those times. Talker i's topic has a delay:
 * none for i % 4 = 0, 2 ms for 1, drawn within 1–5 ms for 2 and 3.
 */
async function run(
  seconds: number,
  options: { plannedEnd?: number; tracePath?: string; heldLogs?: number; executionTimes?: ExecutionTimeRule[] } = {},
): Promise<ReportData> {
  const chatter = (i: number): string => `/chatter${i}`;
  const simulation = new Simulation({
    startTime: 0n,
    logOutput: new LogOutput(() => {}),
    topicDelays: new Map(Array.from({ length: TALKERS / 4 }, (_, k) => [chatter(4 * k + 1), 2n * MS])),
    topicDelayRanges: new Map(Array.from({ length: TALKERS / 2 }, (_, k) => [chatter(4 * Math.floor(k / 2) + 2 + (k % 2)), { min: 1n * MS, max: 5n * MS }])),
    ...(options.executionTimes === undefined ? {} : { executionTimes: options.executionTimes }),
  });
  simulation.enter();
  try {
    for (let i = 0; i < TALKERS; i++) {
      const talker = new rclnodejs.Node(`talker${i}`);
      const publisher = talker.createPublisher('std_msgs/msg/UInt32', chatter(i));
      let count = 0;
      talker.createTimer(1_000_000n, () => publisher.publish({ data: count++ }));
      new rclnodejs.Node(`listener${i}`).createSubscription('std_msgs/msg/UInt32', chatter(i), () => {});
    }
    const engine = simulation.engine;
    const trace = options.tracePath === undefined ? null : new TraceWriter(options.tracePath, engine, { job: 'live', seed: 0 });
    if (trace !== null) engine.observers.push(trace);
    const live = new LiveReport(simulation, { plannedEnd: options.plannedEnd, heldLogs: options.heldLogs });
    await engine.run({ endAt: BigInt(seconds * 1000) * MS });
    trace?.close({ reason: 'end', callbacks: engine.callbacks, fingerprint: '' });
    return live.finish({ ...META, end: engine.now });
  } finally {
    simulation.exit();
  }
}

/** What a report says of the run, not of where it came from. */
function shown(report: ReportData): Omit<ReportData, 'title' | 'source' | 'summary' | 'failure'> {
  const { title: _title, source: _source, summary: _summary, failure: _failure, ...rest } = report;
  return rest;
}

describe('LiveReport', () => {
  it("gives the report of the run's trace: callbacks, publishes, takes and each take's latency, over many logs, applied at the end or as each fills", async () => {
    const tracePath = join(tempDir(), 'live.trace');
    const live = await run(3, { tracePath });
    const events = live.timeline.rows.reduce((sum, row) => sum + row.callbacks, 0) + live.topics.reduce((sum, topic) => sum + topic.published, 0);
    assert.ok(events > 5 * LOG_ENTRIES, `${events} events: the engine filled several logs`);
    const fromTrace = traceReport(tracePath, null);
    // The trace matches a take with its publish by digest; the run knows when the message it took was published.
    assert.deepEqual(shown(live), shown(fromTrace));
    // Each log applied as it fills, its arrays filled again by the engine.
    assert.deepEqual(await run(3, { heldLogs: 1 }), live);

    assert.deepEqual(
      live.topics.map((row) => [row.topic, row.published, row.dropped]),
      Array.from({ length: TALKERS }, (_, i) => [`/chatter${i}`, 3000, 0]).sort(),
      'a message each ms from 1 ms on, none lost',
    );
    const latency = (i: number) => live.topics.find((row) => row.topic === `/chatter${i}`)!.latency!;
    assert.deepEqual(latency(0), { count: 3000, min: 0, mean: 0, p50: 0, p99: 0, max: 0, exact: true });
    assert.equal(latency(1).mean, 0.002);
    assert.equal(latency(1).count, 2998, 'the last message is on its way at the end');
    for (const i of [2, 3]) {
      assert.ok(
        latency(i).min >= 0.001 && latency(i).max <= 0.005 && latency(i).min < latency(i).p50 && latency(i).p50 < latency(i).p99,
        JSON.stringify(latency(i)),
      );
    }
  });

  it("adds each callback's modeled execution time to its row's busy time, past the callbacks kept one by one", async () => {
    const report = await run(3, { executionTimes: [{ kind: 'subscription', time: { kind: 'fixed', ns: 10_000 } }] });
    assert.equal(report.timeline.durations, true);
    const listeners = report.timeline.rows.filter((row) => row.kind === 'subscription');
    assert.equal(listeners.length, TALKERS);
    for (const row of listeners) {
      assert.ok(
        row.callbacks > (2 * BAR_BUDGET) / report.timeline.rows.length,
        `${row.node}: more callbacks than a row keeps one by one (${row.callbacks}, ${report.timeline.rows.length} rows)`,
      );
      assert.ok(Math.abs(row.busy - row.callbacks * 1e-5) < 1e-9, `${row.node}: ${row.callbacks} callbacks of 10 µs, busy ${row.busy} s`);
    }
    assert.ok(report.timeline.rows.filter((row) => row.kind === 'timer').every((row) => row.busy === 0));
  });

  it('bins a run that ends when it was planned to as one whose end was not known, and one that ends early in at most its bins', async () => {
    const unplanned = await run(2);
    assert.deepEqual(await run(2, { plannedEnd: 2e9 }), unplanned);
    const early = await run(2, { plannedEnd: 60e9 });
    assert.deepEqual(early.topics, unplanned.topics);
    assert.equal(early.timeline.binWidth, 0.128, 'the width 60 s are drawn with');
    assert.equal(early.timeline.bins, Math.ceil(2 / 0.128));
  });

  it('draws rows one callback at a time within their fair share of the bars, busier rows as shares of their busiest bin', async () => {
    const report = await run(3);
    const talkers = report.timeline.rows.filter((row) => row.kind === 'timer');
    assert.ok(
      talkers.every((row) => row.callbacks > BAR_BUDGET / report.timeline.rows.length),
      'each row has more callbacks than its share',
    );
    assert.ok(report.timeline.rows.every((row) => row.starts === undefined && row.level !== undefined));
    const levels = Buffer.from(report.timeline.levels, 'base64');
    assert.equal(levels.length, report.timeline.rows.length * report.timeline.bins);
    const perBin = report.timeline.binWidth * 1000;
    for (const row of talkers) {
      const bins = [...levels.subarray(row.level! * report.timeline.bins, (row.level! + 1) * report.timeline.bins)];
      // A call each ms from 1 ms on: the first bin misses one, the ones between it and the last are full.
      assert.equal(bins[0], Math.round((255 * (perBin - 1)) / perBin), row.node);
      assert.deepEqual(bins.slice(1, -1), new Array<number>(bins.length - 2).fill(255), row.node);
    }

    const short = await run(0.05);
    assert.ok(
      short.timeline.rows.every((row) => row.starts !== undefined && row.level === undefined),
      'few callbacks: every one drawn',
    );
    const talker = short.timeline.rows.find((row) => row.node === '/talker0')!;
    const starts = new Float64Array(Uint8Array.from(Buffer.from(talker.starts!, 'base64')).buffer);
    assert.deepEqual(
      [...starts],
      Array.from({ length: 50 }, (_, i) => (i + 1) / 1000),
    );
  });
});
