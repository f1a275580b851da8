/**
 * The rclnodejs module as a client of the node port: what `require('rclnodejs')` is in every
 * program, in rclsim's process (over its DirectPort) or in its own (over its socket). `init()`
 * and `spin()` register with the simulation instead of blocking; the simulation's step loop runs
 * the callbacks. Module functions without a context act for the program whose code runs.
 */

import { ClockChange } from '../ros/ClockChange.js';
import { ClockType } from '../ros/ClockType.js';
import { Duration } from '../ros/Duration.js';
import { PublisherEventCallbacks, SubscriptionEventCallbacks } from '../ros/eventCallbacks.js';
import { toJSONSafe, toJSONString } from '../ros/jsonSafe.js';
import { LoggingSeverity } from '../ros/LogOutput.js';
import { MessageInfo } from '../ros/MessageInfo.js';
import { NodeOptions } from '../ros/NodeOptions.js';
import { DEFAULT_NUMERIC_RANGE_TOLERANCE, FloatingPointRange, IntegerRange, Parameter, ParameterDescriptor, ParameterType, Range } from '../ros/Parameter.js';
import { QoS } from '../ros/QoS.js';
import { parseRosArguments } from '../ros/RosArguments.js';
import { ServiceIntrospectionStates } from '../ros/serviceIntrospectionStates.js';
import { Time } from '../ros/Time.js';
import { ActionClient } from './actions/ActionClient.js';
import { ActionEndpointInfo } from './actions/ActionEndpointInfo.js';
import { ActionServer } from './actions/ActionServer.js';
import { ActionUuid } from './actions/ActionUuid.js';
import { getActionClientNamesAndTypesByNode, getActionNamesAndTypes, getActionServerNamesAndTypesByNode } from './actions/actionGraph.js';
import { ClientGoalHandle } from './actions/ClientGoalHandle.js';
import { CancelResponse, GoalResponse, GoalStatus } from './actions/goals.js';
import { ServerGoalHandle } from './actions/ServerGoalHandle.js';
import { Client } from './Client.js';
import { Clock, ROSClock } from './Clock.js';
import { ClockEvent } from './ClockEvent.js';
import { Context } from './Context.js';
import { DistroUtils } from './distro.js';
import { GuardCondition } from './GuardCondition.js';
import { createMessage, createMessageObject, deserializeMessage, requireInterface, serializeMessage } from './interfaceClasses.js';
import { Logging } from './Logging.js';
import { LifecycleNode } from './lifecycle/LifecycleNode.js';
import { LifecyclePublisher } from './lifecycle/LifecyclePublisher.js';
import { CallbackReturnValue, State, Transition, TransitionDescription } from './lifecycle/LifecycleStates.js';
import { CallbackReturnCode } from './lifecycle/stateMachine.js';
import { MessageIntrospector } from './MessageIntrospector.js';
import {
  assertValidMessage,
  createMessageValidator,
  getFieldNames,
  getFieldType,
  getMessageSchema,
  ValidationProblem,
  validateMessage,
} from './messageValidation.js';
import { Node } from './Node.js';
import { ObservableSubscription } from './ObservableSubscription.js';
import { ParameterClient } from './ParameterClient.js';
import { ParameterEventHandler } from './ParameterEventHandler.js';
import { ParameterWatcher } from './ParameterWatcher.js';
import { Publisher } from './Publisher.js';
import { QoSOverridingOptions, QoSPolicyKind } from './QoSOverridingOptions.js';
import { Rate } from './Rate.js';
import { RMWUtils } from './rmw.js';
import { Service, ServiceResponse } from './Service.js';
import { Subscription } from './Subscription.js';
import { Timer } from './Timer.js';
import { TimeSource } from './TimeSource.js';
import { expandTopicName, isTopicOrServiceHidden, validator } from './validator.js';
import { waitForMessage } from './waitForMessage.js';

export const DEFAULT_OPTIONS = Object.freeze(Node.getDefaultOptions());

/** Takes the ROS arguments (`--ros-args …`) of argv for the context's nodes; never blocks. */
export async function init(context: Context = Context.defaultContext(), argv: readonly string[] = process.argv): Promise<void> {
  if (!(context instanceof Context)) throw new TypeError('init: context must be an rclnodejs Context');
  if (!Array.isArray(argv)) throw new TypeError('argv must be an array.');
  if (!argv.every((argument) => typeof argument === 'string')) throw new TypeError('argv elements must be strings (and not null).');
  context.init(argv);
}

