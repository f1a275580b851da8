import { SeededRandom } from '../base/SeededRandom.js';
import type { Engine } from '../engine/Engine.js';
import { Shadowing } from './channel.js';
import type { NetworkConfig } from './config.js';
import { ExternalMedium, type SimulatorTiming } from './external/ExternalMedium.js';
import { Host } from './Host.js';
import { Link } from './Link.js';
import type { LinkCounters } from './LinkCounters.js';
import { Medium, type Packet, type PacketMedium } from './Medium.js';
import { type Parcel, Transport, type Writer } from './Transport.js';

/** Seeded streams of the network, apart from every other consumer's (see SeededRandom). */
const LINK_STREAM = 0x4e_0000;
const STATION_STREAM = 0x4e_8000;
const SHADOWING_STREAM = 0x4f_0000;

/** What a metrics period saw on one link. */
export interface LinkReport {
  link: Link;
  counters: LinkCounters;
}

/**
 * The built-in network model of a run: hosts and the links between every ordered pair, one
 * shared 802.11n channel, and DDS's transport over it. Knows hosts by index and nothing of ROS.
 */
export class Network {
  readonly config: NetworkConfig;
  readonly hosts: readonly Host[];
  readonly medium: PacketMedium;
  readonly transport: Transport;
  readonly #links: Link[] = [];
  readonly #engine: Engine;
  readonly #seed: number;

  constructor(engine: Engine, config: NetworkConfig, seed: number) {
    this.#engine = engine;
    this.config = config;
    const hosts = config.hosts.map((host, index) => new Host(index, host));
    this.hosts = hosts;
    const n = hosts.length;
    const { shadowingSigmaDb, shadowingDecorrelation } = config.channel;
    for (let a = 0; a < n; a++) {
      for (let b = 0; b < n; b++) {
        // Both directions of a pair share one shadowing process, made with the first.
        const shadowing =
          shadowingSigmaDb === 0 || a === b
            ? null
            : a < b
              ? new Shadowing(shadowingSigmaDb, shadowingDecorrelation, new SeededRandom(seed, SHADOWING_STREAM + a * n + b))
              : this.#links[b * n + a]!.shadowing;
        this.#links.push(new Link(hosts[a]!, hosts[b]!, config, new SeededRandom(seed, LINK_STREAM + a * n + b), shadowing));
      }
    }
    const linkOf = (from: number, to: number): Link => this.#links[from * n + to]!;
    this.transport = new Transport(engine, config.transport, () => this.medium, linkOf);
    const transport = this.transport;
    const listener = { arrived: (packet: Packet) => transport.packetDone(packet, true), dropped: (packet: Packet) => transport.packetDone(packet, false) };
    this.medium =
      config.external === null
        ? new Medium(
            engine,
            hosts.map((host) => new SeededRandom(seed, STATION_STREAM + host.index)),
            linkOf,
            config.radio,
            listener,
          )
        : new ExternalMedium(engine, config, config.external, hosts, linkOf, listener);
    this.#seed = seed;
  }

  /** An external simulator is started (or reached) and initialized before the run; returns how it describes itself (null: the built-in medium). */
  async start(): Promise<string | null> {
    return this.medium instanceof ExternalMedium ? this.medium.start(this.#seed) : null;
  }

  /** An external simulator's name and wall times (rclsim's waits, its simulating), or null. */
  simulatorTiming(): SimulatorTiming | null {
    return this.medium instanceof ExternalMedium ? this.medium.timing : null;
  }

  /** Ends the external simulator, if any. */
  close(): void {
    if (this.medium instanceof ExternalMedium) this.medium.close();
  }

  /** The host a node runs on: the first whose patterns claim it; null for a node no host claims. */
  hostOf(fullyQualifiedName: string, name: string): Host | null {
    return this.hosts.find((host) => host.claims(fullyQualifiedName, name)) ?? null;
  }

  host(name: string): Host | undefined {
    return this.hosts.find((host) => host.name === name);
  }

  link(from: Host, to: Host): Link {
    return this.#links[from.index * this.hosts.length + to.index]!;
  }

  /** Sends a message of `bytes` serialized octets between two hosts (see Transport#send). */
  send(writer: Writer, sequence: number, from: Host, to: Host, bytes: number, reliable: boolean, parcel: Parcel): void {
    this.transport.send(writer, sequence, from.index, to.index, bytes, reliable, parcel);
  }

  /** A participant's small message between two hosts (see Transport#signal). */
  signal(from: Host, to: Host, bytes: number, arrived: () => void): void {
    this.transport.signal(from.index, to.index, bytes, arrived);
  }

  /** Every link between two distinct hosts, evaluated now, with what crossed it since the last call. */
  closePeriod(): LinkReport[] {
    const reports: LinkReport[] = [];
    for (const link of this.#links) {
      if (link.from === link.to) continue;
      link.evaluate(this.#engine.now);
      reports.push({ link, counters: link.closePeriod() });
    }
    return reports;
  }

  /** Every link between two distinct hosts with its totals (the run summary), evaluated now. */
  totals(): Link[] {
    return this.#links.filter((link) => {
      if (link.from === link.to) return false;
      link.evaluate(this.#engine.now);
      link.closePeriod();
      return true;
    });
  }
}
