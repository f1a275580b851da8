import { describeThrown } from '../base/describeThrown.js';
import { drainMicrotasks } from '../base/microtasks.js';
import { wallClock } from '../base/realTime.js';
import { formatSimTime, InterruptedError } from '../base/runErrors.js';
import { MAX_TIME, PAST_MAX_TIME } from '../base/simTimeRange.js';
import { ProgramChildren } from '../compat/ProgramChildren.js';
import { ProgramErrorListeners } from '../compat/ProgramErrorListeners.js';
import { RealIoDetector } from '../compat/RealIoDetector.js';
import { simulationMachine } from '../compat/simulationMachine.js';
import { VirtualGlobals } from '../compat/VirtualGlobals.js';
import type { EndReason, Engine } from '../engine/Engine.js';
import type { Heartbeat } from '../engine/Heartbeat.js';
import type { LiveSink } from '../live/liveProtocol.js';
import { Pacer } from '../live/Pacer.js';
import { useDirectPorts } from '../port/DirectPort.js';
import type { LogOutput } from '../ros/LogOutput.js';
import { failsRun } from '../sim/checks/CheckConfig.js';
import { Checks } from '../sim/checks/Checks.js';
import type { ExecutorConfig } from '../sim/Executors.js';
import { NetworkMonitor } from '../sim/NetworkMonitor.js';
import { loadParamsFile, overridesFor, type ParamsRule } from '../sim/ParamsFile.js';
import { type ProgramWatch, Simulation } from '../sim/Simulation.js';
import { DurationError } from './duration.js';
import { type JobDefinition, JobHandle } from './JobHandle.js';
import { Perturbation } from './Perturbation.js';
import { CHECK_FAILED_EXIT_CODE, type Findings, type RunSummary } from './RunSummary.js';
import type { SharedTrace, TraceWriter } from './TraceWriter.js';

/** `load`'s result, loaded on the first call: importing again would cost a round trip to the module hooks' thread. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

/** The outputs' modules, for the runs that write them: a run without them starts faster. */
const traceModule = once(() => import('./TraceWriter.js'));
const reportModules = once(() => Promise.all([import('../report/LiveReport.js'), import('./runReport.js')]));
const feedModule = once(() => import('../live/LiveFeed.js'));
const metricsModule = once(() => import('./metricsFile.js'));

export interface RunOptions {
  /** ROS 2 parameter files applied to the nodes, in order (later files win). */
  paramsFiles?: string[];
  fingerprint?: boolean;
  maxCallbacksPerInstant?: number;
  logOutput?: LogOutput;
  /** Fixed delivery delays (ns) by fully qualified topic name. */
  topicDelays?: ReadonlyMap<string, bigint>;
  /** Overrides the job's seed. */
  seed?: number;
  /** Write every executed callback and output to this trace file (see TraceWriter). */
  tracePath?: string;
  /** Random wall-clock busy-waits and memory pressure after callbacks (rclsim verify --perturb). */
  perturb?: boolean;
  /** A supervisor on another thread (the CLI's main thread) that watches and can stop the run. */
  supervision?: Supervision;
  /**
   * Order wait results by the seed (rclsim explore): the job's executors take `order: seeded`;
   * a job without executors runs every node in one seeded single_threaded executor.
   */
  seededOrder?: boolean;
  /** Swarm testing (`--swarm`), whatever the job says: the seed also decides which faults are on, and scales them. */
  swarm?: boolean;
  /** Told what the run found (its faults, its checks) when it ends, also when it fails (`rclsim shrink` replays them). */
  onFindings?: (findings: Findings) => void;
  /** Write the run's executor metrics here (JSON for a .json file, else CSV), even when the run fails. */
  metricsPath?: string;
  /** Write the run's HTML report here (report/), even when the run fails. */
  reportPath?: string;
  /** Pace the run at this many times real time (Infinity or absent: as fast as it goes). */
  rate?: number;
  /**
   * Told each output (trace, metrics, report, recording) that could not be finished besides the
   * failure runJob throws: the run's own failure, or when the run did not fail, the first such output.
   */
  outputFailed?: (error: unknown) => void;
}

