import { checkSerializationMode } from '../ros/jsonSafe.js';
import { QoS, type QoSProfileName } from '../ros/QoS.js';
import { TypeValidationError } from '../ros/rclErrors.js';
import type { ValidationOptions } from './messageValidation.js';
import type { QoSOverridingOptions } from './QoSOverridingOptions.js';
import type { SubscriptionOptions } from './Subscription.js';

/** Options of create* calls, as rclnodejs's. */
export interface Options extends SubscriptionOptions {
  qos?: QoS | QoSProfileName | number;
  /** A publisher checks what it publishes with validateMessage (rclnodejs 1.x). */
  validateMessages?: boolean;
  /** A client checks its requests with validateMessage (rclnodejs 1.x). */
  validateRequests?: boolean;
  validationOptions?: ValidationOptions;
  /** Which QoS policies parameters may override (rclnodejs 2.x, rclcpp's QosOverridingOptions). */
  qosOverridingOptions?: QoSOverridingOptions;
}

export function defaultOptions(): Options {
  return { enableTypedArray: true, isRaw: false, qos: QoS.profileDefault };
}

/**
 * rclnodejs's check of create* options: an object or nothing (TypeValidationError otherwise),
 * with its defaults filled in — into the caller's object, as rclnodejs does — and a known
 * serializationMode.
 */
export function validateOptions(options: Options | null | undefined, nodeName: string): Options {
  if (options === undefined) return defaultOptions();
  if (options === null || typeof options !== 'object') throw new TypeValidationError('options', options, 'object', { nodeName });
  options.enableTypedArray ??= true;
  options.qos ??= QoS.profileDefault;
  options.isRaw ??= false;
  options.serializationMode = checkSerializationMode(options.serializationMode ?? 'default');
  return options;
}

/** rclnodejs's create* calls whose options may be left out: `(…, callback)` or `(…, options, callback)`. */
export function splitCallback<C>(optionsOrCallback: Options | C | undefined, maybeCallback: C | undefined, method: string): [Options | undefined, C] {
  if (typeof optionsOrCallback === 'function') return [undefined, optionsOrCallback as C];
  if (typeof maybeCallback !== 'function') throw new TypeError(`${method} needs a callback function`);
  return [optionsOrCallback as Options | undefined, maybeCallback];
}
