import { LoggingSeverity } from '../ros/LogOutput.js';
import { NodeOptions } from '../ros/NodeOptions.js';
import { inferParameter, Parameter, ParameterType } from '../ros/Parameter.js';
import { QoS } from '../ros/QoS.js';
import type { ClassicNode, ClassicServer, NodeRequest, RosQoS, Severity } from '../world/classic/ClassicRos.js';
import { Node } from './Node.js';
import type { Publisher } from './Publisher.js';
import type { Simulation } from './Simulation.js';

const SEVERITY: Readonly<Record<Severity, LoggingSeverity>> = { info: LoggingSeverity.INFO, warn: LoggingSeverity.WARN, error: LoggingSeverity.ERROR };
const LOCATION = () => ({ function: '', file: '', line: 0 });

/**
 * The ROS nodes of classic Gazebo's gazebo_ros plugins, as gazebo_ros's Node::Get makes them
 * (gazebo_ros_pkgs ros2, gazebo_ros/src/node.cpp): the plugin's name and `<ros>` namespace, its
 * remappings and parameters, `use_sim_time` true; a second node of one full name is gazebo_ros's
 * error line and no node. `around` runs a subscription's handler with the world caught up to the
 * moment (and rescheduled after).
 */
export function classicServer(
  simulation: Simulation,
  gzserver: { readonly plugins: readonly string[]; readonly rosArguments: readonly string[] },
  around: (handler: () => void) => void,
): ClassicServer {
  const made = new Set<string>();
  let gazebo: ClassicNode | null = null;
  const qosOf = (qos: RosQoS) =>
    new QoS(
      QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
      qos.depth,
      qos.reliability === 'reliable' ? QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE : QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT,
      QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_VOLATILE,
    );
  const server: ClassicServer = {
    plugins: gzserver.plugins,
    gazebo() {
      // gzserver's `--ros-args` are rclcpp::init's: they reach the node gazebo_ros_init makes.
      gazebo ??= server.node({
        name: 'gazebo',
        namespace: '/',
        arguments: ['--ros-args', ...gzserver.rosArguments],
        parameters: [],
        place: { file: 'gzserver', line: 0 },
      });
      return gazebo!;
    },
    node(request: NodeRequest): ClassicNode | null {
      const full = `${request.namespace === '/' ? '' : request.namespace}/${request.name}`;
      if (made.has(full)) {
        simulation.warn(
          `${request.place.file}:${request.place.line}: gazebo_ros: a node named '${full}' already exists: the plugin gets no node and does nothing (gazebo_ros's Node::Get)`,
        );
        return null;
      }
      made.add(full);
      const parameterOverrides = [
        inferParameter('use_sim_time', true),
        ...request.parameters.map((parameter) => inferParameter(parameter.name, parameter.value)),
      ];
      const node = new Node(
        request.name,
        request.namespace,
        simulation.defaultContext,
        NodeOptions.from({ startParameterServices: false, startTypeDescriptionService: false, parameterOverrides }),
        request.arguments,
        false,
      );
      return {
        log: (severity, text) => node.getLogger().logAt(SEVERITY[severity], text, LOCATION),
        publisher(type, topic, qos) {
          const publisher = node.createPublisher(type, topic, { qos: qosOf(qos) }) as Publisher;
          return { topic: publisher.topic, publish: (message) => publisher.publish(message) };
        },
        subscribe(type, topic, qos, handler) {
          const subscription = node.createSubscription(
            type,
            topic,
            { qos: qosOf(qos) },
            { deliver: (message: unknown) => around(() => handler(message as Record<string, unknown>)) },
          );
          return subscription.topic;
        },
        declare(name, fallback) {
          return Number(node.declareParameter(new Parameter(name, ParameterType.PARAMETER_DOUBLE, fallback)).value);
        },
      };
    },
  };
  return server;
}
