import type { TypeClass } from '../interfaces/typeNames.js';
import { msToNs } from '../ros/nanoseconds.js';
import type { QoS, QoSProfileName } from '../ros/QoS.js';
import { TimeoutError } from '../ros/rclErrors.js';
import type { Node } from './Node.js';
import type { Subscription } from './Subscription.js';

/**
 * rclnodejs's waitForMessage: the first message on `topic`, through a temporary subscription of
 * `node` (which must spin), removed however the wait ends. `timeout` is milliseconds of sim time.
 */
export function waitForMessage(
  typeClass: TypeClass,
  node: Node,
  topic: string,
  options: { timeout?: number; qos?: QoS | QoSProfileName | number } = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const port = node.port;
    let subscription: Subscription | null = null;
    let settled = false;
    const settle = (error: unknown, message?: unknown): void => {
      if (settled) return;
      settled = true;
      if (timeout !== null) port.cancelWake(timeout);
      if (subscription !== null && !subscription.isDestroyed()) node.destroySubscription(subscription);
      if (error === null) resolve(message);
      else reject(error);
    };
    const timeout =
      options.timeout !== undefined && options.timeout !== null && options.timeout >= 0
        ? port.wakeAt(
            port.now() + BigInt(msToNs(options.timeout)),
            () => {
              port.resume();
              settle(new TimeoutError(`waitForMessage on topic '${topic}'`, options.timeout!, { entityType: 'topic', entityName: topic }));
            },
            false,
          )
        : null;
    try {
      const qos = options.qos === undefined ? {} : { qos: options.qos };
      subscription = node.createSubscription(typeClass, topic, qos, (message) => settle(null, message));
    } catch (error) {
      settle(error);
    }
  });
}
