import type { Engine } from '../engine/Engine.js';
import { Fifo } from '../engine/Fifo.js';
import { MPDU_OVERHEAD } from './airtime.js';
import type { TransportConfig } from './config.js';
import type { Link } from './Link.js';
import { Packet, type PacketMedium } from './Medium.js';

/**
 * RTPS over UDP/IPv4 framing (RTPS 2.3, DDSI-RTPS §9.4): header 20 octets, INFO_TS 12, DATA
 * submessage 24 (header 4, extraFlags, octetsToInlineQos, readerId, writerId, writerSN),
 * DATA_FRAG 36 (adds fragmentStartingNum, fragmentsInSubmessage, fragmentSize, sampleSize);
 * an ACKNACK message to one reader: header 20, INFO_DST 16, ACKNACK with a 32-bit bitmap 32.
 */
const RTPS_DATA_OVERHEAD = 20 + 12 + 24;
const RTPS_FRAG_OVERHEAD = 20 + 12 + 36;
const ACKNACK_BYTES = 20 + 16 + 32;
const UDP_HEADER = 8;
const IP_HEADER = 20;

/** Who gets told what became of a message sent to one host. */
export interface Parcel {
  /** It arrived whole (reliable: in order after every earlier one of its writer). */
  arrive(): void;
  /** It will not arrive: a datagram was lost (best effort), or its writer's history dropped it first. */
  lose(): void;
}

/** A publisher, client or service: its history bounds what it still sends (KEEP_LAST depth). */
export interface Writer {
  readonly entityId: number;
  readonly resolvedQoS: { readonly keepAll: boolean; readonly depth: number };
}

/** What a datagram belongs to: a message's transfer, or an ACKNACK. */
interface DatagramOwner {
  datagramDone(datagram: Datagram, arrived: boolean): void;
}

/** One UDP datagram (an RTPS message), in as many IP packets as the MTU needs. */
export class Datagram {
  packetsLeft = 0;
  failed = false;
  constructor(
    readonly owner: DatagramOwner,
    /** Its index among its message's datagrams. */
    readonly index: number,
    /** The socket it was sent from (null: an ACKNACK, which waits for no buffer). */
    readonly socket: WriterSocket | null,
  ) {}
}

const SENDING = 0;
const COMPLETE = 1;
const LOST = 2;

/** One message on its way to one host. */
class Transfer implements DatagramOwner {
  state = SENDING;
  arrivedDatagrams = 0;
  /** Datagrams handed to the socket (the rest wait in the writer). */
  sentDatagrams = 0;
  /** Its writer's history no longer holds it: nothing more of it is sent. */
  evicted = false;
  /** Datagrams lost since the last ACKNACK asked for them again. */
  missing: number[] = [];
  constructor(
    readonly transport: Transport,
    readonly flow: Flow,
    /** The writer's sequence number of the message. */
    readonly sequence: number,
    /** Serialized size, octets. */
    readonly bytes: number,
    /** UDP payload of each datagram. */
    readonly datagrams: readonly number[],
    readonly sentAt: number,
    readonly parcel: Parcel,
  ) {}

  datagramDone(datagram: Datagram, arrived: boolean): void {
    if (this.state !== SENDING) return;
    if (arrived) {
      if (++this.arrivedDatagrams === this.datagrams.length) this.transport.settle(this, COMPLETE);
    } else if (!this.flow.reliable || this.evicted) {
      this.transport.settle(this, LOST);
    } else {
      this.missing.push(datagram.index);
      this.transport.requestNack(this.flow);
    }
  }
}

/** A small RTPS message of a participant (a liveliness assertion): told only when it arrives. */
class Signal implements DatagramOwner {
  constructor(readonly arrived: () => void) {}

  datagramDone(_datagram: Datagram, arrived: boolean): void {
    if (arrived) this.arrived();
  }
}

/** An ACKNACK from a reader host: on arrival, its writer sends the datagrams it names again. */
class AckNack implements DatagramOwner {
  constructor(
    readonly transport: Transport,
    readonly flow: Flow,
    readonly requested: readonly [Transfer, number[]][],
  ) {}