export function createNode(
  nodeName: string,
  namespace = '',
  context: Context = Context.defaultContext(),
  options: NodeOptions | Partial<NodeOptions> = NodeOptions.defaultOptions,
  args: readonly string[] = [],
  useGlobalArguments = true,
): Node {
  return new Node(nodeName, namespace, context, options, args, useGlobalArguments);
}

/** rclnodejs's lifecycle namespace. */
export const lifecycle = {
  LifecycleNode,
  LifecyclePublisher,
  State,
  Transition,
  TransitionDescription,
  CallbackReturnCode,
  CallbackReturnValue,
};

export function createLifecycleNode(
  nodeName: string,
  namespace = '',
  context: Context = Context.defaultContext(),
  options: NodeOptions = NodeOptions.defaultOptions,
  enableCommunicationInterface = true,
): LifecycleNode {
  return new LifecycleNode(nodeName, namespace, context, options, enableCommunicationInterface);
}

/** Registers the node with the simulation; it never blocks. */
export function spin(node: Node, _timeout?: number): void {
  node.spin();
}

export function spinOnce(node: Node, _timeout?: number): void {
  node.spinOnce();
}

/** Shuts the context down; for the job's default context this ends the simulation (exit code 0). */
export function shutdown(context: Context = Context.defaultContext()): void {
  context.shutdown();
}

/** Shuts down every initialized context of the program. */
export function shutdownAll(): void {
  for (const context of Context.instances) context.shutdown();
}

/** True until init() and after shutdown(), as in rclnodejs. */
export function isShutdown(context: Context = Context.defaultContext()): boolean {
  return !context.isInitialized();
}

/** rclnodejs's SIGINT handler shuts its contexts down; rclsim installs none for programs. */
export function removeSignalHandlers(): void {}

/** argv without its ROS arguments (`--ros-args … [--]`). */
export function removeROSArgs(argv: readonly string[]): string[] {
  if (!Array.isArray(argv)) throw new TypeError('argv must be an array.');
  if (!argv.every((argument) => typeof argument === 'string')) throw new TypeError('argv elements must be strings (and not null).');
  return parseRosArguments(argv).unparsed;
}

/** rclnodejs's `logging` is its Logging class (`logging.getLogger(name)`). */
export const logging = Logging;

// The standard packages' types, as rclnodejs exposes them (rclnodejs.std_msgs.msg.String).
export type * from '../interfaces/standardTypes.js';
export type { ActionsMap, MessageOf, MessagesMap, RequestOf, ResponseOf, ServicesMap } from '../interfaces/typeMaps.js';
/** rclnodejs 1.x's error classes (RclNodeError, TimeoutError, MessageValidationError, …). */
export * from '../ros/rclErrors.js';
export {
  ActionClient,
  ActionEndpointInfo,
  ActionServer,
  ActionUuid,
  assertValidMessage,
  CancelResponse,
  Client,
  ClientGoalHandle,
  Clock,
  ClockChange,
  ClockEvent,
  ClockType,
  Context,
  createMessage,
  createMessageObject,
  createMessageValidator,
  DEFAULT_NUMERIC_RANGE_TOLERANCE,
  DistroUtils,
  Duration,
  deserializeMessage,
  expandTopicName,
  FloatingPointRange,
  GoalResponse,
  GoalStatus,
  GuardCondition,
  getActionClientNamesAndTypesByNode,
  getActionNamesAndTypes,
  getActionServerNamesAndTypesByNode,
  getFieldNames,
  getFieldType,
  getMessageSchema,
  IntegerRange,
  isTopicOrServiceHidden,
  Logging,
  LoggingSeverity,
  MessageInfo,
  MessageIntrospector,
  Node,
  NodeOptions,
  ObservableSubscription,
  Parameter,
  ParameterClient,
  ParameterDescriptor,
  ParameterEventHandler,
  ParameterType,
  ParameterWatcher,
  Publisher,
  PublisherEventCallbacks,
  QoS,
  QoSOverridingOptions,
  QoSPolicyKind,
  Range,
  Rate,
  RMWUtils,
  ROSClock,
  requireInterface as require,
  ServerGoalHandle,
  Service,
  ServiceIntrospectionStates,
  ServiceResponse,
  Subscription,
  SubscriptionEventCallbacks,
  serializeMessage,
  Time,
  Timer,
  TimeSource,
  toJSONSafe,
  toJSONString,
  ValidationProblem,
  validateMessage,
  validator,
  waitForMessage,
};
