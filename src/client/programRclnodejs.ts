import { programPort } from './programPort.js';
import { rclnodejsClient } from './rclnodejs.js';

/** What `rclnodejs` is in a separate program's process: the client over the program's socket. */
const rclnodejs = rclnodejsClient(programPort());

export const { Context, Node, Parameter, ParameterDescriptor, ParameterType, QoS, init, createNode, spin, spinOnce, shutdown } = rclnodejs;
export default rclnodejs;
