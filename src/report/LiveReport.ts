import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { Engine } from '../engine/Engine.js';
import type { EngineObserver, Executable, OutputKind, OutputSource } from '../engine/Executable.js';
import type { Simulation } from '../rcl/Simulation.js';
import { chunkBuffers, EventLog } from './EventLog.js';
import type { LinkPeriod, ReportMeta } from './ReportCollector.js';
import type { ReportData } from './ReportData.js';
import type { ReportMessage } from './reportProtocol.js';

/**
 * The report of a run as it goes (rclsim run --report): an engine observer, as the trace is,
 * that appends each callback (with its modeled execution time: the engine's `effectDelay`
 * while it runs) and each output to an EventLog, whose full chunks go to a thread of their own
 * (reportWorker.ts) that folds them in while the run goes on; the network's link statistics
 * are watched on their topic, as a recorder watches. Watching changes nothing in the run.
 */
export class LiveReport implements EngineObserver {
  readonly #engine: Engine;
  readonly #worker = new Worker(new URL('./reportWorker.js', import.meta.url));
  readonly #log = new EventLog((chunk) => this.#worker.postMessage({ type: 'chunk', chunk } satisfies ReportMessage, chunkBuffers(chunk)));
  /** Entity ids already described to the worker (callbacks; outputs), by id. */
  #callbacks: Uint8Array<ArrayBuffer> = new Uint8Array(1024);
  #outputs: Uint8Array<ArrayBuffer> = new Uint8Array(1024);
  #failure: Error | null = null;

  constructor(simulation: Simulation) {
    this.#engine = simulation.engine;
    this.#worker.on('error', (error) => (this.#failure = error));
    const network = simulation.network;
    if (network !== null) {
      simulation.delivery.watch(network.config.linksTopic, (sample) => {
        const links = (sample.message as { links?: LinkPeriod[] } | null)?.links;
        if (links !== undefined) this.#post({ type: 'links', time: this.#engine.now, links });
      });
    }
  }

  #post(message: ReportMessage): void {
    this.#worker.postMessage(message);
  }

  onCallback(entity: Executable, entityId: number, digestLo: number, digestHi: number): void {
    if (entityId >= this.#callbacks.length || this.#callbacks[entityId] === 0) {
      this.#callbacks = described(this.#callbacks, entityId);
      this.#post({ type: 'callback', id: entityId, kind: entity.kind, owner: entity.owner, channel: entity.channel });
    }
    const engine = this.#engine;
    // Before the start the clock reads 0, not an offset: such callbacks count at the start.
    this.#log.push(entityId, engine.started ? engine.now : 0, engine.effectDelay, digestLo, digestHi);
  }

  onOutput(kind: OutputKind, source: OutputSource, entityId: number, digestLo: number, digestHi: number): void {
    if (entityId >= this.#outputs.length || this.#outputs[entityId] === 0) {
      this.#outputs = described(this.#outputs, entityId);
      this.#post({ type: 'output', id: entityId, kind, channel: source.channel });
    }
    const engine = this.#engine;
    this.#log.push(~entityId, engine.started ? engine.now : 0, 0, digestLo, digestHi);
  }

  /** The report's data, once the worker has folded in everything; the worker then ends. */
  async finish(meta: ReportMeta): Promise<ReportData> {
    try {
      if (this.#failure !== null) throw this.#failure;
      this.#log.flush();
      this.#post({ type: 'finish', meta });
      const [data] = (await once(this.#worker, 'message')) as [ReportData];
      return data;
    } finally {
      await this.#worker.terminate();
    }
  }
}

/** Marks `id` described, growing the marks as needed. */
function described(marks: Uint8Array<ArrayBuffer>, id: number): Uint8Array<ArrayBuffer> {
  let grown = marks;
  if (id >= marks.length) {
    grown = new Uint8Array(Math.max(2 * marks.length, id + 1));
    grown.set(marks);
  }
  grown[id] = 1;
  return grown;
}
