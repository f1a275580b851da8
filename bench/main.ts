/**
 * `npm run bench [names…]`: runs the named benchmarks (all without names), prints a table and
 * merges the figures into bench/results.json, keyed by benchmark name. Each figure is the
 * median of several runs; ratios compare figures measured in this same process.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchDir, dataBytes, playBare, playPeakMiB, playWithRclsim, rate, recordBare, recordWithRclsim, writeLargeBag } from './bagBench.js';
import { runBenchmarkGraph } from './benchmarkGraph.js';
import { controlFigures } from './controlBench.js';
import { cppBenchmarkFigures } from './cppBench.js';
import { bareRate, compareWithBareLoop, pubsubGraph, timersGraph } from './engineBench.js';
import { jobLoad, largeJob, manyParametersJob, runJobFile } from './jobFileBench.js';
import { launchFigures } from './launchBench.js';
import { median, round, summaryOf } from './measure.js';
import { deliveriesPerSecond, messageCase } from './messageBench.js';
import { flows, type LinkFigures, patrol } from './netsimBench.js';
import { coLocated, patrolSeconds, saturatedLink } from './networkBench.js';
import { paramsLoad, runWithParamsFile, writeParamsFile } from './paramsFileBench.js';
import {
  benchmarkSeparateFigures,
  protocolRoundTripMicros,
  pythonBenchmarkFigures,
  roundTripMicros,
  separateProgramsFigures,
  spawnMillis,
} from './processBench.js';
import { renderSeconds } from './renderReport.js';
import { coldRunSeconds, huntRunsPerSecond, independentProcessesRatio, queueOnLoopback, shrinkCorridorSeconds, sweepRunsPerSecond } from './sweepBench.js';
import { worldRealTimeFactor } from './worldBench.js';
import { rayNanos, stepMicros } from './worldCosts.js';

type Figures = Record<string, number | string | number[]>;

const REPEATS = 5;
const RECORD_TICKS = 25_000; // 100,000 messages
const MIB = 1024 * 1024;
const repoRoot = resolve(import.meta.dirname, '../..');

type GraphOptions = Parameters<typeof runBenchmarkGraph>[2];

/** Wall seconds of `repeats` runs of the rslcpp graph with each of `variants` (runs of the variants alternate). */
async function graphTimes(copies: number, simSeconds: number, variants: GraphOptions[], repeats = REPEATS): Promise<number[][]> {
  const times: number[][] = variants.map(() => []);
  // One untimed run of each first, as long as the timed ones: small graphs need it to be compiled.
  for (const options of variants) await runBenchmarkGraph(copies, simSeconds, options);
  // The order turns round each repeat: a run pays for garbage the run before it left (a report's
  // logs, a trace's buffers), and always going second would charge one variant for the other's.
  const order = [...variants.keys()];
  for (let i = 0; i < repeats; i++) {
    for (const v of i % 2 === 0 ? order : [...order].reverse()) times[v]!.push((await runBenchmarkGraph(copies, simSeconds, variants[v]!)).runSeconds);
  }
  return times;
}

/** Median wall seconds of the rslcpp graph run with each of `variants`. */
async function graphSeconds(copies: number, simSeconds: number, variants: GraphOptions[]): Promise<number[]> {
  return (await graphTimes(copies, simSeconds, variants)).map(median);
}

/**
 * The extra run time of `on` over `off` as a fraction: the median of the ratios of runs made
 * one after the other (this host's speed drifts by tens of percent within seconds; a pair of
 * runs sees the same drift), with the medians of each for reference.
 */
async function overhead(on: GraphOptions, off: GraphOptions): Promise<Figures> {
  const [onTimes, offTimes] = await graphTimes(50, 200, [on, off], 9);
  return {
    fraction: round(median(onTimes!.map((t, i) => t / offTimes![i]!)) - 1, 3),
    secondsOn: round(median(onTimes!), 3),
    secondsOff: round(median(offTimes!), 3),
  };
}

/**
 * A bag benchmark's throughput: rclsim's run and the bare loop alternating REPEATS times
 * (each returns how many messages it handled), medians, MiB/s from the data bytes in `bag`.
 */
async function againstBareLoop(ours: (run: number) => Promise<number>, bare: (run: number) => Promise<number>, bag: string): Promise<Figures> {
  const oursRates: number[] = [];
  const bareRates: number[] = [];
  let messages = 0;
  for (let i = 0; i < REPEATS; i++) {
    oursRates.push(await rate(async () => (messages = await ours(i))));
    bareRates.push(await rate(() => bare(i)));
  }
  const bytesPerMessage = (await dataBytes(bag)) / messages;
  return {
    messagesPerSecond: Math.round(median(oursRates)),
    mibPerSecond: round((median(oursRates) * bytesPerMessage) / MIB, 1),
    bareLoopPerSecond: Math.round(median(bareRates)),
    ratio: round(median(oursRates) / median(bareRates), 3),
  };
}

