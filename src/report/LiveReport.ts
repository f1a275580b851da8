import type { EngineObserver, Executable, OutputKind, OutputSource } from '../engine/Executable.js';
import type { Engine } from '../engine/Engine.js';
import type { Simulation } from '../rcl/Simulation.js';
import { type LinkPeriod, ReportCollector } from './ReportCollector.js';

/**
 * Feeds a run's callbacks and outputs to a ReportCollector as they happen (an engine observer,
 * as the trace is), with what a trace cannot tell: each callback's modeled execution time (the
 * engine's `effectDelay` while it runs) and the network's link statistics (watched on their
 * topic as a recorder watches). Watching changes nothing in the run.
 */
export class LiveReport implements EngineObserver {
  readonly collector = new ReportCollector();
  readonly #engine: Engine;

  constructor(simulation: Simulation) {
    this.#engine = simulation.engine;
    const network = simulation.network;
    if (network !== null) {
      simulation.delivery.watch(network.config.linksTopic, (sample) => {
        const links = (sample.message as { links?: LinkPeriod[] } | null)?.links;
        if (links !== undefined) this.collector.linkPeriod(this.#engine.now, links);
      });
    }
  }

  onCallback(entity: Executable, entityId: number, digestLo: number, digestHi: number): void {
    const collector = this.collector;
    if (!collector.knowsCallback(entityId)) collector.describeCallback(entityId, entity.kind, entity.owner, entity.channel);
    const engine = this.#engine;
    // Before the start the clock reads 0, not an offset: such callbacks count at the start.
    collector.callback(entityId, engine.started ? engine.now : 0, engine.effectDelay, digestLo, digestHi);
  }

  onOutput(kind: OutputKind, source: OutputSource, entityId: number, digestLo: number, digestHi: number): void {
    const collector = this.collector;
    if (!collector.knowsOutput(entityId)) collector.describeOutput(entityId, kind, source.channel);
    const engine = this.#engine;
    collector.output(entityId, engine.started ? engine.now : 0, digestLo, digestHi);
  }
}
