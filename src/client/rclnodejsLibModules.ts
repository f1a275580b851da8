import * as messageSerialization from '../ros/jsonSafe.js';
import * as errors from '../ros/rclErrors.js';
import { TypeDescriptionService } from '../sim/TypeDescriptionService.js';
import * as rclnodejs from './rclnodejs.js';

/**
 * Modules of rclnodejs's `lib/` folder that programs and rclnodejs's own tests require directly
 * (`require('rclnodejs/lib/parameter.js')`), in their CommonJS shapes: what rclsim offers for them.
 */
const LIB_MODULES: Record<string, () => unknown> = {
  'context.js': () => rclnodejs.Context,
  'parameter.js': () => ({
    Parameter: rclnodejs.Parameter,
    ParameterType: rclnodejs.ParameterType,
    ParameterDescriptor: rclnodejs.ParameterDescriptor,
    Range: rclnodejs.Range,
    FloatingPointRange: rclnodejs.FloatingPointRange,
    IntegerRange: rclnodejs.IntegerRange,
    DEFAULT_NUMERIC_RANGE_TOLERANCE: rclnodejs.DEFAULT_NUMERIC_RANGE_TOLERANCE,
  }),
  'interface_loader.js': () => ({ loadInterface: rclnodejs.require }),
  'qos.js': () => rclnodejs.QoS,
  'time.js': () => rclnodejs.Time,
  'duration.js': () => rclnodejs.Duration,
  'clock.js': () => ({ Clock: rclnodejs.Clock, ROSClock: rclnodejs.ROSClock }),
  'clock_type.js': () => rclnodejs.ClockType,
  'node_options.js': () => rclnodejs.NodeOptions,
  'errors.js': () => errors,
  'validator.js': () => rclnodejs.validator,
  'logging.js': () => rclnodejs.logging,
  'time_source.js': () => rclnodejs.TimeSource,
  'clock_change.js': () => rclnodejs.ClockChange,
  'clock_event.js': () => rclnodejs.ClockEvent,
  'parameter_event_handler.js': () => rclnodejs.ParameterEventHandler,
  'qos_overriding_options.js': () => ({
    QoSPolicyKind: rclnodejs.QoSPolicyKind,
    QoSOverridingOptions: rclnodejs.QoSOverridingOptions,
  }),
  'distro.js': () => rclnodejs.DistroUtils,
  'rmw.js': () => rclnodejs.RMWUtils,
  'action/uuid.js': () => rclnodejs.ActionUuid,
  'message_introspector.js': () => rclnodejs.MessageIntrospector,
  'event_handler.js': () => ({
    PublisherEventCallbacks: rclnodejs.PublisherEventCallbacks,
    SubscriptionEventCallbacks: rclnodejs.SubscriptionEventCallbacks,
  }),
  'message_serialization.js': () => messageSerialization,
  'type_description_service.js': () => TypeDescriptionService,
};

/** The module for `rclnodejs/lib/<file>`, or undefined when rclsim has none. */
export function rclnodejsLibModule(file: string): unknown {
  return LIB_MODULES[file]?.();
}
