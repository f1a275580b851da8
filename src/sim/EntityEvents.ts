import { type Executable, SKIPPED } from '../engine/Executable.js';
import { Fifo } from '../engine/Fifo.js';
import { type EventCallback, type EventCallbacks, SubscriptionEventCallbacks } from '../ros/eventCallbacks.js';
import { Entity } from './Entity.js';
import type { Node } from './Node.js';

/**
 * One event of a publisher or subscription (rclnodejs's EventHandler, one per callback given):
 * the status is taken when the event happens, and the callback runs as any callback of the node
 * does. `quiet` is the status while nothing has happened (rcl_take_event's counts).
 */
export class EventHandler extends Entity implements Executable {
  readonly kind = 'event';
  readonly channel: string;
  readonly #what: string;
  readonly #callback: EventCallback;
  readonly #quiet: () => Record<string, unknown>;
  readonly #statuses = new Fifo<Record<string, unknown>>();

  constructor(node: Node, channel: string, what: string, callback: EventCallback, quiet: () => Record<string, unknown>) {
    super(node);
    this.channel = channel;
    this.#what = what;
    this.#callback = callback;
    this.#quiet = quiet;
  }

  /** rclnodejs's takeData: the callback gets the oldest pending status, or the current one. */
  takeData(): unknown {
    return this.#callback(this.#statuses.shift() ?? this.#quiet());
  }

  get label(): string {
    return this.describe(`${this.#what} event of ${this.channel}`);
  }

  happen(status: Record<string, unknown>): void {
    if (this.isDestroyed()) return;
    this.#statuses.push(status);
    this.engine.enqueue(this);
  }

  override pendingEvents(): number {
    return this.#statuses.length;
  }

  execute(): unknown {
    if (this.isDestroyed() || this.#statuses.length === 0 || !this.mayRun()) return SKIPPED;
    return this.#callback(this.#statuses.shift()!);
  }
}

/**
 * What a publisher or subscription tells its event callbacks: matched (rmw_matched_status_t)
 * when a peer matches or leaves, incompatible QoS (rmw_qos_incompatible_event_status_t) and
 * incompatible type when a peer on its topic cannot match, deadline missed when a period of
 * its QoS deadline passes without a sample, liveliness lost (publisher) and changed
 * (subscription), message lost (subscription) when a network loses a message on its way to it.
 */
export class EntityEvents {
  #matched: EventHandler | null = null;
  #incompatibleQos: EventHandler | null = null;
  #incompatibleType: EventHandler | null = null;
  #matches = 0;
  #current = 0;
  #qosIncompatibilities = 0;
  #lastPolicyKind = 0;
  #typeIncompatibilities = 0;
  #deadline: EventHandler | null = null;
  #deadlineMisses = 0;
  #liveliness: EventHandler | null = null;
  #livelinessLosses = 0;
  #alive = 0;
  #notAlive = 0;
  #messageLost: EventHandler | null = null;
  #messagesLost = 0;

  /** The entity's handlers, to be owned (and destroyed) by its node. */
  readonly handlers: EventHandler[] = [];

  constructor(node: Node, channel: string, callbacks: EventCallbacks) {
    const handler = (what: string, callback: EventCallback | undefined, quiet: () => Record<string, unknown>): EventHandler | null => {
      if (typeof callback !== 'function') return null;
      const created = new EventHandler(node, channel, what, callback, quiet);
      this.handlers.push(created);
      return created;
    };
    this.#matched = handler('matched', callbacks.matched, () => ({
      total_count: this.#matches,
      total_count_change: 0,
      current_count: this.#current,
      current_count_change: 0,
    }));
    this.#incompatibleQos = handler('incompatible QoS', callbacks.incompatibleQos, () => ({
      total_count: this.#qosIncompatibilities,
      total_count_change: 0,
      last_policy_kind: this.#lastPolicyKind,
    }));
    this.#incompatibleType = handler('incompatible type', callbacks.incompatibleType, () => ({
      total_count: this.#typeIncompatibilities,
      total_count_change: 0,
    }));
    const subscription = callbacks instanceof SubscriptionEventCallbacks;
    this.#deadline = handler('deadline', callbacks.deadline, () => ({ total_count: this.#deadlineMisses, total_count_change: 0 }));
    this.#liveliness = handler(
      'liveliness',
      callbacks.liveliness,
      subscription
        ? () => ({ alive_count: this.#alive, not_alive_count: this.#notAlive, alive_count_change: 0, not_alive_count_change: 0 })
        : () => ({ total_count: this.#livelinessLosses, total_count_change: 0 }),
    );
    if (subscription) {
      this.#messageLost = handler('message lost', callbacks.messageLost, () => ({ total_count: this.#messagesLost, total_count_change: 0 }));
    }
  }

  matched(change: 1 | -1): void {
    if (change > 0) this.#matches++;
    this.#current += change;
    this.#matched?.happen({
      total_count: this.#matches,
      total_count_change: change > 0 ? 1 : 0,
      current_count: this.#current,
      current_count_change: change,
    });
  }

  incompatibleQos(policyKind: number): void {
    this.#qosIncompatibilities++;
    this.#lastPolicyKind = policyKind;
    this.#incompatibleQos?.happen({ total_count: this.#qosIncompatibilities, total_count_change: 1, last_policy_kind: policyKind });
  }

  /** Offered (publisher) or requested (subscription) deadline missed: rmw's deadline status. */
  deadlineMissed(totalCount: number): void {
    this.#deadlineMisses = totalCount;
    this.#deadline?.happen({ total_count: totalCount, total_count_change: 1 });
  }

  /** A publisher's lease passed without a write or assertion (rmw_liveliness_lost_status_t). */
  livelinessLost(totalCount: number): void {
    this.#livelinessLosses = totalCount;
    this.#liveliness?.happen({ total_count: totalCount, total_count_change: 1 });
  }

  /** A matched publisher became alive or not alive, or left (rmw_liveliness_changed_status_t). */
  livelinessChanged(aliveChange: number, notAliveChange: number): void {
    this.#alive += aliveChange;
    this.#notAlive += notAliveChange;
    this.#liveliness?.happen({
      alive_count: this.#alive,
      not_alive_count: this.#notAlive,
      alive_count_change: aliveChange,
      not_alive_count_change: notAliveChange,
    });
  }

  /** A message on its way to the subscription was lost (rmw_message_lost_status_t). */
  messageLost(): void {
    this.#messagesLost++;
    this.#messageLost?.happen({ total_count: this.#messagesLost, total_count_change: 1 });
  }

  incompatibleType(): void {
    this.#typeIncompatibilities++;
    this.#incompatibleType?.happen({ total_count: this.#typeIncompatibilities, total_count_change: 1 });
  }
}
