/** What a program gives to be told of a publisher's or subscription's events (rclnodejs's classes), and rmw's policy kinds they name. */
/** rmw's QoS policy kinds (rmw_qos_policy_kind_e), as an incompatible-QoS status names them. */
export const QoSPolicyKindBits = Object.freeze({ DURABILITY: 1 << 1, DEADLINE: 1 << 2, LIVELINESS: 1 << 3, RELIABILITY: 1 << 4 });

export type EventCallback = (status: Record<string, unknown>) => unknown;

/** Callbacks of one entity's events. */
export class EventCallbacks {
  deadline: EventCallback | undefined;
  incompatibleQos: EventCallback | undefined;
  liveliness: EventCallback | undefined;
  incompatibleType: EventCallback | undefined;
  matched: EventCallback | undefined;
}

/** rclnodejs's PublisherEventCallbacks: give it to createPublisher(…, options, eventCallbacks). */
export class PublisherEventCallbacks extends EventCallbacks {}

/** rclnodejs's SubscriptionEventCallbacks: give it to createSubscription(…, callback, eventCallbacks). */
export class SubscriptionEventCallbacks extends EventCallbacks {
  messageLost: EventCallback | undefined;
}
