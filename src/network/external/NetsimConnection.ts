import { FramedPeer, type PeerEndpoint } from '../../base/FramedPeer.js';
import { wallClock } from '../../base/realTime.js';
import { type Advance, netsimTypes, type Reply } from './netsimMessages.js';

/** How rclsim reaches the simulator: a command it starts (the socket path appended), or an address to connect to. */
export type NetsimEndpoint = PeerEndpoint;

/** A uint64 field as decoded (a number, or a Long when protobufjs has the long package), or nothing (0). */
function toNumber(value: unknown): number {
  return typeof value === 'number' ? value : value == null ? 0 : (value as { toNumber(): number }).toNumber();
}

/** A simulator that died, hung or answered out of protocol: the run fails with this one line. */
export class NetsimError extends Error {
  override name = 'NetsimError';
}

/**
 * The conversation with an external network simulator (proto/netsim.proto) over the stream
 * base/FramedPeer.ts keeps: Initialize, then Advance after Advance, each answered before the next.
 */
export class NetsimConnection {
  readonly #peer: FramedPeer;
  /** Wall time the simulator says it spent simulating, ms. */
  busyMs = 0;
  /** Wall time spent encoding requests and decoding answers here, ms. */
  codingMs = 0;

  private constructor(peer: FramedPeer) {
    this.#peer = peer;
  }

  static async open(endpoint: NetsimEndpoint, timeoutMs: number): Promise<NetsimConnection> {
    const peer = await FramedPeer.open(endpoint, {
      timeoutMs,
      what: 'network simulator',
      connectKey: 'network.external.connect',
      error: (message) => new NetsimError(message),
    });
    return new NetsimConnection(peer);
  }

  /** Wall time spent waiting for the simulator's answers, ms. */
  get waitedMs(): number {
    return this.#peer.waitedMs;
  }

  /** Initialize: the simulator answers Ready with its own description. */
  async initialize(initialize: Record<string, unknown>): Promise<string> {
    const answer = await this.#request({ initialize });
    const ready = answer.ready as { simulator?: string } | null | undefined;
    if (ready == null) throw this.#outOfProtocol('Ready', answer);
    return String(ready.simulator ?? '');
  }

  async advance(advance: Advance): Promise<Reply> {
    const answer = await this.#request({ advance });
    const reply = answer.reply as Record<string, unknown> | null | undefined;
    if (reply == null) throw this.#outOfProtocol('Reply', answer);
    const timeNs = toNumber(reply.timeNs);
    const busyNs = toNumber(reply.busyNs);
    this.busyMs += busyNs / 1e6;
    if (timeNs > advance.untilNs)
      throw new NetsimError(`${this.#peer.named} answered out of protocol: it reached ${timeNs} ns, past the ${advance.untilNs} ns asked for`);
    const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);
    return {
      timeNs,
      deliveries: list(reply.deliveries).map((d) => ({ id: toNumber(d.id), timeNs: toNumber(d.timeNs) })),
      drops: list(reply.drops).map((d) => ({ id: toNumber(d.id), timeNs: toNumber(d.timeNs), reason: String(d.reason ?? '') })),
      busyNs,
    };
  }

  /** Says Close, then ends the stream and the process it started. */
  close(): void {
    this.#peer.close(() => this.#peer.write(this.#encode({ close: {} })));
  }

  #encode(message: Record<string, unknown>): Uint8Array {
    const started = wallClock();
    // Plain objects of the right shapes encode as they are (no message instances made first).
    const body = netsimTypes().toSimulator.encode(message).finish();
    this.codingMs += wallClock() - started;
    return body;
  }

  async #request(message: Record<string, unknown>): Promise<Record<string, unknown>> {
    const body = await this.#peer.request(this.#encode(message));
    let decoded: Record<string, unknown>;
    try {
      // The decoded message as it is: its uint64 fields are read with toNumber where used.
      const decoding = wallClock();
      decoded = netsimTypes().fromSimulator.decode(body) as unknown as Record<string, unknown>;
      this.codingMs += wallClock() - decoding;
    } catch (error) {
      throw new NetsimError(`${this.#peer.named} answered out of protocol: ${(error as Error).message}`);
    }
    const failed = decoded.error as { message?: string } | null | undefined;
    if (failed != null) throw new NetsimError(`${this.#peer.named} failed: ${String(failed.message)}`);
    return decoded;
  }

  #outOfProtocol(expected: string, answer: Record<string, unknown>): NetsimError {
    return new NetsimError(`${this.#peer.named} answered out of protocol: ${Object.keys(answer).join(', ') || 'nothing'} instead of ${expected}`);
  }
}
