import type { MessageType } from '../interfaces/MessageType.js';
import { LoggingSeverity } from '../ros/LogOutput.js';
import type { NodeOptions } from '../ros/NodeOptions.js';
import { resolveQoS } from '../ros/QoS.js';
import { Logging } from './Logging.js';
import type { Node } from './Node.js';
import { Publisher } from './Publisher.js';
import { RosoutLoggers } from './Rosout.js';

/** A node's logger and its part in /rosout (rclcpp's node_logging). */
export class NodeLogging {
  readonly logger: Logging;
  readonly #node: Node;
  /** Whether the node takes part in /rosout (rclnodejs's `_enableRosout`). */
  #rosoutEnabled = false;
  /** rcl's publisher, if the node got one (not among its publishers). */
  #rosout: Publisher | null = null;

  constructor(node: Node, loggerName: string) {
    this.#node = node;
    this.logger = new Logging(loggerName, node.simulation);
  }

  /** The type the /rosout publisher uses, if the node has one. */
  get typesInUse(): readonly MessageType[] {
    return this.#rosout === null ? [] : [this.#rosout.type];
  }

  /**
   * rcl_logging_rosout_init_publisher_for_node: a /rosout publisher for the node's logger, with
   * the NodeOptions' rosoutQos or rcl's rosout profile — unless another node already registered
   * the logger name (rcl's warning; its logs go out over that node's publisher).
   */
  startRosout(options: NodeOptions): void {
    this.#rosoutEnabled = true;
    const name = this.logger.name;
    const simulation = this.#node.simulation;
    if (!simulation.rosout.canRegister(name)) {
      simulation.logOutput.log(
        LoggingSeverity.WARN,
        'rcl.logging_rosout',
        `Publisher already registered for node name: '${this.#node.name()}'. If this is due to multiple nodes with the same name then all logs for the logger named '${name}' will go out over the existing publisher. As soon as any node with that name is destructed it will unregister the publisher, preventing any further logs for that name from being published on the rosout topic.`,
        simulation.engine.nowAbs,
      );
      return;
    }
    const qos = options.rosoutQos === null ? RosoutLoggers.QOS : resolveQoS(options.rosoutQos, 'qos_profile_default', 'publisher');
    const publisher = new Publisher(this.#node, 'rcl_interfaces/msg/Log', '/rosout', qos);
    simulation.graph.addPublisher(publisher);
    simulation.rosout.addNode(name, this.#node, publisher);
    this.#rosout = publisher;
  }

  /** The node is destroyed: its logger leaves /rosout. */
  end(): void {
    if (this.#rosoutEnabled) this.#node.simulation.rosout.removeNode(this.logger.name);
    this.#rosout?.destroy();
    this.#rosout = null;
  }
}
