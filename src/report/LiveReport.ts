import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { holding } from '../engine/byId.js';
import type { Engine } from '../engine/Engine.js';
import type { EngineObserver, Executable, OutputKind, OutputSource } from '../engine/Executable.js';
import type { Simulation } from '../rcl/Simulation.js';
import { chunkBuffers, EventLog, type EventChunk } from './EventLog.js';
import { ReportCollector, reportsOutput, type LinkPeriod, type ReportMeta } from './ReportCollector.js';
import type { ReportData } from './ReportData.js';
import type { ReportBatch, ReportMessage, ReportNote } from './reportProtocol.js';

/**
 * Full chunks a run fills before its report goes to a thread of its own: a shorter run's is
 * folded at its end, in the run's thread, which costs less than starting a thread (~2.6 × 10^5
 * events, 7 MB held meanwhile).
 */
const CHUNKS_BEFORE_THREAD = 4;

/**
 * The report of a run as it goes (rclsim run --report): an engine observer, as the trace is,
 * that appends each callback (with its modeled execution time: the engine's `effectDelay`
 * while it runs) and each output to an EventLog. A long run's full chunks go to a thread of
 * their own (reportWorker.ts) that folds them in while the run goes on; a short run's are held
 * and folded at its end. The network's link statistics are watched on their topic, as a
 * recorder watches. Watching changes nothing in the run.
 */
export class LiveReport implements EngineObserver {
  readonly #engine: Engine;
  readonly #plannedEnd: number | undefined;
  readonly #chunksBeforeThread: number;
  #worker: Worker | null = null;
  /** Notes since the last chunk (they go with the next). */
  #notes: ReportNote[] = [];
  /** What the worker is told, held until it starts (or the run ends first). */
  #held: ReportBatch[] = [];
  #chunks = 0;
  /** The run is over: what is left is folded where the report is (a thread is no longer worth starting). */
  #ending = false;
  readonly #log = new EventLog((chunk) => this.#send(chunk));
  /** Entity ids already described to the collector (callbacks; outputs), by id. */
  #callbacks: Uint8Array<ArrayBuffer> = new Uint8Array(1024);
  #outputs: Uint8Array<ArrayBuffer> = new Uint8Array(1024);
  #failure: Error | null = null;

  /**
   * `plannedEnd`: when the run is to end (ns from its start), if it is to (see ReportCollector);
   * `chunksBeforeThread`: see CHUNKS_BEFORE_THREAD (0: a thread from the start).
   */
  constructor(simulation: Simulation, plannedEnd?: number, chunksBeforeThread = CHUNKS_BEFORE_THREAD) {
    this.#engine = simulation.engine;
    this.#plannedEnd = plannedEnd;
    this.#chunksBeforeThread = chunksBeforeThread;
    if (chunksBeforeThread === 0) this.#startWorker();
    const network = simulation.network;
    if (network !== null) {
      simulation.delivery.watch(network.config.linksTopic, (sample) => {
        const links = (sample.message as { links?: LinkPeriod[] } | null)?.links;
        if (links !== undefined) this.#notes.push({ type: 'links', time: this.#engine.now, links });
      });
    }
  }

  /** A chunk of events (null: none) with the notes told since the last, to the worker or held for it. */
  #send(chunk: EventChunk | null): void {
    const batch: ReportBatch = { notes: this.#notes, chunk };
    this.#notes = [];
    if (this.#worker !== null) {
      this.#post(this.#worker, batch);
      return;
    }
    this.#held.push(batch);
    if (chunk !== null && ++this.#chunks >= this.#chunksBeforeThread && !this.#ending) this.#startWorker();
  }

  #post(worker: Worker, batch: ReportBatch): void {
    worker.postMessage({ type: 'batch', batch } satisfies ReportMessage, batch.chunk === null ? [] : chunkBuffers(batch.chunk));
  }

  #startWorker(): void {
    const worker = new Worker(new URL('./reportWorker.js', import.meta.url), { workerData: this.#plannedEnd });
    worker.on('error', (error) => (this.#failure = error));
    for (const batch of this.#held) this.#post(worker, batch);
    this.#held = [];
    this.#worker = worker;
  }

  onCallback(entity: Executable, entityId: number, digestLo: number, digestHi: number): void {
    if (entityId >= this.#callbacks.length || this.#callbacks[entityId] === 0) {
      this.#callbacks = described(this.#callbacks, entityId);
      this.#notes.push({ type: 'callback', id: entityId, kind: entity.kind, owner: entity.owner, channel: entity.channel });
    }
    const engine = this.#engine;
    // Before the start the clock reads 0, not an offset: such callbacks count at the start.
    this.#log.push(entityId, engine.started ? engine.now : 0, engine.effectDelay, digestLo, digestHi);
  }

  onOutput(kind: OutputKind, source: OutputSource, entityId: number, digestLo: number, digestHi: number): void {
    if (!reportsOutput(kind)) return;
    if (entityId >= this.#outputs.length || this.#outputs[entityId] === 0) {
      this.#outputs = described(this.#outputs, entityId);
      this.#notes.push({ type: 'output', id: entityId, kind, channel: source.channel });
    }
    const engine = this.#engine;
    this.#log.push(~entityId, engine.started ? engine.now : 0, 0, digestLo, digestHi);
  }

  /** The report's data, once everything is folded in; the worker, if any, then ends. */
  async finish(meta: ReportMeta): Promise<ReportData> {
    const worker = this.#worker;
    try {
      if (this.#failure !== null) throw this.#failure;
      this.#ending = true;
      this.#log.flush();
      if (this.#notes.length > 0) this.#send(null);
      if (worker === null) {
        const collector = new ReportCollector(this.#plannedEnd);
        for (const batch of this.#held) collector.receive(batch);
        this.#held = [];
        return collector.report(meta);
      }
      worker.postMessage({ type: 'finish', meta } satisfies ReportMessage);
      const [data] = (await once(worker, 'message')) as [ReportData];
      return data;
    } finally {
      await this.#worker?.terminate();
    }
  }
}

/** Marks `id` described, growing the marks as needed. */
function described(marks: Uint8Array<ArrayBuffer>, id: number): Uint8Array<ArrayBuffer> {
  const grown = holding(marks, id);
  grown[id] = 1;
  return grown;
}
