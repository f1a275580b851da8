import { describeThrown } from '../base/describeThrown.js';
import { formatSimTime } from '../base/runErrors.js';
import type { EndReason } from '../engine/Engine.js';
import type { LiveFeed } from '../live/LiveFeed.js';
import { Pacer } from '../live/Pacer.js';
import type { LiveReport } from '../report/LiveReport.js';
import { Checks } from '../sim/checks/Checks.js';
import type { Simulation } from '../sim/Simulation.js';
import type { JobDefinition, JobHandle } from './JobHandle.js';
import type { Findings, RunSummary } from './RunSummary.js';
import type { RunControl, RunOptions } from './runJob.js';
import type { TraceWriter } from './TraceWriter.js';

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

/** The modules of the outputs a run writes (null: not written). */
export interface OutputModules {
  tracing: Awaited<ReturnType<typeof traceModule>> | null;
  reporting: Awaited<ReturnType<typeof reportModules>> | null;
  feeding: Awaited<ReturnType<typeof feedModule>> | null;
  metrics: Awaited<ReturnType<typeof metricsModule>> | null;
}

/**
 * What a run writes and tells as it goes (docs/design.md#seams: outputs are streams): its checks, trace,
 * report, live view (paced at the rate asked), metrics and recordings; what it found; and, once
 * it ends or fails, each output finished whatever became of the others, also from its supervisor
 * when the run is stuck (RunControl.finishOutputs).
 */
export class RunOutputs {
  /** Loads the modules of the outputs `options` asks for: before the run replaces the globals. */
  static async load(options: RunOptions): Promise<OutputModules> {
    const [tracing, reporting, feeding, metrics] = await Promise.all([
      options.tracePath === undefined ? null : traceModule(),
      options.reportPath === undefined ? null : reportModules(),
      options.supervision?.live === undefined ? null : feedModule(),
      options.metricsPath === undefined ? null : metricsModule(),
    ]);
    return { tracing, reporting, feeding, metrics };
  }

  readonly #simulation: Simulation;
  readonly #job: JobHandle;
  readonly #options: RunOptions;
  readonly #modules: OutputModules;
  readonly #checks: Checks | null;
  readonly #report: LiveReport | null;
  readonly #feed: LiveFeed | null;
  #trace: TraceWriter | undefined;
  #found: Findings | undefined;
  #summary: RunSummary | undefined;
  #endReason: EndReason | undefined;
  #endedTold = false;
  /** Outputs that could not be finished (each told once: one may fail again as it is closed again). */
  readonly #lost = new Set<unknown>();
  /** null until the files are being finished; then whether they are. */
  #filesFinished: boolean | null = null;

