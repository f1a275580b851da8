/**
 * `npm run bench [names…]`: runs the named benchmarks (all without names), prints a table and
 * merges the figures into bench/results.json, keyed by benchmark name. Each figure is the
 * median of several runs; ratios compare figures measured in this same process.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { bareHeapLoop } from './bareHeapLoop.js';
import { benchDir, playBare, playPeakMiB, playWithRclsim, rate, recordBare, recordWithRclsim } from './bagBench.js';
import { runBenchmarkGraph } from './benchmarkGraph.js';
import { median } from './measure.js';

type Figures = Record<string, number | string | number[]>;

const REPEATS = 5;
const RECORD_TICKS = 25_000; // 100,000 messages

const benchmarks: Record<string, { description: string; run(): Promise<Figures> }> = {
  engine: {
    description: '250 copies of the rslcpp benchmark (1,250 nodes), 40 s of sim time, vs a bare heap loop',
    async run() {
      const copies = 250;
      const simSeconds = 40;
      await runBenchmarkGraph(copies, 2); // warm up the JIT
      const engineRates: number[] = [];
      const bareRates: number[] = [];
      let last = await runBenchmarkGraph(copies, simSeconds);
      for (let i = 0; i < REPEATS; i++) {
        if (i > 0) last = await runBenchmarkGraph(copies, simSeconds);
        engineRates.push(last.callbacks / last.runSeconds);
        const start = performance.now();
        bareHeapLoop(last.timerPeriodsNs, last.callbacks);
        bareRates.push(last.callbacks / ((performance.now() - start) / 1000));
      }
      const callbacksPerSecond = median(engineRates);
      const bareLoopPerSecond = median(bareRates);
      return {
        callbacksPerSecond: Math.round(callbacksPerSecond),
        bareLoopPerSecond: Math.round(bareLoopPerSecond),
        ratio: round(callbacksPerSecond / bareLoopPerSecond, 3),
        nodes: last.nodes,
        timers: last.timerPeriodsNs.length,
        callbacks: last.callbacks,
        simSeconds,
      };
    },
  },
  'realtime.rslcpp': {
    description: 'the rslcpp benchmark (100 s of sim time), simulated seconds per wall second of the run',
    async run() {
      await runBenchmarkGraph(1, 100);
      const factors: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        const run = await runBenchmarkGraph(1, 100);
        factors.push(100 / run.runSeconds);
      }
      return { factor: Math.round(median(factors)) };
    },
  },
  'bag.record': {
    description: `recording ${RECORD_TICKS * 4} PoseStamped messages (4 topics, 1 kHz) vs a bare serialize + McapWriter loop`,
    async run() {
      const scratch = benchDir();
      const dir = scratch.path;
      await recordWithRclsim(join(dir, 'warm.mcap'), 2000);
      await recordBare(join(dir, 'warm-bare.mcap'), 2000);
      const ours: number[] = [];
      const bare: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        ours.push(await rate(() => recordWithRclsim(join(dir, `rclsim-${i}.mcap`), RECORD_TICKS)));
        bare.push(await rate(() => recordBare(join(dir, `bare-${i}.mcap`), RECORD_TICKS)));
      }
      scratch.done();
      return { messagesPerSecond: Math.round(median(ours)), bareLoopPerSecond: Math.round(median(bare)), ratio: round(median(ours) / median(bare), 3) };
    },
  },
  'bag.play': {
    description: `playing a ${RECORD_TICKS * 4}-message bag (every message decoded) vs a bare @mcap/core read + decode loop; peak memory on it and on a bag 10x larger`,
    async run() {
      const scratch = benchDir();
      const bag = join(scratch.path, 'bag.mcap');
      const large = join(scratch.path, 'large.mcap');
      await recordWithRclsim(bag, RECORD_TICKS);
      await recordWithRclsim(large, RECORD_TICKS * 10);
      await playWithRclsim(bag);
      await playBare(bag);
      const ours: number[] = [];
      const bare: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        ours.push(await rate(() => playWithRclsim(bag)));
        bare.push(await rate(() => playBare(bag)));
      }
      const peak = playPeakMiB(bag);
      const peakLarge = playPeakMiB(large);
      scratch.done();
      return {
        messagesPerSecond: Math.round(median(ours)),
        bareLoopPerSecond: Math.round(median(bare)),
        ratio: round(median(ours) / median(bare), 3),
        peakMiB: peak,
        peakMiB10x: peakLarge,
        peakGrowthMiB: round(peakLarge - peak, 1),
      };
    },
  },
};

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  for (const name of names) {
    if (!(name in benchmarks)) {
      process.stderr.write(`unknown benchmark '${name}'; known: ${Object.keys(benchmarks).join(', ')}\n`);
      process.exit(2);
    }
  }
  const selected = names.length > 0 ? names : Object.keys(benchmarks);
  const resultsPath = resolve(import.meta.dirname, '../../bench/results.json');
  const results: Record<string, Figures> = existsSync(resultsPath)
    ? (JSON.parse(readFileSync(resultsPath, 'utf8')) as Record<string, Figures>)
    : {};
  for (const name of selected) {
    const benchmark = benchmarks[name]!;
    process.stderr.write(`running ${name}: ${benchmark.description}\n`);
    results[name] = await benchmark.run();
  }
  writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
  const rows = selected.map((name) => [name, Object.entries(results[name]!).map(([k, v]) => `${k}=${v}`).join('  ')]);
  const width = Math.max(...rows.map(([name]) => name!.length));
  for (const [name, figures] of rows) process.stdout.write(`${name!.padEnd(width)}  ${figures}\n`);
  process.stdout.write(`written to ${resultsPath}\n`);
}

await main();
