import { holding } from '../engine/byId.js';
import type { Engine } from '../engine/Engine.js';
import type { EngineObserver, Executable, OutputKind, OutputSource } from '../engine/Executable.js';
import type { Simulation } from '../rcl/Simulation.js';
import { Subscription } from '../rcl/Subscription.js';
import { EventLog } from './EventLog.js';
import { ReportCollector, reportsOutput, type LinkPeriod, type ReportMeta } from './ReportCollector.js';
import type { ReportData } from './ReportData.js';

/**
 * The report of a run as it goes (rclsim run --report): an engine observer, as the trace is,
 * that appends each callback (with its modeled execution time: the engine's `effectDelay` while
 * it runs; a subscription's with the publish time of the message it took) and each publish and
 * loss to an EventLog, which applies them to a ReportCollector a log at a time, in the run's
 * thread. An entity is described to the collector when first seen (a bit per entity id tells,
 * a few hundred bytes that stay in the cache). The network's link statistics are watched on
 * their topic, as a recorder watches. Watching changes nothing in the run.
 */
export class LiveReport implements EngineObserver {
  readonly #engine: Engine;
  readonly #collector: ReportCollector;
  readonly #log: EventLog;
  /** A bit per entity id: described as a callback's entity; as an output source. */
  #seenCallbacks = new Int32Array(64);
  #seenOutputs = new Int32Array(64);

  /** `plannedEnd`: when the run is to end (ns from its start), if it is to (see ReportCollector). */
  constructor(simulation: Simulation, plannedEnd?: number) {
    this.#engine = simulation.engine;
    this.#collector = new ReportCollector(plannedEnd);
    this.#log = new EventLog(this.#collector);
    const network = simulation.network;
    if (network !== null) {
      simulation.delivery.watch(network.config.linksTopic, (sample) => {
        const links = (sample.message as { links?: LinkPeriod[] } | null)?.links;
        if (links !== undefined) this.#collector.linkPeriod(this.#engine.now, links);
      });
    }
  }

  onCallback(entity: Executable, entityId: number): void {
    if (!has(this.#seenCallbacks, entityId)) {
      this.#seenCallbacks = mark(this.#seenCallbacks, entityId);
      // What was logged is applied first: each event meets the entities described by its time.
      this.#log.apply();
      this.#collector.describeCallback(entityId, entity.kind, entity.owner, entity.channel);
    }
    const engine = this.#engine;
    // Before the start the clock reads 0, not an offset: such callbacks count at the start.
    const time = engine.started ? engine.now : 0;
    this.#log.callback(entityId, time, engine.effectDelay, entity instanceof Subscription ? entity.lastPublishedAt : time);
  }

  onOutput(kind: OutputKind, source: OutputSource, entityId: number): void {
    if (!reportsOutput(kind)) return;
    if (!has(this.#seenOutputs, entityId)) {
      this.#seenOutputs = mark(this.#seenOutputs, entityId);
      this.#log.apply();
      this.#collector.describeOutput(entityId, kind, source.channel);
    }
    const engine = this.#engine;
    this.#log.output(entityId, engine.started ? engine.now : 0, kind === 'drop');
  }

  /** The report's data. */
  finish(meta: ReportMeta): ReportData {
    this.#log.apply();
    return this.#collector.report(meta);
  }
}

function has(bits: Int32Array, id: number): boolean {
  return id >> 5 < bits.length && (bits[id >> 5]! & (1 << (id & 31))) !== 0;
}

/** `bits` with bit `id` set, grown as needed. */
function mark(bits: Int32Array<ArrayBuffer>, id: number): Int32Array<ArrayBuffer> {
  const marked = holding(bits, id >> 5);
  marked[id >> 5]! |= 1 << (id & 31);
  return marked;
}
