import rclnodejs from 'rclnodejs';

/** A geometry_msgs/TransformStamped as the nodes publish it. */
export interface TransformStamped {
  header: { stamp: { sec: number; nanosec: number }; frame_id: string };
  child_frame_id: string;
  transform: { translation: { x: number; y: number; z: number }; rotation: { x: number; y: number; z: number; w: number } };
}

type Node = ReturnType<typeof rclnodejs.createNode>;

/** tf2_ros's QoS: /tf DynamicBroadcasterQoS (depth 100), /tf_static StaticBroadcasterQoS (depth 1, transient local); both reliable. */
function tfQoS(depth: number, transientLocal: boolean): InstanceType<typeof rclnodejs.QoS> {
  const { QoS } = rclnodejs;
  return new QoS(
    QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
    depth,
    QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE,
    transientLocal ? QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL : QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_VOLATILE,
  );
}

/** tf2_ros::TransformBroadcaster: each call one TFMessage on /tf of the transforms given (none too). */
export function transformBroadcaster(node: Node): (transforms: TransformStamped[]) => void {
  const publisher = node.createPublisher('tf2_msgs/msg/TFMessage', '/tf', { qos: tfQoS(100, false) });
  return (transforms) => publisher.publish({ transforms });
}

/**
 * tf2_ros::StaticTransformBroadcaster: it keeps every transform it was given (a later one of the
 * same child frame replaces the earlier) and publishes them all in one TFMessage on /tf_static.
 */
export function staticTransformBroadcaster(node: Node): (transforms: TransformStamped[]) => void {
  const publisher = node.createPublisher('tf2_msgs/msg/TFMessage', '/tf_static', { qos: tfQoS(1, true) });
  const kept: TransformStamped[] = [];
  return (transforms) => {
    for (const transform of transforms) {
      const same = kept.findIndex((known) => known.child_frame_id === transform.child_frame_id);
      if (same < 0) kept.push(transform);
      else kept[same] = transform;
    }
    publisher.publish({ transforms: kept });
  };
}
