import type { Engine } from '../engine/Engine.js';
import { EngineTimer } from '../engine/EngineTimer.js';
import type { EngineObserver, Executable } from '../engine/Executable.js';
import { Fifo } from '../engine/Fifo.js';
import { nodeOf } from './EntitySelector.js';
import type { Publisher } from './Publisher.js';
import type { Sample } from './Sample.js';
import type { Subscription } from './Subscription.js';
import { type TimeStats, timeStats } from './timeStats.js';

export type { TimeStats };

/** A chain of a job (`chains:`): topics a message's effects travel along, node by node. */
export interface ChainConfig {
  name: string;
  topics: readonly string[];
}

export interface EntityMetrics {
  node: string;
  kind: string;
  /** Topic or service ('' for timers and guard conditions). */
  channel: string;
  entity: number;
  executor: string;
  activations: number;
  /** Ready (message arrived, timer due, request queued) to finished, ns. */
  responseTime: TimeStats | null;
  /** Ready to started, ns. */
  waitingTime: TimeStats | null;
  /** Timer activations that started after the following period was already due. */
  timerOverruns: number;
  /** Messages a KEEP_LAST buffer dropped for a newer one before the callback took them. */
  overwritten: number;
}

export interface ExecutorUse {
  name: string;
  type: string;
  threads: number;
  /** Sim time spent in callbacks, summed over threads, ns. */
  busyTime: number;
  /** busyTime / (threads × the run's sim duration). */
  utilization: number;
}

export interface ChainMetrics {
  name: string;
  topics: readonly string[];
  /** Messages on the last topic traced back to one on the first: publish to publish, ns. */
  latency: TimeStats | null;
}

export interface RunMetrics {
  entities: EntityMetrics[];
  executors: ExecutorUse[];
  chains: ChainMetrics[];
}

/** An executor the metrics report: its type and what its threads spent (read at the end). */
export interface MeteredExecutor {
  name: string;
  type: string;
  threads: number;
  busyTime: () => number;
}

interface EntityRecord {
  executable: Executable;
  activations: number;
  response: number[];
  waiting: number[];
  overruns: number;
}

/**
 * Executor metrics of a run (docs/executors.md#metrics-and-chains): it follows every callback (when it was ready,
 * when it started, how long it took), every publish and every message taken. A chain's
 * latency follows causality node by node: a message published on a chain's topic descends
 * from the latest message its node took on the chain's previous topic (by a subscription
 * callback, or read later by a timer: the node's state carries it), back to a message
 * published on the first topic.
 */
export class ExecutorMetrics implements EngineObserver {
  readonly #engine: Engine;
  readonly #chains: readonly ChainConfig[];
  readonly #entities = new Map<number, EntityRecord>();
  /** When the events each entity (not a timer or subscription) got were queued, oldest first. */
  readonly #queued = new Map<Executable, Fifo<number>>();
  /** Arrival of the sample the running subscription callback took (an offset). */
  #takenArrival = NaN;
  /** Per sample, the publish time of the first-topic message it descends from, per chain (NaN: none). */
  readonly #origins = new WeakMap<Sample, Float64Array>();
  /** Per node and chain position, the origin carried by the latest message the node took there. */
  readonly #latest = new Map<string, number>();
  readonly #latencies: number[][];
  /** For each topic, its places in the chains: [chain, position]. */
  readonly #places = new Map<string, [number, number][]>();

  constructor(engine: Engine, chains: readonly ChainConfig[]) {
    this.#engine = engine;
    this.#chains = chains;
    this.#latencies = chains.map(() => []);
    chains.forEach((chain, c) =>
      chain.topics.forEach((topic, k) => {
        const places = this.#places.get(topic) ?? [];
        places.push([c, k]);
        this.#places.set(topic, places);
      }),
    );
  }