/** The executors of a run: the job's, or with seededOrder every one seeded (see RunOptions). */
function executorsOf(definition: JobDefinition, seededOrder: boolean): readonly ExecutorConfig[] | undefined {
  if (!seededOrder) return definition.executors;
  const executors = definition.executors ?? [];
  if (executors.length === 0) return [{ name: 'explore', type: 'single_threaded', nodes: ['*'], order: 'seeded', implicit: true }];
  return executors.map((executor) => ({ ...executor, order: 'seeded' }));
}

/** Metrics cost a little on every callback: collected where the job models executors, or is asked to. */
function wantsMetrics(definition: JobDefinition, options: RunOptions): boolean {
  return (
    options.metricsPath !== undefined ||
    (definition.executors ?? []).length > 0 ||
    (definition.executionTimes ?? []).length > 0 ||
    (definition.chains ?? []).length > 0
  );
}

/** How a run and its supervisor (cli/supervisor.ts) keep in touch. */
export interface Supervision {
  /** Where the engine writes its progress; the job's setup counts as user code in it. */
  heartbeat: Heartbeat;
  /** The run's handle, once its simulation exists. */
  attach(run: RunControl): void;
  /** A recording was opened: the supervisor finishes it if the run's thread dies. */
  recording(file: string, bagDirectory: string | undefined): void;
  /** The trace's unwritten lines, in shared memory: the supervisor finishes the trace if the run's thread dies. */
  trace?(shared: SharedTrace): void;
  /** The loop begins at `start` and ends at `end` (when the job says). */
  started(start: bigint, end: bigint | undefined): Promise<void>;
  /** The loop has ended (before the summary is printed). */
  ended(): Promise<void>;
  /** A live view watches the run (rclsim run --foxglove). */
  live?: LiveSink;
  /** Separate programs' processes: --callback-timeout, and each one started. */
  programWatch?: ProgramWatch;
}

/**
 * What a supervisor can do to a run: interrupt it as a signal would, and finish its outputs
 * from wherever it is stuck.
 */
export interface RunControl {
  /** Ends the run at its next step (its outputs are finished on the way out), as SIGINT/SIGTERM do. */
  interrupt(signal: NodeJS.Signals): void;
  /**
   * Finishes every output (trace, metrics, report, recordings) now, synchronously, from inside
   * code that never returns (a callback in an endless loop). `describe` makes the line that ends
   * the run from what was running (the report tells it too). Returns that line and one for each
   * output that could not be finished, or null when an output was in the middle of a write (try
   * again shortly).
   */
  finishOutputs(describe: (running: string) => string): { line: string; failures: string[] } | null;
}

/**
 * Refuses a start, or an end (start + endAfter), past the last sim time a message can carry: the
 * run would fail at its first stamp there (a /rosout record), in a callback, not as bad input.
 */
function checkMessageTimes(start: bigint, endAfter: bigint | undefined): void {
  if (start > MAX_TIME) throw new DurationError(`the start time ${formatSimTime(start)} ${PAST_MAX_TIME}`);
  if (endAfter !== undefined && start + endAfter > MAX_TIME) {
    throw new DurationError(
      `the end time ${formatSimTime(start + endAfter)} (the start ${formatSimTime(start)} + ${formatSimTime(endAfter)}) ${PAST_MAX_TIME}`,
    );
  }
}

