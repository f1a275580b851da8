import type { SeededRandom } from '../base/SeededRandom.js';
import type { Engine } from '../engine/Engine.js';
import { Fifo } from '../engine/Fifo.js';
import type { ScheduledAction } from '../engine/ScheduledActions.js';
import {
  ACK_TIMEOUT,
  AMPDU_MAX_BYTES,
  AMPDU_MAX_MPDUS,
  contentionWindow,
  DIFS,
  htPpduDuration,
  lastSubframeBytes,
  PPDU_MAX_TIME,
  responseDuration,
  SIFS,
  SLOT,
  subframeBytes,
} from './airtime.js';
import type { RadioConfig } from './config.js';
import type { Link } from './Link.js';
import { frameSuccess } from './mcs.js';
import type { Datagram } from './Transport.js';

/** One IP packet on its way from a host to another: one MPDU on the air. */
export class Packet {
  attempts = 0;
  constructor(
    readonly from: number,
    readonly to: number,
    /** MPDU length, octets. */
    readonly bytes: number,
    readonly datagram: Datagram,
  ) {}
}

/** What carries the transport's IP packets between hosts: the built-in medium, or an external simulator (ExternalMedium). */
export interface PacketMedium {
  send(packet: Packet): void;
  /** Transmissions so far (MPDUs; datagrams for an external simulator). */
  readonly framesSent: number;
}

/** Told what became of each packet. */
export interface MediumListener {
  /** It reached its receiver (at the end of its exchange). */
  arrived(packet: Packet): void;
  /** It was discarded: the sender's queue was full, or its attempts ran out. */
  dropped(packet: Packet): void;
}

/** A host's radio: its interface queue and its DCF state. */
class Station {
  readonly queue = new Fifo<Packet>();
  /** Backoff slots left; −1 when none is drawn. */
  backoff = -1;
  /** When its backoff counts down from (the medium idle for DIFS). */
  countFrom = 0;
  /** Failed exchanges in a row: the contention window's stage. */
  failures = 0;
  constructor(readonly random: SeededRandom) {}
}

/** A contention window stage beyond which CW stays at CWmax. */
const MAX_STAGE = 6;

/**
 * One shared 802.11 channel that every host hears (no hidden terminals), with the distributed
 * coordination function: a host with packets counts down a backoff drawn uniformly from its
 * contention window while the medium is idle (after DIFS), frozen while another transmits; the
 * first to reach zero transmits, and equal counts collide. A transmission aggregates the
 * consecutive packets at the head of the queue for one receiver into an A-MPDU, each MPDU
 * received or not by a draw against its frame success probability; failed MPDUs go back to
 * the head of the queue until their attempts reach the retry limit. An exchange that delivered
 * nothing (or collided) doubles the window; one that delivered something resets it.
 */
export class Medium implements PacketMedium {
  readonly #engine: Engine;
  readonly #stations: Station[];
  readonly #linkOf: (from: number, to: number) => Link;
  readonly #radio: RadioConfig;
  readonly #listener: MediumListener;
  #busy = false;
  #idleSince = 0;
  #start: ScheduledAction | null = null;
  /** While an exchange's results are handed out: new packets wait for one contention round. */
  #finishing = false;
  #arrived: Packet[] = [];
  #dropped: Packet[] = [];
  /** MPDU transmissions so far. */
  framesSent = 0;

  constructor(engine: Engine, randoms: readonly SeededRandom[], linkOf: (from: number, to: number) => Link, radio: RadioConfig, listener: MediumListener) {
    this.#engine = engine;
    this.#stations = randoms.map((random) => new Station(random));
    this.#linkOf = linkOf;
    this.#radio = radio;
    this.#listener = listener;
  }