  /** An entity got an event (the engine's enqueue): it is ready from now. */
  readonly queued = (entity: Executable): void => {
    if (entity.kind === 'subscription' || entity instanceof EngineTimer) return;
    let times = this.#queued.get(entity);
    if (times === undefined) this.#queued.set(entity, (times = new Fifo<number>()));
    times.push(this.#engine.now);
  };

  /** A subscription took a sample that arrived at `arrivedAt` (absolute), for the callback about to run. */
  taken(subscription: Subscription, sample: Sample, arrivedAt: bigint): void {
    this.#takenArrival = Number(arrivedAt - this.#engine.base);
    const origins = this.#origins.get(sample);
    if (origins === undefined) return;
    for (const [c, k] of this.#places.get(subscription.topic) ?? []) {
      if (!Number.isNaN(origins[c]!)) this.#latest.set(`${subscription.nodeId} ${c} ${k}`, origins[c]!);
    }
  }

  /** A publisher sent a message (sample null: nothing receives it); it leaves when its callback ends. */
  published(publisher: Publisher, sample: Sample | null): void {
    const places = this.#places.get(publisher.topic);
    if (places === undefined) return;
    const engine = this.#engine;
    const sentAt = engine.now + engine.effectDelay;
    let origins: Float64Array | undefined;
    for (const [c, k] of places) {
      const origin = k === 0 ? sentAt : this.#latest.get(`${publisher.nodeId} ${c} ${k - 1}`);
      if (origin === undefined) continue;
      if (k === this.#chains[c]!.topics.length - 1) this.#latencies[c]!.push(sentAt - origin);
      else if (sample !== null) {
        origins ??= new Float64Array(this.#chains.length).fill(Number.NaN);
        origins[c] = origin;
      }
    }
    if (origins !== undefined) this.#origins.set(sample!, origins);
  }

  onCallback(entity: Executable, entityId: number): void {
    if (nodeOf(entity) === null) return;
    const engine = this.#engine;
    const start = engine.now;
    const end = start + engine.effectDelay;
    let ready: number;
    let record = this.#entities.get(entityId);
    if (record === undefined) this.#entities.set(entityId, (record = { executable: entity, activations: 0, response: [], waiting: [], overruns: 0 }));
    if (entity instanceof EngineTimer) {
      ready = Math.max(0, entity.dueAt);
      if (entity.periodNs > 0 && start > ready + entity.periodNs) record.overruns++;
    } else if (entity.kind === 'subscription') {
      ready = Number.isNaN(this.#takenArrival) ? start : this.#takenArrival;
      this.#takenArrival = NaN;
    } else {
      ready = this.#queued.get(entity)?.shift() ?? start;
    }
    record.activations++;
    record.response.push(end - ready);
    record.waiting.push(start - ready);
  }

  /** The metrics so far; `overwritten` counts every subscription of the run's nodes. */
  report(executors: readonly MeteredExecutor[], executorOf: (entity: Executable) => string, subscriptions: readonly Subscription[]): RunMetrics {
    const engine = this.#engine;
    const overwritten = new Map(subscriptions.map((s) => [s.entityId, s]));
    const entities: EntityMetrics[] = [];
    const ids = new Set([...this.#entities.keys(), ...subscriptions.filter((s) => s.overwritten > 0).map((s) => s.entityId)]);
    for (const id of [...ids].sort((a, b) => a - b)) {
      const record = this.#entities.get(id);
      const executable = record?.executable ?? overwritten.get(id)!;
      entities.push({
        node: nodeOf(executable)!.getFullyQualifiedName(),
        kind: executable.kind,
        channel: executable.channel,
        entity: id,
        executor: executorOf(executable),
        activations: record?.activations ?? 0,
        responseTime: timeStats(record?.response ?? []),
        waitingTime: timeStats(record?.waiting ?? []),
        timerOverruns: record?.overruns ?? 0,
        overwritten: overwritten.get(id)?.overwritten ?? 0,
      });
    }
    const span = Math.max(engine.now, 0);
    return {
      entities,
      executors: executors.map((e) => {
        const busyTime = e.busyTime();
        return { name: e.name, type: e.type, threads: e.threads, busyTime, utilization: span === 0 ? 0 : busyTime / (e.threads * span) };
      }),
      chains: this.#chains.map((chain, c) => ({ name: chain.name, topics: chain.topics, latency: timeStats(this.#latencies[c]!) })),
    };
  }
}