  datagramDone(_datagram: Datagram, arrived: boolean): void {
    this.transport.answerNack(this, arrived);
  }
}

/**
 * A writer's UDP socket: datagrams wait in the writer until the socket's send buffer has room
 * for them (what is queued at the interface counts against it until it leaves), so that a
 * writer faster than its link is held back whole datagrams at a time, as a blocking socket holds
 * back Fast DDS's sending thread, instead of overflowing the interface queue with fragments.
 */
class WriterSocket {
  /** Datagrams of the writer's messages not yet sent: [transfer, datagram index]. */
  readonly waiting = new Fifo<Transfer | number>();
  /** Octets of its IP packets in the interface queue or on the air. */
  queued = 0;
  /** Its messages that are not settled yet, in sequence order (what its history holds). */
  readonly history = new Fifo<Transfer>();
  constructor(
    readonly writer: Writer,
    readonly from: number,
  ) {}
}

/** The messages of one writer to one host. */
class Flow {
  /** Reliable messages not yet delivered or given up, in the writer's order. */
  readonly pending = new Fifo<Transfer>();
  nackScheduled = false;
  /** Heartbeats are counted from the writer's first message on this flow. */
  readonly heartbeatPhase: number;
  constructor(
    readonly socket: WriterSocket,
    readonly link: Link,
    readonly reliable: boolean,
    now: number,
  ) {
    this.heartbeatPhase = now;
  }
}

/**
 * The DDS/RTPS transport between hosts. A message to a host is its serialized size in RTPS
 * DATA (or DATA_FRAG pieces beyond the largest RTPS message), in UDP/IP datagrams fragmented
 * to the MTU, each IP packet one MPDU on the medium; they leave the writer as its socket's send
 * buffer allows, and a message its KEEP_LAST history drops before it starts to go is lost.
 * Best effort: a message with a lost datagram is lost. Reliable: a reader host learns what it
 * misses at the writer's next heartbeat, answers after its response delay with an ACKNACK
 * (itself a packet on the medium, asked again at the next heartbeat when lost), and the writer
 * sends those datagrams again while its history holds the message; messages are handed over in
 * the writer's order.
 */
export class Transport {
  readonly #engine: Engine;
  readonly #config: TransportConfig;
  readonly #medium: () => PacketMedium;
  readonly #linkOf: (from: number, to: number) => Link;
  readonly #sockets = new Map<number, WriterSocket>();
  readonly #flows = new Map<WriterSocket, Flow[]>();

  constructor(engine: Engine, config: TransportConfig, medium: () => PacketMedium, linkOf: (from: number, to: number) => Link) {
    this.#engine = engine;
    this.#config = config;
    this.#medium = medium;
    this.#linkOf = linkOf;
  }

  /** The UDP payloads of the datagrams that carry a message of `bytes` serialized octets. */
  datagramSizes(bytes: number): number[] {
    const padded = (bytes + 3) & ~3;
    const max = this.#config.maxMessageSize;
    if (padded + RTPS_DATA_OVERHEAD <= max) return [padded + RTPS_DATA_OVERHEAD];
    const fragment = (max - RTPS_FRAG_OVERHEAD) & ~3;
    const sizes: number[] = [];
    for (let offset = 0; offset < bytes; offset += fragment) sizes.push(RTPS_FRAG_OVERHEAD + ((Math.min(fragment, bytes - offset) + 3) & ~3));
    return sizes;
  }

