import type { SeededRandom } from '../base/SeededRandom.js';
import { noiseFloorDbm, pathLossDb, type Shadowing } from './channel.js';
import { CHANNEL_BANDWIDTH, type NetworkConfig } from './config.js';
import { distance, obstruction, type Point } from './geometry.js';
import type { Host } from './Host.js';
import { LinkCounters } from './LinkCounters.js';
import { bitErrorProbability, htMcs, idealMcs, type Mcs } from './mcs.js';

/**
 * The radio link from one host to another, evaluated with their latest positions: distance,
 * obstacles crossed, received power, SNR, MCS and residual bit error probability. Its random stream draws its
 * frame errors; its counters say what crossed it.
 */
export class Link {
  readonly from: Host;
  readonly to: Host;
  readonly random: SeededRandom;
  /** Shared by both directions of the pair. */
  readonly shadowing: Shadowing | null;
  readonly #config: NetworkConfig;
  /** Counters of the current metrics period, and of the periods before it. */
  period = new LinkCounters();
  readonly total = new LinkCounters();

  distance = NaN;
  obstacles = 0;
  obstacleLossDb = 0;
  /** Received power, dBm (±Infinity with the disk model). */
  receivedDbm = -Infinity;
  snrDb = -Infinity;
  mcs: Mcs = htMcs()[0]!;
  bitError = 0.5;
  /** Positions it was last evaluated at. */
  #a: Point | null = null;
  #b: Point | null = null;

  constructor(from: Host, to: Host, config: NetworkConfig, random: SeededRandom, shadowing: Shadowing | null) {
    this.from = from;
    this.to = to;
    this.#config = config;
    this.random = random;
    this.shadowing = shadowing;
  }

  /** Whether both ends have a position (a topic-fed host has none before its first pose). */
  get placed(): boolean {
    return this.#a !== null && this.#b !== null;
  }

  /** Re-evaluates the link if either end moved since the last time. */
  evaluate(now: number): void {
    const a = this.from.positionAt(now);
    const b = this.to.positionAt(now);
    if (a === this.#a && b === this.#b) return;
    if (a !== null && b !== null && this.#a !== null && this.#b !== null && samePoint(a, this.#a) && samePoint(b, this.#b)) return;
    this.#a = a;
    this.#b = b;
    if (a === null || b === null) {
      this.distance = NaN;
      this.receivedDbm = -Infinity;
      this.snrDb = -Infinity;
      this.#rate();
      return;
    }
    const config = this.#config;
    this.distance = distance(a, b);
    const { lossDb, crossed } = obstruction(a, b, config.obstacles);
    this.obstacles = crossed;
    this.obstacleLossDb = lossDb;
    const model = config.channel.pathLoss;
    if (model.kind === 'disk') {
      this.receivedDbm = this.snrDb = this.distance <= model.range && crossed === 0 ? Infinity : -Infinity;
    } else {
      const shadowing = this.shadowing === null ? 0 : this.from.index < this.to.index ? this.shadowing.at(a, b) : this.shadowing.at(b, a);
      this.receivedDbm = config.radio.txPowerDbm - pathLossDb(model, this.distance) - lossDb - shadowing;
      this.snrDb = this.receivedDbm - noiseFloorDbm(CHANNEL_BANDWIDTH, config.radio.noiseFigureDb);
    }
    this.#rate();
  }

  /** Whether the receiver detects the sender's frames at all (their preamble is strong enough). */
  get detected(): boolean {
    return this.receivedDbm >= this.#config.radio.detectionThresholdDbm;
  }

  #rate(): void {
    const fixed = this.#config.radio.mcs;
    this.mcs = fixed === null ? idealMcs(this.snrDb) : htMcs()[fixed]!;
    this.bitError = this.detected ? bitErrorProbability(this.mcs, this.snrDb) : 0.5;
  }

  /** Closes the metrics period: its counters join the total and start again. */
  closePeriod(): LinkCounters {
    const period = this.period;
    this.total.add(period);
    this.period = new LinkCounters();
    return period;
  }
}

function samePoint(p: Point, q: Point): boolean {
  return p.x === q.x && p.y === q.y && p.z === q.z;
}
