import type { NodePort } from '../port/NodePort.js';
import { Parameter, ParameterDescriptor, ParameterType } from '../rcl/Parameter.js';
import { QoS } from '../rcl/QoS.js';
import { Context } from './Context.js';
import { Node } from './Node.js';

/**
 * The rclnodejs module as a client of one node port: an in-process program's (DirectPort) or a
 * separate program's (its socket). The same code serves both, so a program behaves alike either way.
 */
export function rclnodejsClient(port: NodePort) {
  const defaultContext = new Context(port, 0);
  return {
    Context,
    Node,
    Parameter,
    ParameterDescriptor,
    ParameterType,
    QoS,
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
      const info = port.createNode({ context: context.id, name: nodeName, namespace, args, useGlobalArguments, options });
      return new Node(port, info, context);
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
  };
}
