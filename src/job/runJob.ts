import { performance } from 'node:perf_hooks';
import type { LogOutput } from '../rcl/LogOutput.js';
import { Simulation } from '../rcl/Simulation.js';
import { RealIoDetector } from '../compat/RealIoDetector.js';
import { VirtualGlobals } from '../compat/VirtualGlobals.js';
import type { EndReason } from '../engine/Engine.js';
import { InterruptedError } from '../engine/errors.js';
import type { EngineObserver } from '../engine/Executable.js';
import { drainMicrotasks } from '../engine/microtasks.js';
import { JobHandle, type JobDefinition } from './Job.js';
import { loadParamsFile, overridesFor, type ParamsRule } from '../rcl/ParamsFile.js';
import { Perturbation } from './Perturbation.js';
import type { RunSummary } from './RunSummary.js';
import { TraceWriter } from './TraceWriter.js';

// Wall time is measured for the summary only; it decides nothing.
const wallClock = performance.now.bind(performance);

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
  /** Write every executed callback to this trace file (see TraceWriter). */
  tracePath?: string;
  /** Random wall-clock busy-waits and memory pressure after callbacks (rclsim verify --perturb). */
  perturb?: boolean;
  /** Told about every callback while the loop runs (a progress display); closed at the end. */
  observer?: (simulation: Simulation, endAt: bigint | undefined) => EngineObserver & { close(): void };
}

/** Runs a job to its end and reports the summary. The simulation is active only meanwhile. */
export async function runJob(definition: JobDefinition, options: RunOptions = {}): Promise<RunSummary> {
  const wallStart = wallClock();
  const rules: ParamsRule[] = [
    ...(definition.parameterRules ?? []),
    ...(options.paramsFiles ?? []).flatMap((file) => loadParamsFile(file)),
  ];
  const simulation = new Simulation({
    startTime: BigInt(definition.startTime ?? 0),
    seed: options.seed ?? definition.seed ?? 0,
    parameterOverrides: (fqn) => overridesFor(rules, fqn),
    ...(options.fingerprint === undefined ? {} : { fingerprint: options.fingerprint }),
    ...(options.maxCallbacksPerInstant === undefined ? {} : { maxCallbacksPerInstant: options.maxCallbacksPerInstant }),
    ...(options.logOutput === undefined ? {} : { logOutput: options.logOutput }),
    topicDelays: new Map([...(definition.topicDelays ?? []), ...(options.topicDelays ?? [])]),
    remaps: definition.remaps ?? [],
    interfaces: definition.interfaces ?? [],
    zeroCopy: definition.zeroCopy ?? false,
  });
  const job = new JobHandle(simulation, definition.name ?? 'job', definition.startTime !== undefined);
  const engine = simulation.engine;
  // A promise that rejects with no handler fails the run (at the engine's next yield) instead
  // of taking the process down.
  const onUnhandledRejection = (reason: unknown): void =>
    engine.failCallback('a promise without a rejection handler', engine.nowAbs, reason);
  process.on('unhandledRejection', onUnhandledRejection);
  // SIGINT/SIGTERM end the run at its next step, so that every bag is finished before exiting.
  const onSignal = (signal: NodeJS.Signals): void => engine.fail(new InterruptedError(signal));
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let failed = false;
  const globals = new VirtualGlobals(simulation);
  const realIo = new RealIoDetector(simulation);
  let trace: TraceWriter | undefined;
  let observer: (EngineObserver & { close(): void }) | undefined;
  let endReason: EndReason | undefined;
  simulation.enter();
  globals.install();
  realIo.enable();
  try {
    if (options.tracePath !== undefined) {
      trace = new TraceWriter(options.tracePath, engine, { job: job.name, seed: simulation.seed });
      engine.observers.push(trace);
    }
    await definition.setup(job);
    // Programs that build nodes in promise continuations (rclnodejs.init().then(...)) finish now.
    await drainMicrotasks();
    const endAfter = definition.endAfter === undefined ? undefined : BigInt(definition.endAfter);
    const endAt = endAfter === undefined ? undefined : engine.base + endAfter;
    if (options.perturb) engine.observers.push(new Perturbation());
    if (options.observer) {
      observer = options.observer(simulation, endAt);
      engine.observers.push(observer);
    }
    endReason = await engine.run(endAt === undefined ? {} : { endAt });
    await job.runEndCallbacks();
    return {
      job: job.name,
      seed: simulation.seed,
      startTime: engine.base,
      endTime: engine.nowAbs,
      endReason,
      callbacks: engine.callbacks,
      messagesDelivered: simulation.messagesDelivered,
      fingerprint: engine.fingerprintEnabled ? engine.fingerprint.hex() : '',
      exitCode: engine.exitCode,
      wallSeconds: (wallClock() - wallStart) / 1000,
      results: Object.fromEntries(job.results),
      warnings: [...simulation.warnings],
    };
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    observer?.close();
    trace?.close({
      reason: endReason ?? 'failed',
      callbacks: engine.callbacks,
      fingerprint: engine.fingerprintEnabled ? engine.fingerprint.hex() : '',
    });
    realIo.disable();
    globals.uninstall();
    simulation.exit();
    process.off('unhandledRejection', onUnhandledRejection);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // Recordings are finished even when the run failed; a failure to finish one is reported
    // unless the run's own failure is already on its way.
    try {
      job.closeBags();
    } catch (error) {
      if (!failed) throw error;
    }
  }
}