  /** IP packets of a datagram, as MPDU lengths. */
  #packetBytes(udpPayload: number): number[] {
    const perPacket = this.#ipPayloadPerPacket();
    const ipPayload = udpPayload + UDP_HEADER;
    const sizes: number[] = [];
    for (let offset = 0; offset < ipPayload; offset += perPacket) sizes.push(IP_HEADER + Math.min(perPacket, ipPayload - offset) + MPDU_OVERHEAD);
    return sizes;
  }

  /** IP octets of a datagram, all its packets' headers included: what it takes of a send buffer. */
  #ipBytes(udpPayload: number): number {
    const ipPayload = udpPayload + UDP_HEADER;
    return ipPayload + IP_HEADER * Math.ceil(ipPayload / this.#ipPayloadPerPacket());
  }

  /** IP payload of a full packet: the MTU less the header, fragments in 8-octet units. */
  #ipPayloadPerPacket(): number {
    return (this.#config.mtu - IP_HEADER) & ~7;
  }

  /**
   * Sends message number `sequence` of `writer` (`bytes` serialized octets) from host `from` to
   * host `to`; `reliable` when both the writer and a reader there are reliable.
   */
  send(writer: Writer, sequence: number, from: number, to: number, bytes: number, reliable: boolean, parcel: Parcel): void {
    const now = this.#engine.now;
    const socket = this.#socket(writer, from);
    const flow = this.#flow(socket, to, reliable, now);
    flow.link.period.offeredBytes += bytes;
    flow.link.period.messagesSent++;
    const transfer = new Transfer(this, flow, sequence, bytes, this.datagramSizes(bytes), now, parcel);
    if (reliable) flow.pending.push(transfer);
    socket.history.push(transfer);
    this.#evict(socket, sequence);
    for (let i = 0; i < transfer.datagrams.length; i++) {
      socket.waiting.push(transfer);
      socket.waiting.push(i);
    }
    this.#pump(socket);
  }

  /** Whether every reliable message of the writer has arrived or been given up. */
  allAcknowledged(writer: Writer): boolean {
    const history = this.#sockets.get(writer.entityId)?.history;
    if (history === undefined) return true;
    for (let i = 0; i < history.length; i++) {
      const transfer = history.at(i)!;
      if (transfer.state === SENDING && transfer.flow.reliable) return false;
    }
    return true;
  }

  #socket(writer: Writer, from: number): WriterSocket {
    let socket = this.#sockets.get(writer.entityId);
    if (socket === undefined) {
      socket = new WriterSocket(writer, from);
      this.#sockets.set(writer.entityId, socket);
      this.#flows.set(socket, []);
    }
    return socket;
  }

  #flow(socket: WriterSocket, to: number, reliable: boolean, now: number): Flow {
    const flows = this.#flows.get(socket)!;
    for (const flow of flows) if (flow.link.to.index === to && flow.reliable === reliable) return flow;
    const flow = new Flow(socket, this.#linkOf(socket.from, to), reliable, now);
    flows.push(flow);
    return flow;
  }

  /** The writer wrote message `sequence`: messages `depth` older leave its history. */
  #evict(socket: WriterSocket, sequence: number): void {
    const { keepAll, depth } = socket.writer.resolvedQoS;
    const history = socket.history;
    while (history.length > 0) {
      const oldest = history.at(0)!;
      if (oldest.state === SENDING && (keepAll || oldest.sequence > sequence - depth)) break;
      history.shift();
      if (oldest.state !== SENDING) continue;
      oldest.evicted = true;
      // Once its first datagram is out, the rest follow (Fast DDS's sending thread holds the
      // writer while it sends a sample), and it may still arrive; it is repaired no more.
      if (oldest.sentDatagrams === 0 || oldest.missing.length > 0) this.settle(oldest, LOST);
    }
  }

  /** Sends the writer's waiting datagrams that its send buffer has room for. */
  #pump(socket: WriterSocket): void {
    const waiting = socket.waiting;
    const buffer = this.#config.sendBuffer;
    while (waiting.length > 0) {
      const transfer = waiting.at(0) as Transfer;
      const index = waiting.at(1) as number;
      if (transfer.state !== SENDING) {
        waiting.shift();
        waiting.shift();
        continue;
      }
      const udpPayload = transfer.datagrams[index]!;
      const bytes = this.#ipBytes(udpPayload);
      // A datagram larger than the whole buffer goes when the buffer is empty.
      if (socket.queued > 0 && socket.queued + bytes > buffer) return;
      waiting.shift();
      waiting.shift();
      transfer.sentDatagrams++;
      socket.queued += bytes;
      this.#sendPackets(new Datagram(transfer, index, socket), this.#packetBytes(udpPayload), socket.from, transfer.flow.link.to.index);
    }
  }

  #sendPackets(datagram: Datagram, sizes: readonly number[], from: number, to: number): void {
    datagram.packetsLeft = sizes.length;
    const medium = this.#medium();
    for (const size of sizes) medium.send(new Packet(from, to, size, datagram));
  }

  /**
   * Sends a participant's small RTPS message of `bytes` UDP payload from one host to another,
   * best effort and past any writer's socket (a liveliness assertion); `arrived` if it does.
   */
  signal(from: number, to: number, bytes: number, arrived: () => void): void {
    this.#sendPackets(new Datagram(new Signal(arrived), 0, null), this.#packetBytes(bytes), from, to);
  }

  /** A packet's fate (from the medium). */
  packetDone(packet: Packet, arrived: boolean): void {
    const datagram = packet.datagram;
    if (!arrived) datagram.failed = true;
    const socket = datagram.socket;
    if (socket !== null) socket.queued -= packet.bytes - MPDU_OVERHEAD;
    if (--datagram.packetsLeft === 0) datagram.owner.datagramDone(datagram, !datagram.failed);
    if (socket !== null) this.#pump(socket);
  }

  /** A transfer is complete or lost: best effort says so now, reliable in the writer's order. */
  settle(transfer: Transfer, state: typeof COMPLETE | typeof LOST): void {
    transfer.state = state;
    if (transfer.flow.reliable) this.#handOver(transfer.flow);
    else this.#conclude(transfer);
  }

  /** Hands over the settled messages at the head of a reliable flow. */
  #handOver(flow: Flow): void {
    while (flow.pending.length > 0 && flow.pending.at(0)!.state !== SENDING) this.#conclude(flow.pending.shift()!);
  }

  #conclude(transfer: Transfer): void {
    const link = transfer.flow.link;
    if (transfer.state === COMPLETE) {
      link.period.delivered(transfer.bytes, this.#engine.now - transfer.sentAt);
      transfer.parcel.arrive();
    } else {
      link.period.messagesLost++;
      transfer.parcel.lose();
    }
  }

  /** A reader host misses datagrams: it will ask at the writer's next heartbeat. */
  requestNack(flow: Flow): void {
    if (flow.nackScheduled) return;
    flow.nackScheduled = true;
    const now = this.#engine.now;
    const period = this.#config.heartbeatPeriod;
    const heartbeat = flow.heartbeatPhase + Math.ceil((now - flow.heartbeatPhase) / period) * period;
    // Weak: repairs go on while anything else does, but do not keep a run going by themselves
    // (to a host gone for good, a reliable writer would ask forever).
    this.#engine.scheduleAfter(heartbeat - now + this.#config.heartbeatResponseDelay, () => this.#sendNack(flow), true);
  }

  #sendNack(flow: Flow): void {
    flow.nackScheduled = false;
    const requested: [Transfer, number[]][] = [];
    for (let i = 0; i < flow.pending.length; i++) {
      const transfer = flow.pending.at(i)!;
      if (transfer.state !== SENDING || transfer.missing.length === 0) continue;
      requested.push([transfer, transfer.missing]);
      transfer.missing = [];
    }
    if (requested.length === 0) return;
    this.#sendPackets(new Datagram(new AckNack(this, flow, requested), 0, null), this.#packetBytes(ACKNACK_BYTES), flow.link.to.index, flow.link.from.index);
  }

  /** An ACKNACK arrived (the writer sends what it names again) or was lost (asked again at the next heartbeat). */
  answerNack(nack: AckNack, arrived: boolean): void {
    const flow = nack.flow;
    const socket = flow.socket;
    for (const [transfer, indices] of nack.requested) {
      if (transfer.state !== SENDING) continue;
      if (transfer.evicted) {
        this.settle(transfer, LOST);
      } else if (arrived) {
        for (const index of indices) {
          transfer.sentDatagrams--;
          socket.waiting.push(transfer);
          socket.waiting.push(index);
        }
      } else {
        transfer.missing.push(...indices);
        this.requestNack(flow);
      }
    }
    this.#pump(socket);
  }
}
