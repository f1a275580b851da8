import { Hash64 } from '../../base/Hash64.js';
import { namedStream, type SeededRandom } from '../../base/SeededRandom.js';
import { EXACT_RANGE } from '../../base/simTimeRange.js';
import type { OutputSource } from '../../engine/Executable.js';
import type { Host } from '../../network/Host.js';
import { globPattern } from '../../ros/NodePatterns.js';
import type { Client } from '../Client.js';
import type { Publisher } from '../Publisher.js';
import type { Sample } from '../Sample.js';
import type { ServiceCall } from '../ServiceCall.js';
import type { Simulation } from '../Simulation.js';
import type { Subscription } from '../Subscription.js';
import { drawTime } from '../TimeModel.js';
import type { FaultConfig, Occurrence, ServiceEffect, TopicEffect, WorldOccurrence } from './FaultConfig.js';
import { swarmed } from './swarm.js';
import type { WorldFaults } from './WorldFaults.js';

/** Occurrences a run keeps for its summary (`rclsim shrink` reads them); past it they are counted only. */
export const MAX_OCCURRENCES = 10_000;

type TopicFault = Extract<FaultConfig, { kind: 'topic' }>;
type ServiceFault = Extract<FaultConfig, { kind: 'service' }>;
type PartitionFault = Extract<FaultConfig, { kind: 'partition' }>;

/** A fault of the run with its pattern and its own stream (seed and name: its draws never depend on other faults'). */
interface Armed<F> {
  fault: F;
  pattern: RegExp;
  random: SeededRandom;
}

type Endpoint = Publisher | Subscription | Client;

/** How an occurrence names an endpoint: its node's name (and place), and which life of that name it is. */
interface Named {
  name: string;
  life: number;
}

/** What becomes of one delivery: dropped, or when it and its copies arrive (ns after now). */
interface Fate {
  dropped: boolean;
  delay: number;
  copies: number[];
}

/**
 * The faults of a job (docs/design.md#faults-checks-and-hunting), as `Delivery` asks
 * them at each arrival: of a message at a subscription, of a request at a service, of a
 * response at a client. Every fault that fires is an output of the run (the fingerprint and the
 * trace see it) and an occurrence in the explicit form, which applies it again without a draw.
 */
export class Faults {
  readonly #simulation: Simulation;
  readonly #topics: Armed<TopicFault>[] = [];
  readonly #services: Armed<ServiceFault>[] = [];
  readonly #partitions: PartitionFault[] = [];
  /** Explicit occurrences by what they name (see #topicKey, #serviceKey). */
  readonly #explicit = new Map<string, Occurrence[]>();
  /** The armed faults of each topic and service, looked up at its first delivery. */
  readonly #byTopic = new Map<string, Armed<TopicFault>[]>();
  readonly #byService = new Map<string, Armed<ServiceFault>[]>();
  readonly #sources = new Map<string, OutputSource>();
  /** How occurrences name publishers, subscriptions and clients (see #nameOf). */
  readonly #names = new Map<Endpoint, Named>();
  /** How many endpoints took each name on each topic or service so far (see #nameOf). */
  readonly #lives = new Map<string, number>();
  readonly #hash = new Hash64();
  /** The faults a swarm run turned on (all, without swarm), in the job's order. */
  readonly enabled: readonly FaultConfig[];
  readonly occurrences: Occurrence[] = [];
  readonly firedByName = new Map<string, number>();
  fired = 0;
  /** The faults in the robot's world, once it started (sim/WorldHost.ts). */
  world: WorldFaults | null = null;

  constructor(simulation: Simulation, faults: readonly FaultConfig[], swarm: boolean) {
    this.#simulation = simulation;
    const seed = simulation.seed;
    this.enabled = swarm ? faults.flatMap((fault) => swarmed(fault, seed)) : faults;
    for (const fault of this.enabled) {
      const random = namedStream(seed, `fault ${fault.name}`, 0);
      if (fault.kind === 'topic') this.#topics.push({ fault, pattern: globPattern(fault.topic), random });
      else if (fault.kind === 'service') this.#services.push({ fault, pattern: globPattern(fault.service), random });
      else if (fault.kind === 'partition') this.#partitions.push(fault);
      else if (fault.kind === 'explicit') for (const occurrence of fault.occurrences) this.#explain(occurrence);
    }
  }

