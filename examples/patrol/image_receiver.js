// Takes the other UAV's images and says when each arrived: a sensor_msgs/TimeReference per image,
// stamped with the arrival, whose time_ref is the image's own stamp.
'use strict';

const rclnodejs = require('rclnodejs');

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('image_receiver');
  const qos = new rclnodejs.QoS(
    rclnodejs.QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
    10,
    rclnodejs.QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE,
  );
  const receipts = node.createPublisher('sensor_msgs/msg/TimeReference', 'receipts');
  node.createSubscription('sensor_msgs/msg/CompressedImage', 'images', { qos }, (image) => {
    receipts.publish({ header: { stamp: node.now().toMsg(), frame_id: '' }, time_ref: image.header.stamp, source: `${image.data.length}` });
  });
  rclnodejs.spin(node);
});