  /** Queues a packet at its sender (tail drop when the queue is full). */
  send(packet: Packet): void {
    const station = this.#stations[packet.from]!;
    if (station.queue.length >= this.#radio.queuePackets) {
      this.#linkOf(packet.from, packet.to).period.queueDrops++;
      this.#listener.dropped(packet);
      return;
    }
    station.queue.push(packet);
    if (station.queue.length === 1 && !this.#busy && !this.#finishing) this.#contend();
  }

  /** Draws the backoffs of new contenders and schedules the next transmission. */
  #contend(): void {
    const engine = this.#engine;
    if (this.#start !== null) engine.cancelAction(this.#start);
    this.#start = null;
    const now = engine.now;
    let first = Infinity;
    for (const station of this.#stations) {
      if (station.queue.length === 0) continue;
      if (station.backoff < 0) {
        station.backoff = Math.floor(station.random.nextDouble() * (contentionWindow(station.failures) + 1));
        station.countFrom = Math.max(now, this.#idleSince + DIFS);
      }
      first = Math.min(first, station.countFrom + station.backoff * SLOT);
    }
    if (first !== Infinity) this.#start = engine.scheduleAfter(first - now, this.#transmit);
  }

  readonly #transmit = (): void => {
    this.#start = null;
    const now = this.#engine.now;
    const winners: Station[] = [];
    for (const station of this.#stations) {
      if (station.queue.length === 0) continue;
      if (station.countFrom + station.backoff * SLOT === now) winners.push(station);
      else if (now > station.countFrom) station.backoff -= Math.floor((now - station.countFrom) / SLOT);
    }
    this.#busy = true;
    let duration: number;
    if (winners.length === 1) {
      duration = this.#exchange(winners[0]!, now);
    } else {
      duration = 0;
      for (const station of winners) duration = Math.max(duration, this.#collide(station, now));
      duration += ACK_TIMEOUT;
    }
    for (const station of winners) station.backoff = -1;
    this.#engine.scheduleAfter(duration, this.#finish);
  };

  /** The packets at the head of the queue that go in one PPDU, and its PSDU length. */
  #aggregate(station: Station, link: Link): { count: number; psdu: number } {
    const queue = station.queue;
    const first = queue.at(0)!;
    if (!this.#radio.ampdu) return { count: 1, psdu: first.bytes };
    let count = 1;
    let padded = subframeBytes(first.bytes);
    let psdu = lastSubframeBytes(first.bytes);
    while (count < AMPDU_MAX_MPDUS) {
      const next = queue.at(count);
      if (next === undefined || next.to !== first.to) break;
      const longer = padded + lastSubframeBytes(next.bytes);
      if (longer > AMPDU_MAX_BYTES || htPpduDuration(link.mcs, longer) > PPDU_MAX_TIME) break;
      padded += subframeBytes(next.bytes);
      psdu = longer;
      count++;
    }
    return { count, psdu };
  }

  /** The link of the packet at the head of the queue, evaluated now, and the PPDU that goes on it. */
  #nextPpdu(station: Station, now: number): { link: Link; count: number; psdu: number } {
    const head = station.queue.at(0)!;
    const link = this.#linkOf(head.from, head.to);
    link.evaluate(now);
    return { link, ...this.#aggregate(station, link) };
  }

  /**
   * After an exchange: the contention window starts again after a success, or when an MPDU
   * reached the retry limit (§10.3.3); else it doubles.
   */
  #backOff(station: Station, succeeded: boolean): void {
    station.failures = succeeded ? 0 : Math.min(MAX_STAGE, station.failures + 1);
  }

  /** One host transmits alone: each MPDU is received by its own draw. Returns the exchange's duration. */
  #exchange(station: Station, now: number): number {
    const { link, count, psdu } = this.#nextPpdu(station, now);
    const retry: Packet[] = [];
    const dropped = this.#dropped.length;
    let delivered = 0;
    let lastBytes = -1;
    let success = 0;
    for (let i = 0; i < count; i++) {
      const packet = station.queue.shift()!;
      if (packet.bytes !== lastBytes) {
        lastBytes = packet.bytes;
        success = frameSuccess(link.bitError, lastBytes);
      }
      this.#attempt(packet, link);
      if (success === 1 || link.random.nextDouble() < success) {
        this.#arrived.push(packet);
        delivered++;
      } else {
        this.#failed(packet, link, retry);
      }
    }
    this.#requeue(station, retry);
    const ppdu = htPpduDuration(link.mcs, psdu);
    this.#backOff(station, delivered > 0 || this.#dropped.length > dropped);
    return delivered === 0 ? ppdu + ACK_TIMEOUT : ppdu + SIFS + responseDuration(link.mcs, count > 1);
  }

  /** A host transmits at the same time as another: nothing it sends is received. Returns its PPDU's duration. */
  #collide(station: Station, now: number): number {
    const { link, count, psdu } = this.#nextPpdu(station, now);
    const retry: Packet[] = [];
    const dropped = this.#dropped.length;
    for (let i = 0; i < count; i++) {
      const packet = station.queue.shift()!;
      this.#attempt(packet, link);
      this.#failed(packet, link, retry);
    }
    this.#requeue(station, retry);
    this.#backOff(station, this.#dropped.length > dropped);
    return htPpduDuration(link.mcs, psdu);
  }

  /** Counts a transmission of the packet. */
  #attempt(packet: Packet, link: Link): void {
    packet.attempts++;
    this.framesSent++;
    link.period.framesSent++;
    if (packet.attempts > 1) link.period.framesRetried++;
  }

  #failed(packet: Packet, link: Link, retry: Packet[]): void {
    if (packet.attempts < this.#radio.retryLimit) {
      retry.push(packet);
    } else {
      link.period.framesDropped++;
      this.#dropped.push(packet);
    }
  }

  /** Failed MPDUs go back to the head of the queue, in their order. */
  #requeue(station: Station, retry: Packet[]): void {
    for (let i = retry.length - 1; i >= 0; i--) station.queue.unshift(retry[i]!);
  }

  readonly #finish = (): void => {
    const now = this.#engine.now;
    this.#busy = false;
    this.#idleSince = now;
    for (const station of this.#stations) if (station.backoff >= 0) station.countFrom = now + DIFS;
    const arrived = this.#arrived;
    const dropped = this.#dropped;
    this.#arrived = [];
    this.#dropped = [];
    this.#finishing = true;
    try {
      for (const packet of dropped) this.#listener.dropped(packet);
      for (const packet of arrived) this.#listener.arrived(packet);
    } finally {
      this.#finishing = false;
    }
    this.#contend();
  };
}
