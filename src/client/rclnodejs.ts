import type { NodePort } from '../port/NodePort.js';
// Value classes: rcl's, which load no simulation.
import { ClockType } from '../rcl/ClockType.js';
import { Duration } from '../rcl/Duration.js';
import * as errors from '../rcl/errors.js';
import { FloatingPointRange, IntegerRange, Parameter, ParameterDescriptor, ParameterType } from '../rcl/Parameter.js';
import { QoS } from '../rcl/QoS.js';
import { Time } from '../rcl/Time.js';
import { Context } from './Context.js';
import { Node } from './Node.js';

/**
 * The rclnodejs module as a client of one node port: an in-process program's (DirectPort) or a
 * separate program's (its socket). The same code serves both, so a program behaves alike either way.
 */
export function rclnodejsClient(port: NodePort) {
  const defaultContext = Context.defaultContext(port);
  return {
    ...errors,
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
    /** Takes the ROS arguments (`--ros-args …`) of argv for the context's nodes; never blocks. */
    async init(context: Context = defaultContext, argv: readonly string[] = process.argv): Promise<void> {
      context.init(argv);
    },
    createNode(
      nodeName: string,
      namespace = '',
      context: Context = defaultContext,
      options: Record<string, unknown> = {},
      args: readonly string[] = [],
      useGlobalArguments = true,
    ): Node {
      return new Node(nodeName, namespace, context, options, args, useGlobalArguments);
    },
    spin(node: Node): void {
      node.spin();
    },
    spinOnce(node: Node): void {
      node.spinOnce();
    },
    shutdown(context: Context = defaultContext): void {
      context.shutdown();
    },
    /** True until init() and after shutdown(), as in rclnodejs. */
    isShutdown(context: Context = defaultContext): boolean {
      return !context.isInitialized();
    },
    /** rclnodejs's SIGINT handler shuts its contexts down; rclsim installs none for programs. */
    removeSignalHandlers(): void {},
  };
}
