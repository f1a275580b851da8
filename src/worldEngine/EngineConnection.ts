import { FramedPeer, type PeerEndpoint } from '../base/FramedPeer.js';
import type { AdvanceRequest, EngineFrame, EngineInit, EngineReady, WorldEngine } from './WorldEngine.js';
import { WorldEngineError } from './WorldEngine.js';
import { worldTypes } from './worldMessages.js';

/** Numbers as protobufjs gives them back with every field present (uint64 as numbers: steps and ns stay below 2^53). */
const PLAIN = { longs: Number, defaults: true, arrays: true } as const;

/**
 * An engine behind the world protocol (proto/world.proto): a process rclsim starts, or one it
 * connects to, over the stream base/FramedPeer.ts keeps. One request at a time, each answered
 * before the next; an Error answer fails the run with the engine's own words.
 */
export class EngineConnection implements WorldEngine {
  readonly #peer: FramedPeer;

  private constructor(peer: FramedPeer) {
    this.#peer = peer;
  }

  static async open(endpoint: PeerEndpoint, timeoutMs: number): Promise<EngineConnection> {
    const peer = await FramedPeer.open(endpoint, {
      timeoutMs,
      what: 'world engine',
      connectKey: 'world.engine.connect',
      error: (message) => new WorldEngineError(message),
    });
    return new EngineConnection(peer);
  }

  async initialize(init: EngineInit): Promise<EngineReady> {
    const ready = (await this.#request({ initialize: init }, 'ready')) as unknown as EngineReady;
    if (!(ready.stepNs > 0)) throw new WorldEngineError(`${this.#peer.named} answered out of protocol: a step of ${ready.stepNs} ns`);
    return ready;
  }

  async advance(request: AdvanceRequest): Promise<EngineFrame> {
    const frame = (await this.#request({ advance: request }, 'frame')) as unknown as EngineFrame;
    if (frame.step !== request.untilStep) {
      throw new WorldEngineError(`${this.#peer.named} answered out of protocol: a frame of step ${frame.step}, not of step ${request.untilStep} asked for`);
    }
    return frame;
  }

  close(): void {
    this.#peer.close(() => this.#peer.write(worldTypes().toEngine.encode({ close: {} }).finish()));
  }

  async #request(message: Record<string, unknown>, expected: 'ready' | 'frame'): Promise<Record<string, unknown>> {
    const { toEngine, fromEngine } = worldTypes();
    const body = await this.#peer.request(toEngine.encode(message).finish());
    let answer: Record<string, unknown>;
    try {
      answer = fromEngine.toObject(fromEngine.decode(body), PLAIN);
    } catch (error) {
      throw new WorldEngineError(`${this.#peer.named} answered out of protocol: ${(error as Error).message}`);
    }
    const failed = answer.error as { message?: string } | null | undefined;
    if (failed != null) throw new WorldEngineError(`${this.#peer.named}: ${String(failed.message)}`);
    const value = answer[expected] as Record<string, unknown> | null | undefined;
    if (value == null) {
      const got = Object.keys(answer).filter((key) => answer[key] != null);
      throw new WorldEngineError(`${this.#peer.named} answered out of protocol: ${got.join(', ') || 'nothing'} instead of ${expected}`);
    }
    return value;
  }
}