  constructor(simulation: Simulation, job: JobHandle, definition: JobDefinition, options: RunOptions, modules: OutputModules) {
    this.#simulation = simulation;
    this.#job = job;
    this.#options = options;
    this.#modules = modules;
    const engine = simulation.engine;
    // Before any node: checks watch what is published from the first message.
    this.#checks = (definition.checks ?? []).length > 0 ? new Checks(simulation, definition.checks!) : null;
    this.#report =
      modules.reporting === null
        ? null
        : new modules.reporting[0].LiveReport(simulation, {
            plannedEnd: definition.endAfter === undefined ? undefined : Number(definition.endAfter),
            scansAt: definition.report?.world?.scansAt?.map(Number),
          });
    const live = options.supervision?.live;
    const feed = (this.#feed = modules.feeding === null || live === undefined ? null : new modules.feeding.LiveFeed(simulation, live));
    if (options.rate !== undefined && Number.isFinite(options.rate)) {
      engine.beforeAdvance.push(new Pacer(engine, options.rate, feed === null ? undefined : (offset) => feed.time(offset)).pace);
    }
  }

  /** Opens the trace, if asked for: the first of the engine's observers. */
  startTrace(): void {
    const { tracing } = this.#modules;
    const { tracePath, supervision } = this.#options;
    if (tracing === null || tracePath === undefined) return;
    const engine = this.#simulation.engine;
    this.#trace = new tracing.TraceWriter(tracePath, engine, { job: this.#job.name, seed: this.#simulation.seed }, supervision?.trace);
    engine.observers.push(this.#trace);
  }

  /** The run's faults and checks, once it ended (or failed). */
  findings(): Findings {
    return (this.#found ??= findingsOf(this.#simulation, this.#checks));
  }

  /** The loop ended (`reason`; none: the run failed): the trace will say why, and the supervisor is told (once). */
  async ended(reason?: EndReason): Promise<void> {
    if (reason !== undefined) this.#endReason = reason;
    if (this.#endedTold) return;
    this.#endedTold = true;
    await this.#options.supervision?.ended();
  }

  /** The run's summary, once made: the report tells it. */
  summarized(summary: RunSummary): RunSummary {
    return (this.#summary = summary);
  }

  /** RunControl.finishOutputs: the run is stuck in `engine.executing` (or elsewhere). */
  finishNow(describe: (running: string) => string): ReturnType<RunControl['finishOutputs']> {
    // The run's own end may be finishing them: it goes on between two of its bytecodes.
    if (this.#trace?.busy === true || this.#job.outputsBusy || this.#filesFinished === false) return null;
    const simulation = this.#simulation;
    const engine = simulation.engine;
    const executing = engine.executing;
    // A separate program whose threads take turns told which of them runs (its client's Turn).
    const told = simulation.programThread;
    const thread = told === null ? '' : ` in thread '${told.thread}' of program ${told.program}`;
    // Whose top-level code this is, unless the thread's line names the program. (Continuations
    // are left unnamed: between two of them, where the line may be asked for, no program's scope is in effect.)
    const program = told === null ? simulation.programInScope() : undefined;
    const topLevel = program === undefined ? "a program's top-level code" : `the top-level code of ${program.describe()}`;
    const running = executing !== null ? executing.label : (simulation.stopping ?? (engine.started ? 'promise continuations' : topLevel));
    const line = describe(`${running}${thread} at sim time ${formatSimTime(engine.nowAbs)}`);
    this.#finishFiles('stopped', line);
    this.closeRecordings();
    return { line, failures: [...this.#lost].map(describeThrown) };
  }

  /**
   * The run ended or failed (`failure`): what the world's onlookers still hold (sim/ViewTopics.ts,
   * for the report and recordings too), the live view's last time, the findings told, the files finished.
   */
  finish(failure: unknown): void {
    this.#finishing(() => this.#simulation.viewTopics.finish());
    this.#feed?.time(this.#simulation.engine.now);
    // A run that failed still tells what it found.
    if (this.#options.onFindings !== undefined) this.#options.onFindings(this.findings());
    this.#finishFiles(this.#endReason ?? 'failed', failure);
  }

  /** Finishes the recordings (bags). */
  closeRecordings(): void {
    for (const error of this.#job.closeBags()) this.#lost.add(error);
  }

  /** The first output that could not be finished, if any. */
  firstLost(): unknown {
    return this.#lost.values().next().value;
  }

  /** Tells RunOptions.outputFailed each output that could not be finished, but `ending` (what the run throws). */
  tellLost(ending: unknown): void {
    for (const error of this.#lost) if (error !== ending) this.#options.outputFailed?.(error);
  }

  #finishing(finish: () => void): void {
    try {
      finish();
    } catch (error) {
      this.#lost.add(error);
    }
  }

  /** Finishes the trace, metrics and report, each whatever became of the others. */
  #finishFiles(reason: string, failed: unknown): void {
    if (this.#filesFinished !== null) return;
    this.#filesFinished = false;
    const simulation = this.#simulation;
    const engine = simulation.engine;
    const { metrics, reporting } = this.#modules;
    const { metricsPath, reportPath } = this.#options;
    const report = this.#report;
    const fingerprint = engine.fingerprintEnabled ? engine.fingerprint.hex() : '';
    this.#finishing(() => this.#trace?.close({ reason, callbacks: engine.callbacks, fingerprint }, this.findings().checks));
    if (metrics !== null && metricsPath !== undefined) this.#finishing(() => metrics.writeMetrics(metricsPath, simulation.metricsReport()!));
    if (report !== null && reporting !== null) {
      const reached = { job: this.#job.name, seed: simulation.seed, startTime: engine.base, endTime: engine.nowAbs, callbacks: engine.callbacks };
      this.#finishing(() => reporting[1].writeRunReport(reportPath!, report, simulation, this.#summary ?? reached, failed, this.findings()));
    }
    this.#filesFinished = true;
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