/** Runs a job to its end and reports the summary. The simulation is active only meanwhile. */
export async function runJob(definition: JobDefinition, options: RunOptions = {}): Promise<RunSummary> {
  // The programs of this run reach it through their DirectPorts (whoever imported the client).
  useDirectPorts();
  const wallStart = wallClock();
  const endAfter = definition.endAfter === undefined ? undefined : BigInt(definition.endAfter);
  // Before anything is built; again once the setup ran, which may set the start (a bag, a job module).
  checkMessageTimes(BigInt(definition.startTime ?? 0), endAfter);
  // Before anything else: the globals are not replaced yet.
  const [tracing, reporting, feeding, metrics] = await Promise.all([
    options.tracePath === undefined ? null : traceModule(),
    options.reportPath === undefined ? null : reportModules(),
    options.supervision?.live === undefined ? null : feedModule(),
    options.metricsPath === undefined ? null : metricsModule(),
  ]);
  const rules: ParamsRule[] = [...(definition.parameterRules ?? []), ...(options.paramsFiles ?? []).flatMap((file) => loadParamsFile(file))];
  const simulation = new Simulation({
    startTime: BigInt(definition.startTime ?? 0),
    seed: options.seed ?? definition.seed ?? 0,
    parameterOverrides: (fqn) => overridesFor(rules, fqn),
    ...(options.fingerprint === undefined ? {} : { fingerprint: options.fingerprint }),
    ...(options.maxCallbacksPerInstant === undefined ? {} : { maxCallbacksPerInstant: options.maxCallbacksPerInstant }),
    ...(options.logOutput === undefined ? {} : { logOutput: options.logOutput }),
    topicDelays: new Map([...(definition.topicDelays ?? []), ...(options.topicDelays ?? [])]),
    ...(definition.topicDelayRanges === undefined ? {} : { topicDelayRanges: definition.topicDelayRanges }),
    remaps: definition.remaps ?? [],
    interfaces: definition.interfaces ?? [],
    zeroCopy: definition.zeroCopy ?? false,
    strictMessages: definition.strictMessages ?? false,
    ...(definition.network === undefined ? {} : { network: definition.network }),
    executors: executorsOf(definition, options.seededOrder ?? false) ?? [],
    ...(options.seededOrder ? { rclpyOrder: 'seeded' as const } : {}),
    executionTimes: definition.executionTimes ?? [],
    faults: definition.faults ?? [],
    swarm: options.swarm ?? definition.swarm ?? false,
    ...(wantsMetrics(definition, options) ? { metrics: { chains: definition.chains ?? [] } } : {}),
  });
  // Before any node: checks watch what is published from the first message.
  const checks = (definition.checks ?? []).length > 0 ? new Checks(simulation, definition.checks!) : null;
  let found: Findings | undefined;
  /** The run's faults and checks, once it ended (or failed). */
  const findings = (): Findings => (found ??= findingsOf(simulation, checks));
  const supervision = options.supervision;
  const job = new JobHandle(simulation, definition.name ?? 'job', definition.startTime !== undefined, supervision?.recording);
  const engine = simulation.engine;
  if (supervision !== undefined) engine.heartbeat = supervision.heartbeat;
  if (supervision?.programWatch !== undefined) simulation.programWatch = supervision.programWatch;
  // A promise that rejects with no handler, or an exception nothing catches, fails the run
  // instead of taking the process down (or passing unnoticed).
  // A program's own listeners (installed after these) take precedence, as they would in Node.js.
  let programListeners: ProgramErrorListeners | undefined;
  const onUnhandledRejection = (reason: unknown): void => {
    if (programListeners !== undefined && programListeners.listeners('unhandledRejection').length > 0) return;
    const label = `a promise of ${simulation.currentOwner()} without a rejection handler`;
    engine.failCallback(label, engine.nowAbs, reason, 'unhandledRejection');
  };
  const onUncaughtException = (error: unknown): void => {
    if (programListeners !== undefined && programListeners.listeners('uncaughtException').length > 0) return;
    engine.failCallback('code outside any callback', engine.nowAbs, error);
  };
  // SIGINT/SIGTERM end the run at its next step, so that every bag is finished before exiting.
  const interrupt = (signal: NodeJS.Signals): void => engine.fail(new InterruptedError(signal));
  process.on('unhandledRejection', onUnhandledRejection);
  process.on('uncaughtException', onUncaughtException);
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  // process.exitCode set by a program is the run's exit code, as it would be the process's.
  const outerExitCode = process.exitCode;
  process.exitCode = undefined;
  let failed = false;
  const globals = new VirtualGlobals(simulationMachine(simulation));
  const children = new ProgramChildren();
  const realIo = new RealIoDetector(simulation);
  let trace: TraceWriter | undefined;
  const report =
    reporting === null ? null : new reporting[0].LiveReport(simulation, definition.endAfter === undefined ? undefined : Number(definition.endAfter));
  const feed = feeding === null || supervision?.live === undefined ? null : new feeding.LiveFeed(simulation, supervision.live);
  if (options.rate !== undefined && Number.isFinite(options.rate)) {
    engine.beforeAdvance.push(new Pacer(engine, options.rate, feed === null ? undefined : (offset) => feed.time(offset)).pace);
  }
  let summary: RunSummary | undefined;
  let failure: unknown;
  let endReason: EndReason | undefined;
  /** Outputs that could not be finished (each told once: one may fail again as it is closed again). */
  const lost = new Set<unknown>();
  const finishing = (finish: () => void): void => {
    try {
      finish();
    } catch (error) {
      lost.add(error);
    }
  };
  /** null until the files are being finished; then whether they are. */
  let filesFinished: boolean | null = null;
  /** Finishes the trace, metrics and report, each whatever became of the others. */
  const finishFiles = (reason: string, failed: unknown): void => {
    if (filesFinished !== null) return;
    filesFinished = false;
    const fingerprint = engine.fingerprintEnabled ? engine.fingerprint.hex() : '';
    finishing(() => trace?.close({ reason, callbacks: engine.callbacks, fingerprint }, findings().checks));
    if (metrics !== null && options.metricsPath !== undefined) finishing(() => metrics.writeMetrics(options.metricsPath!, simulation.metricsReport()!));
    if (report !== null && reporting !== null) {
      const reached = { job: job.name, seed: simulation.seed, startTime: engine.base, endTime: engine.nowAbs, callbacks: engine.callbacks };
      finishing(() => reporting[1].writeRunReport(options.reportPath!, report, simulation, summary ?? reached, failed, findings()));
    }
    filesFinished = true;
  };
  let endedTold = false;
  const tellEnded = async (): Promise<void> => {
    if (endedTold) return;
    endedTold = true;
    await supervision?.ended();
  };
  supervision?.attach({
    interrupt,
    finishOutputs: (describe) => {
      // The run's own end may be finishing them: it goes on between two of its bytecodes.
      if (trace?.busy === true || job.outputsBusy || filesFinished === false) return null;
      const executing = engine.executing;
      const running = executing !== null ? executing.label : (simulation.stopping ?? (engine.started ? 'promise continuations' : "a program's top-level code"));
      const line = describe(`${running} at sim time ${formatSimTime(engine.nowAbs)}`);
      finishFiles('stopped', line);
      for (const error of job.closeBags()) lost.add(error);
      return { line, failures: [...lost].map(describeThrown) };
    },
  });
  simulation.enter();
  globals.install();
  children.install();
  programListeners = new ProgramErrorListeners();
  const listeners = programListeners;
  engine.uncaught = (error, origin) => (origin === 'unhandledRejection' ? listeners.deliverRejection(error) : listeners.deliverException(error));
  realIo.enable();
  engine.whenIdle = () => realIo.inFlight();
  try {
    if (tracing !== null && options.tracePath !== undefined) {
      trace = new tracing.TraceWriter(options.tracePath, engine, { job: job.name, seed: simulation.seed }, supervision?.trace);
      engine.observers.push(trace);
    }
    const monitor = simulation.network === null ? null : new NetworkMonitor(simulation, simulation.network);
    supervision?.heartbeat.enterUserCode();
    await definition.setup(job);
    // Programs that build nodes in promise continuations (rclnodejs.init().then(...)) finish
    // now; a turn of the event loop lets a rejection nothing handles be seen, and fail the run.
    await drainMicrotasks();
    monitor?.checkPlacement();
    // An external network simulator is started and initialized before time begins.
    const simulator = (await simulation.network?.start()) ?? null;
    supervision?.heartbeat.leaveUserCode();
    engine.throwIfFailed();
    checkMessageTimes(engine.base, endAfter);
    const endAt = endAfter === undefined ? undefined : engine.base + endAfter;
    if (options.perturb) engine.observers.push(new Perturbation());
    await supervision?.started(engine.base, endAt);
    endReason = await engine.run(endAt === undefined ? {} : { endAt });
    await tellEnded();
    // What the last callbacks left pending (a rejection, a signal) belongs to this run.
    await drainMicrotasks();
    engine.throwIfFailed();
    await job.runEndCallbacks();
    await drainMicrotasks();
    engine.throwIfFailed();
    simulation.stopPrograms();
    const programExitCode = Number(process.exitCode ?? 0);
    // Before the warnings are taken: it may add some.
    const timing = simulation.network?.simulatorTiming() ?? null;
    const network =
      monitor === null ? undefined : { ...monitor.summary(), ...(simulator === null || timing === null ? {} : { simulator: { name: simulator, ...timing } }) };
    const metrics = simulation.metricsReport();
    simulation.warnings.push(...simulation.executorWarnings());
    for (const i of simulation.executionTimes?.unused() ?? [])
      simulation.warnings.push(`execution_times[${i}] matched no callback that ran (its nodes, kind and topic; a relative topic is resolved from /)`);
    simulation.warnings.push(...(simulation.faults?.unmatched() ?? []));
    const { faults, checks: outcomes } = findings();
    const checkFailed = outcomes?.some(failsRun) ?? false;
    summary = {
      job: job.name,
      seed: simulation.seed,
      startTime: engine.base,
      endTime: engine.nowAbs,
      endReason,
      callbacks: engine.callbacks,
      messagesDelivered: simulation.messagesDelivered,
      fingerprint: engine.fingerprintEnabled ? engine.fingerprint.hex() : '',
      exitCode: checkFailed ? CHECK_FAILED_EXIT_CODE : engine.exitCode !== 0 ? engine.exitCode : programExitCode,
      wallSeconds: (wallClock() - wallStart) / 1000,
      results: Object.fromEntries(job.results),
      warnings: [...simulation.warnings],
      ...(network === undefined ? {} : { network }),
      ...(metrics === null ? {} : { metrics }),
      ...(faults === undefined ? {} : { faults }),
      ...(outcomes === undefined ? {} : { checks: outcomes }),
    };
    return summary;
  } catch (error) {
    failed = true;
    failure = error;
    await tellEnded();
    throw error;
  } finally {
    simulation.network?.close();
    feed?.time(engine.now);
    // A run that failed still tells what it found.
    if (options.onFindings !== undefined) options.onFindings(findings());
    finishFiles(endReason ?? 'failed', failure);
    realIo.disable();
    children.uninstall();
    globals.uninstall();
    simulation.exit();
    process.exitCode = outerExitCode;
    // Recordings are finished even when the run failed. Signal handlers stay until then.
    for (const error of job.closeBags()) lost.add(error);
    process.off('unhandledRejection', onUnhandledRejection);
    process.off('uncaughtException', onUncaughtException);
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    // The run's failure, whatever came after it; else a signal while the outputs were finished
    // (they are complete, and the run was interrupted), or an output that failed.
    const ending = failed ? failure : (engineFailure(engine) ?? lost.values().next().value);
    for (const error of lost) if (error !== ending) options.outputFailed?.(error);
    // biome-ignore lint/correctness/noUnsafeFinally: only when the run itself did not fail, so no failure is hidden
    if (!failed && ending !== undefined) throw ending;
  }
}

/** The failure the engine was given (engine.fail), if any. */
function engineFailure(engine: Engine): unknown {
  try {
    engine.throwIfFailed();
    return undefined;
  } catch (error) {
    return error;
  }
}

/** A run's faults (jobs with some) and checks (jobs with some, programs that asserted). */
function findingsOf(simulation: Simulation, checks: Checks | null): Findings {
  const outcomes = [...(checks?.outcomes() ?? []), ...simulation.assertions.outcomes()];
  const faults = simulation.faults;
  return {
    ...(faults === null
      ? {}
      : {
          faults: {
            on: faults.enabled.map((fault) => fault.name),
            fired: faults.fired,
            byName: Object.fromEntries(faults.firedByName),
            occurrences: faults.occurrences,
            ...(faults.fired > faults.occurrences.length ? { truncated: true as const } : {}),
          },
        }),
    ...(outcomes.length === 0 ? {} : { checks: outcomes }),
  };
}
