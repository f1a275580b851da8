import { QoS, type QoSProfileName } from '../ros/QoS.js';
import type { SubscriptionOptions } from './Subscription.js';

/** Options of a node's create* calls (what a client of the node port passes on, and what rclsim's own nodes use). */
export interface Options extends SubscriptionOptions {
  qos?: QoS | QoSProfileName | number;
}

/** The create* options with their defaults. */
export function withDefaults(options: Options = {}): Options {
  return {
    enableTypedArray: true,
    isRaw: false,
    ...options,
    qos: options.qos ?? QoS.profileDefault,
    serializationMode: options.serializationMode ?? 'default',
  };
}
