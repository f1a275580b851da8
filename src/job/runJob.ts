import { wallClock } from '../base/realTime.js';
import { useDirectPorts } from '../compat/directPorts.js';
import type { Engine } from '../engine/Engine.js';
import type { Heartbeat } from '../engine/Heartbeat.js';
import type { LiveSink } from '../live/liveProtocol.js';
import type { LogOutput } from '../ros/LogOutput.js';
import { type ProgramWatch, Simulation } from '../sim/Simulation.js';
import { checkedEndTime } from './checkedEndTime.js';
import { type JobDefinition, JobHandle } from './JobHandle.js';
import { LiveCommands } from './liveCommands.js';
import { ProcessTakeover } from './ProcessTakeover.js';
import { RunOutputs } from './RunOutputs.js';
import type { Findings, RunSummary } from './RunSummary.js';
import type { Ros2Life, Ros2Running } from './ros2Commands.js';
import { runToEnd } from './runToEnd.js';
import { simulationOptions } from './simulationOptions.js';
import { summaryOf } from './summaryOf.js';
import type { SharedTrace } from './TraceWriter.js';

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

/** How a run and its supervisor (cli/run/supervisor.ts) keep in touch. */
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
  /** Starts a live client's ros2 command (the words after `ros2`; a command line ros2cli would refuse throws a Ros2UsageError). */
  liveCommand(words: readonly string[], life: Ros2Life): Ros2Running;
}

/** Runs a job to its end and reports the summary. The simulation is active only meanwhile. */
export async function runJob(definition: JobDefinition, options: RunOptions = {}): Promise<RunSummary> {
  // The programs of this run reach it through their DirectPorts (whoever imported the client).
  useDirectPorts();
  const wallStart = wallClock();
  // Before anything is built; again once the setup ran.
  checkedEndTime(BigInt(definition.startTime ?? 0), definition);
  // Before anything else: the globals are not replaced yet.
  const modules = await RunOutputs.load(options);
  const simulation = new Simulation(simulationOptions(definition, options));
  const supervision = options.supervision;
  const job = new JobHandle(simulation, definition.name ?? 'job', definition.startTime !== undefined, supervision?.recording);
  const outputs = new RunOutputs(simulation, job, definition, options, modules);
  const takeover = new ProcessTakeover(simulation);
  if (supervision !== undefined) {
    simulation.engine.heartbeat = supervision.heartbeat;
    if (supervision.programWatch !== undefined) simulation.programWatch = supervision.programWatch;
    const live = new LiveCommands(job);
    supervision.attach({
      interrupt: takeover.interrupt,
      finishOutputs: (describe) => outputs.finishNow(describe),
      liveCommand: (words, life) => live.start(words, life),
    });
  }
  takeover.install();
  let failed = false;
  let failure: unknown;
  try {
    const end = await runToEnd(simulation, job, definition, options, outputs);
    simulation.stopPrograms();
    return outputs.summarized(summaryOf(simulation, job, end, () => outputs.findings(), wallStart));
  } catch (error) {
    failed = true;
    failure = error;
    await outputs.ended();
    throw error;
  } finally {
    simulation.network?.close();
    outputs.finish(failure);
    takeover.uninstall();
    // Recordings are finished even when the run failed. Signal handlers stay until then.
    outputs.closeRecordings();
    takeover.unlisten();
    // The run's failure, whatever came after it; else a signal while the outputs were finished
    // (they are complete, and the run was interrupted), or an output that failed.
    const ending = failed ? failure : (engineFailure(simulation.engine) ?? outputs.firstLost());
    outputs.tellLost(ending);
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
