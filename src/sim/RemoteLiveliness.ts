import type { Host } from '../network/Host.js';
import type { Publisher } from './Publisher.js';
import { SilenceWatch } from './SilenceWatch.js';

/**
 * A liveliness assertion on the wire: RTPS header 20, INFO_TS 12, and a DATA(p) participant
 * message (WLP) or a HEARTBEAT with the liveliness flag, about 40 octets.
 */
const ASSERTION_BYTES = 72;

/**
 * How the subscriptions on one host see the liveliness of a publisher on another: alive while
 * its assertions arrive within its lease, not alive when a lease passes without one (the host
 * out of range, or the publisher silent). Assertions are the publisher's messages that arrive,
 * and liveliness messages sent over the network: an AUTOMATIC publisher's participant sends one
 * every 2/3 of the lease (rmw_fastrtps sets Fast DDS's announcement period so), a MANUAL_BY_TOPIC
 * publisher one per assertLiveliness().
 */
export class RemoteLiveliness {
  readonly #publisher: Publisher;
  readonly #host: Host;
  readonly #watch: SilenceWatch;
  #state: 'alive' | 'not alive' | 'unknown';
  #stopped = false;

  constructor(publisher: Publisher, host: Host) {
    this.#publisher = publisher;
    this.#host = host;
    const qos = publisher.resolvedQoS;
    const engine = publisher.engine;
    this.#watch = new SilenceWatch(engine, qos.leaseDuration, false, () => this.#become('not alive'));
    if (qos.manualLiveliness) {
      this.#state = 'unknown';
    } else {
      // Alive as it matches; its participant announces it from then on (from the start of the
      // run for a match made while nodes are built: the start time may still move).
      this.#state = 'alive';
      const period = Math.max(1, Math.floor((qos.leaseDuration * 2) / 3));
      const announce = (): void => {
        if (this.#stopped) return;
        this.send();
        engine.scheduleAfter(period, announce, true);
      };
      const begin = (): void => {
        this.#watch.sample();
        engine.scheduleAfter(period, announce, true);
      };
      if (engine.started) begin();
      else engine.scheduleAfter(0, begin, true);
    }
  }

  get liveliness(): 'alive' | 'not alive' | 'unknown' {
    return this.#state;
  }

  /** Sends an assertion to the host. */
  send(): void {
    this.#publisher.simulation.network!.signal(this.#publisher.node.host!, this.#host, ASSERTION_BYTES, () => this.asserted());
  }

  /** An assertion (or a message) of the publisher arrived at the host. */
  asserted(): void {
    if (this.#stopped) return;
    this.#watch.sample();
    this.#become('alive');
  }

  stop(): void {
    this.#stopped = true;
    this.#watch.stop();
  }

  #become(state: 'alive' | 'not alive'): void {
    const before = this.#state;
    if (before === state) return;
    this.#state = state;
    const alive = state === 'alive' ? 1 : -1;
    const notAlive = before === 'unknown' ? 0 : -alive;
    for (const subscription of this.#publisher.matched) {
      if (subscription.node.host === this.#host) subscription.events?.livelinessChanged(alive, notAlive);
    }
  }
}