  /**
   * A line for each fault on a topic or service that no delivery matched, the run having ended: a
   * name mistyped is accepted (a topic may be made at any time, by any program), and said here.
   */
  unmatched(): string[] {
    const matched = new Set<unknown>([...this.#byTopic.values(), ...this.#byService.values()].flat());
    const line = ({ fault }: Armed<TopicFault> | Armed<ServiceFault>): string =>
      fault.kind === 'topic'
        ? `fault '${fault.name}' never matched: no message reached a subscription on a topic matching '${fault.topic}'`
        : `fault '${fault.name}' never matched: no call reached a service matching '${fault.service}'`;
    return [...[...this.#topics, ...this.#services].filter((armed) => !matched.has(armed)).map(line), ...(this.world?.unmatched() ?? [])];
  }

  /** Whether the job has faults in the world (a sensor, a wheel, a body), random or explicit. */
  get inWorld(): boolean {
    return this.enabled.some(
      (fault) => fault.kind === 'world' || (fault.kind === 'explicit' && fault.occurrences.some((o) => 'sensor' in o || 'wheel' in o || 'model' in o)),
    );
  }

  /** Whether a fault on (or an occurrence) crashes a program: ProgramCrashes is needed. */
  get crashesPrograms(): boolean {
    return this.enabled.some((fault) => fault.kind === 'crash' || (fault.kind === 'explicit' && fault.occurrences.some((o) => 'program' in o)));
  }

  #explain(occurrence: Occurrence): void {
    let key: string;
    if ('topic' in occurrence) {
      const { topic, publisher, life = 1, sequence, receiver, receiver_life = 1 } = occurrence;
      key = topicKey(topic, { name: publisher, life }, sequence, { name: receiver, life: receiver_life });
    } else if ('service' in occurrence)
      key = serviceKey(occurrence.service, { name: occurrence.client, life: occurrence.life ?? 1 }, occurrence.sequence, occurrence.part);
    else return;
    const listed = this.#explicit.get(key);
    if (listed === undefined) this.#explicit.set(key, [occurrence]);
    else listed.push(occurrence);
  }

  /** A message reaches a subscription: now, later (and again), or never. */
  arrive(publisher: Publisher, sample: Sample, subscription: Subscription): void {
    const topic = publisher.topic;
    const armed = this.#topicFaults(topic);
    if (armed.length === 0 && this.#explicit.size === 0 && this.#partitions.length === 0) {
      this.#simulation.delivery.received(publisher, sample, subscription);
      return;
    }
    const graph = this.#simulation.graph;
    const sender = this.#nameOf(publisher, graph.publishersOf(topic), topic);
    const receiver = this.#nameOf(subscription, graph.subscriptionsOf(topic), topic);
    const sequence = sample.publicationSequenceNumber;
    const fate: Fate = { dropped: false, delay: 0, copies: [] };
    const fire = (fault: string, effect: { drop: true } | { delay: number } | { duplicate: number }): void => {
      // A later life of a name (a respawned program's publisher counts from 1 again) says which it is.
      const named = {
        topic,
        publisher: sender.name,
        ...(sender.life > 1 ? { life: sender.life } : {}),
        sequence,
        receiver: receiver.name,
        ...(receiver.life > 1 ? { receiver_life: receiver.life } : {}),
      };
      this.#fire({ fault, ...named, ...effect }, topic);
      if ('drop' in effect) fate.dropped = true;
      else if ('delay' in effect) fate.delay += effect.delay;
      else fate.copies.push(effect.duplicate);
    };
    for (const occurrence of this.#explicit.get(topicKey(topic, sender, sequence, receiver)) ?? []) {
      if ('drop' in occurrence) fire(occurrence.fault, { drop: true });
      else if ('delay' in occurrence) fire(occurrence.fault, { delay: occurrence.delay });
      else if ('duplicate' in occurrence) fire(occurrence.fault, { duplicate: occurrence.duplicate });
    }
    const now = this.#simulation.engine.now;
    for (let i = 0; i < armed.length && !fate.dropped; i++) {
      const { fault, random } = armed[i]!;
      if (now < fault.from || now >= fault.until) continue;
      const effect: TopicEffect = fault.effect;
      switch (effect.kind) {
        case 'freeze':
          fire(fault.name, { drop: true });
          break;
        case 'drop':
          if (random.nextDouble() < effect.probability) fire(fault.name, { drop: true });
          break;
        case 'delay':
          if (random.nextDouble() < effect.probability) fire(fault.name, { delay: this.#held(drawTime(effect.time, random)) });
          break;
        case 'duplicate':
          if (random.nextDouble() < effect.probability) fire(fault.name, { duplicate: this.#held(drawTime(effect.time, random)) });
          break;
        case 'reorder': {
          const held = Math.floor(random.nextDouble() * (effect.window + 1));
          if (held > 0) fire(fault.name, { delay: held });
        }
      }
    }
    if (!fate.dropped) this.#partition(publisher.node.host, subscription.node.host, fire);
    if (fate.dropped) return;
    this.#receiveAfter(fate.delay, publisher, sample, subscription);
    for (const copy of fate.copies) this.#receiveAfter(fate.delay + copy, publisher, sample, subscription);
  }

  /**
   * A delay held within the sim time a run can reach (EXACT_RANGE from its start, about
   * 104 days): a distribution without `max` may draw far past it, and such a message arrives
   * never within any run, not with an error of the callback that sent it.
   */
  #held(delay: number): number {
    return Math.min(delay, Number(EXACT_RANGE) - this.#simulation.engine.now);
  }

  #receiveAfter(delay: number, publisher: Publisher, sample: Sample, subscription: Subscription): void {
    const delivery = this.#simulation.delivery;
    if (delay === 0) {
      delivery.received(publisher, sample, subscription);
      return;
    }
    // Held while in flight, so that no subscription that takes it first takes the snapshot itself.
    sample.pending++;
    this.#simulation.engine.scheduleAfter(this.#held(delay), () => {
      delivery.received(publisher, sample, subscription);
      sample.pending--;
    });
  }

  /**
   * A request reaches a service (`part` request) or a response its client: `arrive` now, later,
   * or never. `from` and `to` are the hosts of the sender and the receiver.
   */
  serviceArrival(client: Client, call: ServiceCall, part: 'request' | 'response', from: Host | null, to: Host | null, arrive: () => void): void {
    const service = client.serviceName;
    const sender = this.#nameOf(client, this.#simulation.graph.clientsOf(service), service);
    const sequence = call.sequence;
    let lost = false;
    let delay = 0;
    const fire = (fault: string, effect: { lose: true } | { delay: number } | { drop: true }): void => {
      const named = 'drop' in effect ? { lose: true as const } : effect;
      this.#fire({ fault, service, client: sender.name, ...(sender.life > 1 ? { life: sender.life } : {}), sequence, part, ...named }, service);
      if ('delay' in named) delay += named.delay;
      else lost = true;
    };
    for (const occurrence of this.#explicit.get(serviceKey(service, sender, sequence, part)) ?? []) {
      if ('lose' in occurrence) fire(occurrence.fault, { lose: true });
      else if ('delay' in occurrence) fire(occurrence.fault, { delay: occurrence.delay });
    }
    const now = this.#simulation.engine.now;
    const armed = this.#serviceFaults(service);
    for (let i = 0; i < armed.length && !lost; i++) {
      const { fault, random } = armed[i]!;
      if (now < fault.from || now >= fault.until) continue;
      const effect: ServiceEffect = fault.effect;
      if (effect.kind === 'lose') {
        if (effect.part === part && random.nextDouble() < effect.probability) fire(fault.name, { lose: true });
      } else if (random.nextDouble() < effect.probability) fire(fault.name, { delay: this.#held(drawTime(effect.time, random)) });
    }
    if (!lost) this.#partition(from, to, fire);
    if (lost) return;
    if (delay === 0) arrive();
    else this.#simulation.engine.scheduleAfter(this.#held(delay), arrive);
  }

  /** A partition active between the two hosts fires: it stops the crossing, or slows it. */
  #partition(from: Host | null, to: Host | null, fire: (fault: string, effect: { drop: true } | { delay: number }) => void): void {
    if (from === null || to === null || from === to) return;
    const now = this.#simulation.engine.now;
    for (const fault of this.#partitions) {
      if (now < fault.from || now >= fault.until) continue;
      const a = fault.groups.findIndex((group) => group.includes(from.name));
      const b = fault.groups.findIndex((group) => group.includes(to.name));
      if (a === -1 || b === -1 || a === b) continue;
      if (fault.slowed === null) {
        fire(fault.name, { drop: true });
        return;
      }
      fire(fault.name, { delay: fault.slowed });
    }
  }

  /** A program crashed by a fault (ProgramCrashes). */
  crashed(fault: string, program: string): void {
    this.#fire({ fault, program, at: this.#simulation.engine.now }, program);
  }

  /** A fault in the world fired (WorldFaults): on the sensor, wheel or model it names. */
  worldFired(occurrence: WorldOccurrence, target: string): void {
    this.#fire(occurrence, target);
  }

  /** Counts the occurrence, keeps it (up to MAX_OCCURRENCES) and makes it an output of the run. */
  #fire(occurrence: Occurrence, channel: string): void {
    this.fired++;
    this.firedByName.set(occurrence.fault, (this.firedByName.get(occurrence.fault) ?? 0) + 1);
    if (this.occurrences.length < MAX_OCCURRENCES) this.occurrences.push(occurrence);
    const hash = this.#hash.reset();
    hash.string(JSON.stringify(occurrence));
    hash.finish();
    this.#simulation.engine.output('fault', this.#sourceOf(occurrence.fault, channel), hash.digestLo, hash.digestHi);
  }

  /** Who a fault's outputs count as: one per fault and topic, service or program (entity ids as they are first needed). */
  #sourceOf(fault: string, channel: string): OutputSource {
    const key = `${fault}\n${channel}`;
    let source = this.#sources.get(key);
    if (source === undefined) {
      source = { nodeId: -1, entityId: this.#simulation.nextEntityId(), owner: `fault ${fault}`, channel };
      this.#sources.set(key, source);
    }
    return source;
  }

  /**
   * A publisher, subscription or client by its node's fully qualified name, and when the node
   * has more than one on the topic or service, its place among them (`/planner#2`): sequence
   * numbers are per publisher and client, and each subscription's deliveries are judged on their
   * own. An endpoint that takes a name another took before it on the channel (a respawned
   * program's, a node or publisher made again: its numbers count from 1 again) is a later life
   * of the name, numbered in the order the run first met them, which a replay repeats.
   */
  #nameOf(endpoint: Endpoint, onChannel: readonly Endpoint[], channel: string): Named {
    let named = this.#names.get(endpoint);
    if (named === undefined) {
      const node = endpoint.node;
      const place = onChannel.filter((other) => other.node === node).indexOf(endpoint);
      const name = place <= 0 ? node.getFullyQualifiedName() : `${node.getFullyQualifiedName()}#${place + 1}`;
      const key = `${channel}\n${name}`;
      const life = (this.#lives.get(key) ?? 0) + 1;
      this.#lives.set(key, life);
      named = { name, life };
      this.#names.set(endpoint, named);
    }
    return named;
  }

  #topicFaults(topic: string): Armed<TopicFault>[] {
    let armed = this.#byTopic.get(topic);
    if (armed === undefined) this.#byTopic.set(topic, (armed = this.#topics.filter((a) => a.pattern.test(topic))));
    return armed;
  }

  #serviceFaults(service: string): Armed<ServiceFault>[] {
    let armed = this.#byService.get(service);
    if (armed === undefined) this.#byService.set(service, (armed = this.#services.filter((a) => a.pattern.test(service))));
    return armed;
  }
}

function topicKey(topic: string, publisher: Named, sequence: number, receiver: Named): string {
  return `t\n${topic}\n${publisher.name}\n${publisher.life}\n${sequence}\n${receiver.name}\n${receiver.life}`;
}

function serviceKey(service: string, client: Named, sequence: number, part: string): string {
  return `s\n${service}\n${client.name}\n${client.life}\n${sequence}\n${part}`;
}
