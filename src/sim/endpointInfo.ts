import { typeDescriptionHash } from '../interfaces/typeDescription.js';
import { splitNanoseconds } from '../ros/nanoseconds.js';
import { QoS, qosFromResolved, type ResolvedQoS } from '../ros/QoS.js';
import type { Publisher } from './Publisher.js';
import type { Subscription } from './Subscription.js';

/** rmw's `rmw_endpoint_type_t`. */
const EndpointType = { PUBLISHER: 1, SUBSCRIPTION: 2 } as const;

/** What DDS reports for a duration policy left unset: infinite (RMW_DURATION_INFINITE). */
const INFINITE = Object.freeze({ seconds: 9223372036n, nanoseconds: 854775807 });

/** rclnodejs's TopicEndpointInfo, as its native graph query builds it from rmw's. */
export interface TopicEndpointInfo {
  node_name: string;
  node_namespace: string;
  topic_type: string;
  topic_type_hash: { version: number; value: Buffer };
  endpoint_type: number;
  endpoint_gid: number[];
  qos_profile: Record<string, unknown>;
}

/** A QoS as rmw reports it (rmw_qos_profile_t's fields and enum numbers). */
export function rmwQoSProfile(qos: ResolvedQoS): Record<string, unknown> {
  const { depth, history, reliability, durability } = qosFromResolved(qos);
  return {
    depth,
    history,
    reliability,
    durability,
    lifespan: rmwTime(qos.lifespan),
    deadline: rmwTime(qos.deadline),
    // As the DDS layer reports it: system default resolved to automatic.
    liveliness: qos.manualLiveliness
      ? QoS.LivelinessPolicy.RMW_QOS_POLICY_LIVELINESS_MANUAL_BY_TOPIC
      : QoS.LivelinessPolicy.RMW_QOS_POLICY_LIVELINESS_AUTOMATIC,
    liveliness_lease_duration: rmwTime(qos.leaseDuration),
    avoid_ros_namespace_conventions: false,
  };
}

/** A duration policy as rclnodejs's graph query gives it: seconds (bigint) and nanoseconds. */
function rmwTime(ns: number): { seconds: bigint; nanoseconds: number } {
  if (ns === Infinity) return { ...INFINITE };
  const { seconds, nanoseconds } = splitNanoseconds(BigInt(ns));
  return { seconds: BigInt(seconds), nanoseconds };
}

export function topicEndpointInfo(endpoint: Publisher | Subscription, kind: 'publisher' | 'subscription'): TopicEndpointInfo {
  const type = endpoint.simulation.interfaces.message(endpoint.typeName);
  return {
    node_name: endpoint.node.name(),
    node_namespace: endpoint.node.namespace(),
    topic_type: endpoint.typeName,
    topic_type_hash: { version: 1, value: Buffer.from(typeDescriptionHash(type).slice('RIHS01_'.length), 'hex') },
    endpoint_type: kind === 'publisher' ? EndpointType.PUBLISHER : EndpointType.SUBSCRIPTION,
    endpoint_gid: endpoint.endpointGid(),
    qos_profile: rmwQoSProfile(endpoint.resolvedQoS),
  };
}
