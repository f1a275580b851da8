import type { Engine } from '../../engine/Engine.js';
import { MPDU_OVERHEAD } from '../airtime.js';
import { CHANNEL_BANDWIDTH, type NetworkConfig } from '../config.js';
import { crossingPoints } from '../geometry.js';
import type { Host } from '../Host.js';
import type { Link } from '../Link.js';
import type { MediumListener, Packet, PacketMedium } from '../Medium.js';
import { NetsimConnection, type NetsimEndpoint, NetsimError } from './NetsimConnection.js';
import type { DatagramOut, PairState, Vector3 } from './netsimMessages.js';

/** An external simulator adds its own UDP (8) and IP (20) headers to the payload it is given. */
const UDP_IP_HEADERS = 28;
/** While datagrams are in flight and nothing else is due, time moves on in steps of this (ns). */
const KEEP_ALIVE = 100_000_000;
/** Path loss handed over for a pair that cannot hear each other (a host without a position, the disk model's outside). */
const NO_LINK_DB = 500;

/** What the co-simulation with an external simulator cost in wall time, s. */
export interface SimulatorTiming {
  waitedSeconds: number;
  busySeconds: number;
  codingSeconds: number;
}

export interface ExternalConfig {
  endpoint: NetsimEndpoint;
  /** 0: exact; else a synchronization window, ns (deliveries at its end, as ROS-NetSim's). */
  window: number;
  /** Wall time the simulator may take to answer, ms. */
  timeoutMs: number;
}

/**
 * The transport's IP packets carried by an external network simulator (network.external)
 * instead of the built-in medium: each packet is a UDP datagram of its size there. Before time
 * moves on (an engine beforeAdvance hook), the simulator is asked to advance to rclsim's next
 * event time with the hosts' positions, the pairs whose channel changed and the datagrams sent since;
 * exact, it stops at its first delivery, which happens here at that very time. DDS (framing,
 * fragmentation, reliability) stays rclsim's.
 */
export class ExternalMedium implements PacketMedium {
  framesSent = 0;
  readonly #engine: Engine;
  readonly #config: NetworkConfig;
  readonly #external: ExternalConfig;
  readonly #hosts: readonly Host[];
  readonly #linkOf: (from: number, to: number) => Link;
  readonly #listener: MediumListener;
  #connection: NetsimConnection | null = null;
  #pending: DatagramOut[] = [];
  readonly #inFlight = new Map<number, Packet>();
  #nextId = 1;
  /** A group id per transport datagram of several IP packets (the simulator stops when one completes). */
  readonly #groups = new WeakMap<object, number>();
  #nextGroup = 1;
  /** The time the simulator has reached (ns after the start). */
  #reached = 0;
  /** What the simulator was last told of each ordered pair (from · hosts + to): only changes are sent again. */
  readonly #told: (PairState | undefined)[] = [];
  #keepAlive = false;

  constructor(
    engine: Engine,
    config: NetworkConfig,
    external: ExternalConfig,
    hosts: readonly Host[],
    linkOf: (from: number, to: number) => Link,
    listener: MediumListener,
  ) {
    this.#engine = engine;
    this.#config = config;
    this.#external = external;
    this.#hosts = hosts;
    this.#linkOf = linkOf;
    this.#listener = listener;
  }

