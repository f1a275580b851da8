import { programPort } from './programPort.js';
import { rclnodejsClient } from './rclnodejs.js';

/** What `rclnodejs` is in a separate program's process: the client over the program's socket. */
const rclnodejs = rclnodejsClient(programPort());

export const {
  ClockType,
  Context,
  Duration,
  FloatingPointRange,
  IntegerRange,
  Node,
  Parameter,
  ParameterDescriptor,
  ParameterType,
  QoS,
  Time,
  init,
  createNode,
  spin,
  spinOnce,
  shutdown,
  isShutdown,
  removeSignalHandlers,
} = rclnodejs;
export default rclnodejs;
