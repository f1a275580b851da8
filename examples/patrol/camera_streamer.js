// Sends as much as it can: a 100 kB compressed image every 10 ms (80 Mbit/s, more than any
// 802.11n single-stream link carries), reliable, keep last 10, as a camera driver would.
'use strict';

const rclnodejs = require('rclnodejs');

const BYTES = 100_000;

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('camera_streamer');
  const qos = new rclnodejs.QoS(
    rclnodejs.QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
    10,
    rclnodejs.QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE,
  );
  const publisher = node.createPublisher('sensor_msgs/msg/CompressedImage', 'camera/compressed', { qos });
  const data = new Uint8Array(BYTES);
  let frame = 0;
  node.createTimer(10_000_000n, () => {
    data.fill(frame++ & 0xff);
    publisher.publish({ header: { stamp: node.now().toMsg(), frame_id: 'camera' }, format: 'jpeg', data });
  });
  rclnodejs.spin(node);
});