  /** Starts or reaches the simulator and initializes it; returns how it describes itself. */
  async start(seed: number): Promise<string> {
    const connection = await NetsimConnection.open(this.#external.endpoint, this.#external.timeoutMs);
    this.#connection = connection;
    const radio = this.#config.radio;
    const simulator = await connection.initialize({
      hosts: this.#hosts.map((host) => ({ index: host.index, name: host.name })),
      seed: seed >>> 0,
      radio: {
        frequencyHz: this.#config.channel.frequency,
        bandwidthHz: CHANNEL_BANDWIDTH,
        txPowerDbm: radio.txPowerDbm,
        noiseFigureDb: radio.noiseFigureDb,
        detectionThresholdDbm: radio.detectionThresholdDbm,
        retryLimit: radio.retryLimit,
        queuePackets: radio.queuePackets,
      },
      windowNs: this.#external.window,
    });
    this.#engine.beforeAdvance.push(this.#beforeAdvance);
    return simulator;
  }

  /** Wall time (s) rclsim waited for the simulator's answers, the part the simulator spent simulating, and rclsim's encoding and decoding of the conversation. */
  get timing(): SimulatorTiming {
    const connection = this.#connection;
    return {
      waitedSeconds: (connection?.waitedMs ?? 0) / 1000,
      busySeconds: (connection?.busyMs ?? 0) / 1000,
      codingSeconds: (connection?.codingMs ?? 0) / 1000,
    };
  }

  close(): void {
    this.#connection?.close();
  }

  send(packet: Packet): void {
    const id = this.#nextId++;
    this.#inFlight.set(id, packet);
    // The transport hands a datagram's packets on together, its count of packets left set first.
    const size = packet.datagram.packetsLeft;
    let group = 0;
    if (size > 1) {
      group = this.#groups.get(packet.datagram) ?? 0;
      if (group === 0) this.#groups.set(packet.datagram, (group = this.#nextGroup++));
    }
    this.#pending.push({
      id,
      sendTimeNs: this.#engine.now,
      payloadBytes: Math.max(8, packet.bytes - MPDU_OVERHEAD - UDP_IP_HEADERS),
      from: packet.from,
      to: packet.to,
      group,
      groupSize: size,
    });
    this.framesSent++;
    this.#linkOf(packet.from, packet.to).period.framesSent++;
    this.#keepGoing();
  }

  readonly #beforeAdvance = (target: number): Promise<void> | null => {
    if (this.#pending.length === 0 && this.#inFlight.size === 0) return null;
    const window = this.#external.window;
    const until = window === 0 ? target : (Math.floor(this.#engine.now / window) + 1) * window;
    if (until <= this.#reached) return null;
    return this.#advance(until);
  };

  async #advance(until: number): Promise<void> {
    const engine = this.#engine;
    const now = engine.now;
    const datagrams = this.#pending;
    this.#pending = [];
    const reply = await this.#connection!.advance({ untilNs: until, positions: this.#positions(now), pairs: this.#pairs(now), datagrams });
    this.#reached = reply.timeNs;
    const packetOf = (id: number): Packet => {
      const packet = this.#inFlight.get(id);
      if (packet === undefined) throw new NetsimError(`network simulator answered out of protocol: datagram ${id} is not in flight`);
      this.#inFlight.delete(id);
      return packet;
    };
    // Exact: each at its own time; windowed: at the end of the window, as ROS-NetSim delivers.
    const at = (time: number): number => Math.max(happensAt(this.#external.window, reply.timeNs, time), engine.now) - engine.now;
    for (const delivery of reply.deliveries) {
      const packet = packetOf(delivery.id);
      engine.scheduleAfter(at(delivery.timeNs), () => this.#listener.arrived(packet));
    }
    for (const drop of reply.drops) {
      const packet = packetOf(drop.id);
      this.#linkOf(packet.from, packet.to).period.framesDropped++;
      engine.scheduleAfter(at(drop.timeNs), () => this.#listener.dropped(packet));
    }
  }

  /** Keeps time moving while datagrams are in flight and nothing else is due. */
  #keepGoing(): void {
    if (this.#keepAlive) return;
    this.#keepAlive = true;
    this.#engine.scheduleAfter(KEEP_ALIVE, () => {
      this.#keepAlive = false;
      if (this.#inFlight.size > 0) this.#keepGoing();
    });
  }

  #positions(now: number): Vector3[] {
    return this.#hosts.map((host) => host.positionAt(now) ?? { x: 0, y: 0, z: 0 });
  }

  /** The ordered pairs whose channel changed since the simulator was last told (all, the first time). */
  #pairs(now: number): PairState[] {
    const pairs: PairState[] = [];
    const count = this.#hosts.length;
    for (const from of this.#hosts) {
      for (const to of this.#hosts) {
        if (from === to) continue;
        const link = this.#linkOf(from.index, to.index);
        link.evaluate(now);
        // What the environment model takes of the transmit power: path loss, walls, shadowing.
        const pathLossDb = Number.isFinite(link.receivedDbm) ? this.#config.radio.txPowerDbm - link.receivedDbm : link.receivedDbm > 0 ? 0 : NO_LINK_DB;
        const distanceM = Number.isFinite(link.distance) ? link.distance : 0;
        const lineOfSight = link.obstacles === 0;
        const told = this.#told[from.index * count + to.index];
        if (told !== undefined && told.pathLossDb === pathLossDb && told.distanceM === distanceM && told.lineOfSight === lineOfSight) continue;
        const a = from.positionAt(now);
        const b = to.positionAt(now);
        const crossings = lineOfSight || a === null || b === null ? [] : crossingPoints(a, b, this.#config.obstacles);
        const pair = { from: from.index, to: to.index, distanceM, lineOfSight, pathLossDb, crossings };
        this.#told[from.index * count + to.index] = pair;
        pairs.push(pair);
      }
    }
    return pairs;
  }
}

/** When an event the simulator reports at `time` happens here: then (exact), or at the window's end. */
function happensAt(size: number, reached: number, time: number): number {
  return size === 0 ? time : reached;
}