function messages(size: 'small' | 'large', zeroCopy: boolean): { description: string; run(): Promise<Figures> } {
  return {
    description: `${size === 'small' ? 'std_msgs/msg/UInt64' : '1 MiB sensor_msgs/msg/PointCloud2'} messages, one publisher to 1 and to 10 subscribers, ${zeroCopy ? 'zero-copy' : 'each subscriber its own copy'}`,
    async run() {
      const figures: Figures = {};
      for (const subscribers of [1, 10]) {
        const test = messageCase(size, subscribers, zeroCopy);
        await deliveriesPerSecond(test);
        const rates: number[] = [];
        for (let i = 0; i < REPEATS; i++) rates.push(await deliveriesPerSecond(test));
        figures[subscribers === 1 ? 'deliveriesPerSecond' : 'deliveriesPerSecondTo10'] = Math.round(median(rates));
      }
      return figures;
    },
  };
}

const benchmarks: Record<string, { description: string; run(): Promise<Figures> }> = {
  world: {
    description:
      "rclsim's world, sim seconds per wall second in-run (a run to 110 s less one to 20 s, median of 3): a 20-obstacle room with a 1 ms physics step and differential-drive robots (gz-sim's DiffDrive, odometry at 50 Hz), each with a lidar at 10 Hz, bridged to ROS and driven by one controller program: one robot with 360 rays, ten robots, one robot with a 64 × 512-ray 3D lidar; what they cost: a physics step with one and with ten robots driving (µs, 10,000 steps, median of 5), a lidar ray in that room (ns, 360,000 rays, median of 5)",
    async run() {
      return {
        oneRobotRealTime: round(worldRealTimeFactor('one', 1, 1, 360, 3), 1),
        tenRobotsRealTime: round(worldRealTimeFactor('ten', 10, 1, 360, 3), 1),
        lidar3dRealTime: round(worldRealTimeFactor('lidar3d', 1, 64, 512, 3), 1),
        stepMicrosOneRobot: round(stepMicros(1, 5), 2),
        stepMicrosTenRobots: round(stepMicros(10, 5), 2),
        rayNanos: Math.round(rayNanos(5)),
      };
    },
  },
  launch: {
    description:
      "ros2/demos' talker_listener launch file in its Python, XML and YAML forms (over the Python workspace fixture's nodes) run with `rclsim launch`, against the job it evaluates to (--print-job) run with `rclsim run`: 100 ms of sim time, process start to exit, median of 7 each, alternated; what evaluating the launch file adds (the median of the pairs' differences)",
    async run() {
      const figures: Figures = {};
      for (const [front, measured] of Object.entries(launchFigures(7))) {
        figures[`${front}LaunchSeconds`] = round(measured.launchSeconds, 3);
        figures[`${front}JobSeconds`] = round(measured.jobSeconds, 3);
        figures[`${front}AddedSeconds`] = round(measured.addedSeconds, 3);
      }
      return figures;
    },
  },
  'processes.separate': {
    description:
      'callbacks per wall second of a ping program (a 1 kHz timer publishing 64 bytes) and a pong program (a subscription answering), 10 s of sim time, both in-process and both in processes of their own (process: separate), rclsim run from process start to exit, median of 5 each, alternated; and their fingerprints (one)',
    async run() {
      const figures = separateProgramsFigures();
      return {
        inProcessCallbacksPerSecond: Math.round(figures.inProcess),
        separateCallbacksPerSecond: Math.round(figures.separate),
        separateMicrosPerCallback: round(1e6 / figures.separate, 1),
        ratio: round(figures.separate / figures.inProcess, 3),
        fingerprints: figures.fingerprints.join(' '),
      };
    },
  },
  'processes.benchmark': {
    description:
      "rslcpp's benchmark job file (five components, 100 s of sim time) with every component in-process and every one separate: in-run callbacks per wall second and times real time (a full run less a run ended at 10 s, so without starting the programs; median of 3 pairs each, alternated), their ratio, a bare protocol round trip (a Run with 100 bytes answered with Publish and Done) and its share of a separate callback; fingerprints and combined results (one each)",
    async run() {
      const figures = benchmarkSeparateFigures();
      const separateMicros = 1e6 / figures.separate.callbacksPerSecond;
      const protocol = protocolRoundTripMicros(5000, 5);
      return {
        inProcessCallbacksPerSecond: Math.round(figures.inProcess.callbacksPerSecond),
        inProcessTimesRealTime: round(figures.inProcess.realTimeFactor, 1),
        separateCallbacksPerSecond: Math.round(figures.separate.callbacksPerSecond),
        separateTimesRealTime: round(figures.separate.realTimeFactor, 1),
        separateMicrosPerCallback: round(separateMicros, 1),
        ratio: round(figures.separate.callbacksPerSecond / figures.inProcess.callbacksPerSecond, 3),
        protocolRoundTripMicros: round(protocol, 1),
        protocolShare: round(protocol / separateMicros, 2),
        fingerprints: figures.fingerprints.join(' '),
        combined: figures.combined.join(' '),
      };
    },
  },
  python: {
    description:
      "rslcpp's benchmark as rclpy nodes in one Python program (examples/synthetic-benchmark/python.yaml, 100 s of sim time): in-run callbacks per wall second and times real time (a full run less a run ended at 10 s, median of 3), µs per callback, its results; and a protocol round trip (a Run with 100 bytes decoded and answered with Publish and Done) to the rclpy client's end and to the rclnodejs client's, alternated",
    async run() {
      const figures = pythonBenchmarkFigures();
      const python: number[] = [];
      const javascript: number[] = [];
      for (let i = 0; i < 3; i++) {
        python.push(protocolRoundTripMicros(5000, 3, 'python'));
        javascript.push(protocolRoundTripMicros(5000, 3, 'javascript'));
      }
      return {
        callbacksPerSecond: Math.round(figures.callbacksPerSecond),
        timesRealTime: round(figures.realTimeFactor, 1),
        microsPerCallback: round(1e6 / figures.callbacksPerSecond, 1),
        protocolRoundTripPythonMicros: round(median(python), 1),
        protocolRoundTripJavascriptMicros: round(median(javascript), 1),
        combined: figures.combined.join(' '),
      };
    },
  },
  cpp: {
    description:
      "rslcpp's benchmark as rclcpp nodes (examples/synthetic-benchmark/benchmark.cpp, 100 s of sim time) with every node in a process of its own (cpp-separate.yaml), all five in one process of their own (cpp.yaml with process: separate) and all five in rclsim's process (cpp.yaml), against the JavaScript components all separate and all in-process, alternated: in-run callbacks per wall second and times real time (a full run less a run ended at 10 s, median of 3 rounds), the ratios of C++ separate to JavaScript separate and of C++ in rclsim's process to JavaScript in-process, a protocol round trip to the rclcpp client's end (a Run with 100 bytes answered with Publish and Done) and its share of a separate C++ callback, the peak resident memory of one C++ program process; fingerprints and combined results",
    async run() {
      const figures = await cppBenchmarkFigures();
      const protocol = protocolRoundTripMicros(5000, 5, 'cpp');
      const separateMicros = 1e6 / figures.callbacksPerSecond.cppSeparate;
      return {
        cppSeparateCallbacksPerSecond: Math.round(figures.callbacksPerSecond.cppSeparate),
        cppSeparateTimesRealTime: round(figures.timesRealTime.cppSeparate, 1),
        cppOneProcessCallbacksPerSecond: Math.round(figures.callbacksPerSecond.cppOneProcess),
        cppOneProcessTimesRealTime: round(figures.timesRealTime.cppOneProcess, 1),
        cppInProcessCallbacksPerSecond: Math.round(figures.callbacksPerSecond.cppInProcess),
        cppInProcessTimesRealTime: round(figures.timesRealTime.cppInProcess, 1),
        javascriptSeparateCallbacksPerSecond: Math.round(figures.callbacksPerSecond.javascriptSeparate),
        javascriptSeparateTimesRealTime: round(figures.timesRealTime.javascriptSeparate, 1),
        javascriptInProcessCallbacksPerSecond: Math.round(figures.callbacksPerSecond.javascriptInProcess),
        javascriptInProcessTimesRealTime: round(figures.timesRealTime.javascriptInProcess, 1),
        cppSeparateToJavascriptSeparate: round(figures.callbacksPerSecond.cppSeparate / figures.callbacksPerSecond.javascriptSeparate, 2),
        cppInProcessToJavascriptInProcess: round(figures.callbacksPerSecond.cppInProcess / figures.callbacksPerSecond.javascriptInProcess, 2),
        protocolRoundTripCppMicros: round(protocol, 1),
        protocolShare: round(protocol / separateMicros, 2),
        peakProgramMemoryMiB: round(figures.peakKiB / 1024, 1),
        fingerprints: Object.entries(figures.fingerprints)
          .map(([variant, prints]) => `${variant}=${prints.join(',')}`)
          .join(' '),
        combined: figures.combined.join(' '),
      };
    },
  },
  control: {
    description:
      'examples/control (a ros2_control-style arm: twelve rclcpp nodes in one program, a 1 kHz control loop over ten joints, a 100 Hz planner, sensors at 200–1,000 Hz, an rclpy monitor) with its C++ program placed as the job says (asWritten: the default placement for a C++ program) and in a process of its own (process: separate), alternated: in-run callbacks per wall second and times real time (a run to 20 s of sim time less one to 5 s, median of 3 rounds), callbacks per sim second, the fingerprints of every run (one per length when they agree)',
    async run() {
      const figures = controlFigures();
      return {
        callbacksPerSimSecond: Math.round(figures.callbacksPerSimSecond),
        asWrittenCallbacksPerSecond: Math.round(figures.callbacksPerSecond.asWritten),
        asWrittenTimesRealTime: round(figures.timesRealTime.asWritten, 1),
        separateCallbacksPerSecond: Math.round(figures.callbacksPerSecond.separate),
        separateTimesRealTime: round(figures.timesRealTime.separate, 1),
        fingerprints: Object.entries(figures.fingerprints)
          .map(([placement, prints]) => `${placement}=${prints.join(',')}`)
          .join(' '),
      };
    },
  },
  'processes.transport': {
    description:
      "a bare 4-byte round trip between the run thread, reading the socket directly, and a child process blocked in read(2) or woken by its event loop, and the node protocol's (port/wire/: a Run with a 100-byte CDR input, answered with Publish and Done); spawn to the first message of a child that loads nothing, to Welcome and to the first Run's Done of a child with the client's socket (port/wire/), to the top-level Done of a program that requires rclnodejs as rclsim starts it (program/programMain.ts), and `node -e 0`",
    async run() {
      const blocked = roundTripMicros('blocked');
      const eventLoop = roundTripMicros('event-loop');
      const protocol = protocolRoundTripMicros();
      const spawn = spawnMillis();
      return {
        roundTripChildBlockedMicros: round(blocked, 1),
        roundTripChildEventLoopMicros: round(eventLoop, 1),
        protocolRoundTripMicros: round(protocol, 1),
        spawnToHelloMillis: Math.round(spawn.toHello),
        spawnToWelcomeMillis: Math.round(spawn.toWelcome),
        spawnToFirstRunMillis: Math.round(spawn.toFirstRun),
        spawnProgramToTopLevelMillis: Math.round(spawn.toTopLevel),
        bareNodeMillis: Math.round(spawn.bareNode),
      };
    },
  },
  engine: {
    description: '250 copies of the rslcpp benchmark (1,250 nodes), 40 s of sim time, vs a bare heap loop with the same timers, callbacks and hash work',
    run: () => compareWithBareLoop(() => runBenchmarkGraph(250, 40), REPEATS),
  },
  'engine.executors': {
    description:
      'the `engine` graph (250 copies, 40 s) with every node in one seeded single_threaded executor, then in one seeded multi_threaded executor of 4 threads, every callback taking 5 µs, vs the events executor without execution times (ratio: the median of the ratios of runs made one after the other), and vs the events executor with the same execution times',
    async run() {
      const times = { executionTimes: [{ nodes: ['*'], time: { kind: 'fixed' as const, ns: 5_000 } }] };
      const single = { ...times, executors: [{ name: 'all', type: 'single_threaded' as const, nodes: ['*'], order: 'seeded' as const }] };
      const multi = {
        ...times,
        executors: [{ name: 'all', type: 'multi_threaded' as const, nodes: ['*'], order: 'seeded' as const, threads: 4, groups: [] }],
      };
      const variants = [single, multi, {}, times];
      const callbacks: number[] = [];
      for (const options of variants) callbacks.push((await runBenchmarkGraph(250, 40, options)).callbacks);
      const seconds = await graphTimes(250, 40, variants);
      // Callbacks per second of each run, and each run's ratio to the events run made next to it.
      const rates = seconds.map((runs, v) => runs.map((s) => callbacks[v]! / s));
      const ratio = (v: number, to: number): number => round(median(rates[v]!.map((r, i) => r / rates[to]![i]!)), 2);
      return {
        singleThreadedCallbacksPerSecond: Math.round(median(rates[0]!)),
        multiThreadedCallbacksPerSecond: Math.round(median(rates[1]!)),
        eventsCallbacksPerSecond: Math.round(median(rates[2]!)),
        eventsTimedCallbacksPerSecond: Math.round(median(rates[3]!)),
        singleThreadedRatio: ratio(0, 2),
        multiThreadedRatio: ratio(1, 2),
        singleThreadedToEventsTimed: ratio(0, 3),
        multiThreadedToEventsTimed: ratio(1, 3),
      };
    },
  },
  'engine.timers': {
    description: '1,000 nodes with one timer each (40/50/100/1000 ms), each callback hashing as the rslcpp nodes do, 40 s',
    run: () => compareWithBareLoop(() => timersGraph(1000, 40), REPEATS),
  },
  'engine.pubsub': {
    description: '200 chains of 5 nodes relaying a message every 10 ms (1,000 nodes, 4 of 5 callbacks are subscriptions), 10 s',
    run: () => compareWithBareLoop(() => pubsubGraph(200, 10), REPEATS),
  },
  'messages.small.copy': messages('small', false),
  'messages.small.zeroCopy': messages('small', true),
  'messages.large.copy': messages('large', false),
  'messages.large.zeroCopy': messages('large', true),
  'realtime.rslcpp': {
    description: 'the rslcpp benchmark (100 s of sim time): sim seconds per wall second of the run, and of `rclsim run` from process start to exit',
    async run() {
      const [runSeconds] = await graphSeconds(1, 100, [{}]);
      const processSeconds: number[] = [];
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        const child = spawnSync(process.execPath, [
          join(repoRoot, 'dist/src/cli/main.js'),
          'run',
          join(repoRoot, 'examples/synthetic-benchmark/job.ts'),
          '--quiet',
        ]);
        if (child.status !== 0) throw new Error(`rclsim run failed: ${child.stderr}`);
        processSeconds.push((performance.now() - start) / 1000);
      }
      return { factor: Math.round(100 / runSeconds!), processFactor: Math.round(100 / median(processSeconds)) };
    },
  },
  'bag.record': {
    description: `recording ${RECORD_TICKS * 4} PoseStamped messages (4 topics, 1 kHz) vs a bare serialize + McapWriter loop`,
    async run() {
      const scratch = benchDir();
      const dir = scratch.path;
      await recordWithRclsim(join(dir, 'warm.mcap'), 2000);
      await recordBare(join(dir, 'warm-bare.mcap'), 2000);
      const figures = await againstBareLoop(
        (i) => recordWithRclsim(join(dir, `rclsim-${i}.mcap`), RECORD_TICKS),
        (i) => recordBare(join(dir, `bare-${i}.mcap`), RECORD_TICKS),
        join(dir, 'rclsim-0.mcap'),
      );
      scratch.done();
      return figures;
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
      const figures = await againstBareLoop(
        () => playWithRclsim(bag),
        () => playBare(bag),
        bag,
      );
      const peak = playPeakMiB(bag);
      const peakLarge = playPeakMiB(large);
      scratch.done();
      return {
        ...figures,
        peakMiB: peak,
        peakMiB10x: peakLarge,
        peakGrowthMiB: round(peakLarge - peak, 1),
      };
    },
  },
  'bag.memory': {
    description: 'peak resident memory of playing a generated 1 GiB bag (256 KiB point clouds, each decoded by a subscriber)',
    async run() {
      const scratch = benchDir();
      const bag = join(scratch.path, 'gib.mcap');
      await writeLargeBag(bag, 1024);
      const start = performance.now();
      const peakMiB = playPeakMiB(bag);
      const seconds = (performance.now() - start) / 1000;
      scratch.done();
      return { peakMiB, bagMiB: 1024, mibPerSecond: Math.round(1024 / seconds) };
    },
  },
  params: {
    description:
      'a generated 50 MiB ROS 2 parameter file (36,500 nodes, 1.8 M parameters of every kind): loaded in a fresh process (the load alone, and the peak resident memory of that process), and `rclsim run examples/parameters/job.yaml --params-file` it, process start to exit; median of 3 each',
    async run() {
      const scratch = benchDir();
      const file = join(scratch.path, 'params.yaml');
      writeParamsFile(file, 50);
      const loads = [0, 1, 2].map(() => paramsLoad(file));
      const runs = [0, 1, 2].map(() => runWithParamsFile(repoRoot, file));
      scratch.done();
      return {
        loadSeconds: round(median(loads.map((l) => l.seconds)), 2),
        loadPeakMiB: round(median(loads.map((l) => l.peakMiB)), 1),
        runSeconds: round(median(runs), 2),
      };
    },
  },
  job: {
    description:
      'job files of 40,000 and 100,000 parameters (one node) and of 50 MiB (36,500 nodes, 1.8 M parameters in `parameters:`): each read in a fresh process as a run reads it (the files it names, then the job; the peak resident memory of that process), and `rclsim run` it, process start to exit; median of 3 each',
    async run() {
      const scratch = benchDir();
      const program = join(repoRoot, 'examples/parameters/blinker.js');
      const figures: Figures = {};
      for (const [name, text] of [
        ['params40k', () => manyParametersJob(40_000, program)],
        ['params100k', () => manyParametersJob(100_000, program)],
        ['mib50', () => largeJob(50, program)],
      ] as const) {
        const file = join(scratch.path, `${name}.yaml`);
        writeFileSync(file, text());
        const loads = [0, 1, 2].map(() => jobLoad(file));
        const runs = [0, 1, 2].map(() => runJobFile(repoRoot, file));
        figures[`${name}LoadSeconds`] = round(median(loads.map((l) => l.seconds)), 2);
        figures[`${name}LoadPeakMiB`] = round(median(loads.map((l) => l.peakMiB)), 1);
        figures[`${name}RunSeconds`] = round(median(runs), 2);
      }
      scratch.done();
      return figures;
    },
  },
  'overhead.fingerprint': {
    description: 'the rslcpp graph (50 copies, 200 s) with the fingerprint on vs off: extra run time as a fraction',
    run: () => overhead({ fingerprint: true }, { fingerprint: false }),
  },
  'overhead.trace': {
    description: 'the rslcpp graph (50 copies, 200 s) tracing every callback to a file vs not',
    async run() {
      const scratch = benchDir();
      const figures = await overhead({ tracePath: join(scratch.path, 'run.trace') }, {});
      scratch.done();
      return figures;
    },
  },
  report: {
    description:
      '--report: the rslcpp benchmark job (`rclsim run`, process start to exit) and the rslcpp graph at ~10^6 callbacks (250 copies, 21 s, run and report written) with vs without it, as the median of the ratios of runs made one after the other; the report file size, and the time headless Chromium takes to open and draw it',
    async run() {
      const scratch = benchDir();
      const file = join(scratch.path, 'report.html');
      const cli = join(repoRoot, 'dist/src/cli/main.js');
      const job = join(repoRoot, 'examples/synthetic-benchmark/job.ts');
      const processSeconds = (extra: string[]): number => {
        const start = performance.now();
        const child = spawnSync(process.execPath, [cli, 'run', job, '--quiet', ...extra]);
        if (child.status !== 0) throw new Error(`rclsim run failed: ${child.stderr}`);
        return (performance.now() - start) / 1000;
      };
      // Nine ratios each, as the other overheads: five swung by ±10 points from one bench run to the next.
      const jobRatios: number[] = [];
      for (let i = 0; i < 9; i++) {
        const off = processSeconds([]);
        jobRatios.push(processSeconds(['--report', file]) / off);
      }
      // Fifteen pairs of the graph: with nine, the median of one build ranged from 8 to 22 % over
      // eight bench runs (session 35), its nine ratios 16 to 44 points apart within one.
      const [on, off] = await graphTimes(250, 21, [{ reportPath: file }, {}], 15);
      const callbacks = (await runBenchmarkGraph(250, 21, {})).callbacks;
      const renders: number[] = [];
      for (let i = 0; i < 3; i++) renders.push(await renderSeconds(file));
      const graphRatios = on!.map((t, i) => t / off![i]!);
      // Each ratio (sorted) beside the median: this host's noise shows in their spread.
      const spread = (ratios: number[]): number[] => ratios.map((ratio) => round(ratio - 1, 3)).sort((a, b) => a - b);
      const figures = {
        jobOverhead: round(median(jobRatios) - 1, 3),
        jobOverheads: spread(jobRatios),
        graphCallbacks: callbacks,
        graphOverhead: round(median(graphRatios) - 1, 3),
        graphOverheads: spread(graphRatios),
        graphSecondsOn: round(median(on!), 3),
        graphSecondsOff: round(median(off!), 3),
        reportMB: round(statSync(file).size / 1e6, 2),
        renderSeconds: round(median(renders), 2),
      };
      scratch.done();
      return figures;
    },
  },
  'network.frames': {
    description: 'a saturated 802.11n link (60 kB best-effort messages at 4x its capacity, 20 s of sim time): MPDU transmissions simulated per wall second',
    async run() {
      await saturatedLink(5);
      const rates: number[] = [];
      const factors: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        const { frames, runSeconds } = await saturatedLink(20);
        rates.push(frames / runSeconds);
        factors.push(20 / runSeconds);
      }
      return { framesPerSecond: Math.round(median(rates)), realTimeFactor: Math.round(median(factors)) };
    },
  },
  'network.patrol': {
    description: 'examples/patrol (two UAVs, 120 s of sim time, an image stream at the link capacity, its bag recorded): real-time factor',
    async run() {
      await patrolSeconds();
      const seconds: number[] = [];
      for (let i = 0; i < 3; i++) seconds.push(await patrolSeconds());
      return { wallSeconds: round(median(seconds), 2), realTimeFactor: Math.round(120 / median(seconds)) };
    },
  },
  netsim: {
    description:
      "the built-in network model vs ns-3 in the loop (adapters/ns3), same scenarios: goodput (Mbit/s), mean and p95 latency (ms), loss; LOS at 10–65 m and behind a 12 dB wall at 10–25 m, a saturated link, 3 hosts contending, the patrol job (its wall time with each, and the protocol's share of ns-3's); the largest goodput difference in LOS and NLOS",
    async run() {
      const figures: Figures = {};
      const pair = (d: number): string => `  - { name: a, nodes: [a], position: [0, 0, 1.5] }\n  - { name: b, nodes: [b], position: [${d}, 0, 1.5] }`;
      const wall = (d: number): string =>
        `\nobstacles:\n  - { name: wall, footprint: [[${d / 2 - 0.1}, -20], [${d / 2 + 0.1}, -20], [${d / 2 + 0.1}, 20], [${d / 2 - 0.1}, 20]], height: 10, loss_db: 12 }`;
      /** Relative goodput difference of the built-in model from ns-3, by line of sight. */
      const differences = { los: [] as number[], nlos: [] as number[] };
      const both = async (name: string, sight: 'los' | 'nlos', run: (ns3: boolean) => Promise<LinkFigures>): Promise<void> => {
        const builtin = await run(false);
        const ns3 = await run(true);
        differences[sight].push(ns3.goodputMbps === 0 ? (builtin.goodputMbps === 0 ? 0 : Infinity) : Math.abs(builtin.goodputMbps / ns3.goodputMbps - 1));
        figures[name] = [
          `goodput ${builtin.goodputMbps} / ${ns3.goodputMbps} Mbit/s (ratio ${ns3.goodputMbps === 0 ? '-' : (builtin.goodputMbps / ns3.goodputMbps).toFixed(2)})`,
          `latency ${builtin.latencyMeanMs} / ${ns3.latencyMeanMs} ms mean, ${builtin.latencyP95Ms ?? '-'} / ${ns3.latencyP95Ms ?? '-'} p95`,
          `loss ${builtin.loss} / ${ns3.loss}`,
          `wall ${builtin.wallSeconds} / ${ns3.wallSeconds} s`,
          `ns-3 simulating ${ns3.simulatorSeconds} s, protocol ${ns3.protocolSeconds} s`,
        ].join('; ');
      };
      const load = { bytes: 20_000, periodMs: 2, simSeconds: 3 };
      for (const d of [10, 40, 50, 65]) await both(`los${d}m`, 'los', (ns3) => flows(pair(d), [['a', 'b']], { ...load, ns3 }));
      for (const d of [10, 15, 20, 25]) await both(`nlos${d}m`, 'nlos', (ns3) => flows(pair(d), [['a', 'b']], { ...load, ns3, extra: wall(d) }));
      await both('saturated10m', 'los', (ns3) => flows(pair(10), [['a', 'b']], { bytes: 60_000, periodMs: 2, simSeconds: 3, ns3 }));
      const three =
        '  - { name: a, nodes: [a], position: [0, 0, 1.5] }\n  - { name: b, nodes: [b], position: [0, 20, 1.5] }\n  - { name: c, nodes: [c], position: [20, 0, 1.5] }';
      await both('contending3', 'los', (ns3) =>
        flows(
          three,
          [
            ['a', 'c'],
            ['b', 'c'],
          ],
          { ...load, ns3 },
        ),
      );
      await both('patrol', 'nlos', patrol);
      figures.largestDifferenceLos = `${round(100 * Math.max(...differences.los), 1)} %`;
      figures.largestDifferenceNlos = `${round(100 * Math.max(...differences.nlos), 1)} %`;
      // The patrol job's speed, paired runs: the built-in model's against ns-3's; the protocol's
      // share of the ns-3 run (rclsim's waits beyond ns-3's simulating time, and its encoding and
      // decoding); and, wider, everything of the ns-3 run but ns-3 simulating and the built-in run's time.
      const speedups: number[] = [];
      const protocol: number[] = [];
      const overheads: number[] = [];
      for (let i = 0; i < 3; i++) {
        const builtin = await patrol(false);
        const ns3 = await patrol(true);
        speedups.push(ns3.wallSeconds / builtin.wallSeconds);
        protocol.push(ns3.protocolSeconds! / ns3.wallSeconds);
        overheads.push((ns3.wallSeconds - ns3.simulatorSeconds! - builtin.wallSeconds) / ns3.wallSeconds);
      }
      figures.patrolBuiltinFaster = `${round(median(speedups), 1)}x`;
      figures.patrolProtocol = `${round(100 * median(protocol), 1)} % of the ns-3 run`;
      figures.patrolAllButSimulating = `${round(100 * median(overheads), 1)} % of the ns-3 run`;
      return figures;
    },
  },
  'network.colocated': {
    description:
      '50 chains of 5 nodes relaying every 10 ms (10 s), each node of a chain on its own host, all hosts at one point, vs the same graph without a network: run time ratio',
    async run() {
      const figures = await coLocated(50, 10, REPEATS);
      return {
        ratio: round(figures.ratio, 2),
        secondsWith: round(figures.secondsWith, 3),
        secondsWithout: round(figures.secondsWithout, 3),
        crossingsPerSecond: Math.round(figures.crossingsPerSecond),
      };
    },
  },
  'explore.rslcpp': {
    description:
      '`rclsim explore` of the rslcpp benchmark (100 s of sim time each, every node in one seeded single_threaded executor), 60 runs from process start to exit: runs per minute',
    async run() {
      const perMinute: number[] = [];
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        const child = spawnSync(process.execPath, [
          join(repoRoot, 'dist/src/cli/main.js'),
          'explore',
          join(repoRoot, 'examples/synthetic-benchmark/job.ts'),
          '--runs',
          '60',
          '--json',
        ]);
        if (child.status !== 0) throw new Error(`rclsim explore failed: ${child.stderr}`);
        perMinute.push(60 / ((performance.now() - start) / 60_000));
        const report = summaryOf<{ outcomes: unknown[] }>(child.stdout.toString());
        if (i === 0 && report.outcomes.length < 2) throw new Error('explore found one outcome');
      }
      return { runsPerMinute: Math.round(median(perMinute)) };
    },
  },
  sweep: {
    description:
      "`rclsim sweep`: 1,000 runs of the rslcpp benchmark (timeout_s 10, seeds 0…999) on 1 and on 2 warm local workers, from the sweep's start (workers started) to its last result: runs per second and the ratio, and the ratio two independent single-worker sweeps of 500 runs each reach at once (what this machine gives two processes); the same through BullMQ on a loopback Redis with one `rclsim worker --concurrency 2` (started before); a cold `rclsim run examples/talker-listener/job.yaml`, process start to exit (median of 7)",
    async run() {
      const one: number[] = [];
      const two: number[] = [];
      const ceiling: number[] = [];
      for (let i = 0; i < 3; i++) {
        one.push(await sweepRunsPerSecond(1000, 1));
        two.push(await sweepRunsPerSecond(1000, 2));
        ceiling.push(await independentProcessesRatio(1000));
      }
      const queued: number[] = [];
      const queue = await queueOnLoopback(2);
      try {
        for (let i = 0; i < 3; i++) {
          queue.empty();
          queued.push(await sweepRunsPerSecond(1000, 2, queue.url));
        }
      } finally {
        queue.stop();
      }
      const cold = Array.from({ length: 7 }, coldRunSeconds);
      return {
        runsPerSecondOneWorker: Math.round(median(one)),
        runsPerSecondTwoWorkers: Math.round(median(two)),
        twoOverOne: round(median(two.map((t, i) => t / one[i]!)), 2),
        twoIndependentProcessesOverOne: round(median(ceiling), 2),
        runsPerSecondThroughRedis: Math.round(median(queued)),
        redisOverLocal: round(median(queued) / median(two), 2),
        coldRunSeconds: round(median(cold), 3),
      };
    },
  },
  hunt: {
    description:
      '`rclsim hunt` against `rclsim sweep` of the same 1,000 runs of the rslcpp benchmark (timeout_s 10, seeds 0…999; none fails, so the hunt runs them all) on 2 warm workers, each from its start (workers started) to its last result, in turns: runs per second and the ratio (median of 3)',
    async run() {
      const sweep: number[] = [];
      const hunt: number[] = [];
      for (let i = 0; i < 3; i++) {
        sweep.push(await sweepRunsPerSecond(1000, 2));
        hunt.push(huntRunsPerSecond(1000, 2));
      }
      return {
        sweepRunsPerSecond: Math.round(median(sweep)),
        huntRunsPerSecond: Math.round(median(hunt)),
        huntOverSweep: round(median(hunt.map((h, i) => h / sweep[i]!)), 2),
      };
    },
  },
  shrink: {
    description:
      "`rclsim shrink` of examples/corridor's seed 31 (156 faults fired, 1 needed) on 2 warm workers, the whole command from its start (workers, the first run, the search, the minimal job's report and trace comparison): wall seconds and runs (median of 3)",
    async run() {
      const shrinks = [0, 1, 2].map(() => shrinkCorridorSeconds(2));
      return { seconds: round(median(shrinks.map((s) => s.seconds)), 2), runs: median(shrinks.map((s) => s.runs)) };
    },
  },
  scaling: {
    description:
      'wall seconds of the rslcpp graph copied to 10…20,000 nodes (10 s of sim time), and of 1,000 nodes over 10…80 s; ns per callback, and of the bare loop with the same timers and work',
    async run() {
      // 20,000 beyond the issue's sizes: it shows the cost per callback flat again after the
      // step at which the graph stops fitting the caches.
      const nodes = [10, 100, 1000, 10_000, 20_000];
      const wallSeconds: number[] = [];
      const nsPerCallback: number[] = [];
      const bareNsPerCallback: number[] = [];
      // The smallest graphs run a few thousand callbacks: the code must be compiled before they are timed.
      await runBenchmarkGraph(20, 100);
      for (const count of nodes) {
        const copies = count / 5;
        const [seconds] = await graphSeconds(copies, 10, [{}]);
        const run = await runBenchmarkGraph(copies, 10);
        wallSeconds.push(round(seconds!, 3));
        nsPerCallback.push(Math.round((seconds! / run.callbacks) * 1e9));
        bareNsPerCallback.push(Math.round(1e9 / (await bareRate(run.timerPeriodsNs, run.callbacks))));
      }
      const simSeconds = [10, 20, 40, 80];
      const wallSecondsBySimTime: number[] = [];
      for (const seconds of simSeconds) wallSecondsBySimTime.push(round((await graphSeconds(200, seconds, [{}]))[0]!, 3));
      return { nodes, wallSeconds, nsPerCallback, bareNsPerCallback, simSeconds, wallSecondsBySimTime };
    },
  },
};

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  // A name selects that benchmark and those under it (`network`: network.frames, …).
  const under = (name: string): string[] => Object.keys(benchmarks).filter((key) => key === name || key.startsWith(`${name}.`));
  for (const name of names) {
    if (under(name).length === 0) {
      process.stderr.write(`unknown benchmark '${name}'; known: ${Object.keys(benchmarks).join(', ')}\n`);
      process.exit(2);
    }
  }
  const selected = names.length > 0 ? [...new Set(names.flatMap(under))] : Object.keys(benchmarks);
  const resultsPath = resolve(import.meta.dirname, '../../bench/results.json');
  const results: Record<string, Figures> = existsSync(resultsPath) ? (JSON.parse(readFileSync(resultsPath, 'utf8')) as Record<string, Figures>) : {};
  for (const name of selected) {
    const benchmark = benchmarks[name]!;
    process.stderr.write(`running ${name}: ${benchmark.description}\n`);
    results[name] = await benchmark.run();
    process.stderr.write(
      `  ${Object.entries(results[name]!)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join('  ')}\n`,
    );
  }
  writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
  const rows = selected.map((name) => [
    name,
    Object.entries(results[name]!)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join('  '),
  ]);
  const width = Math.max(...rows.map(([name]) => name!.length));
  for (const [name, figures] of rows) process.stdout.write(`${name!.padEnd(width)}  ${figures}\n`);
  process.stdout.write(`written to ${resultsPath}\n`);
}

await main();
