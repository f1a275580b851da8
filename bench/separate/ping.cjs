// Publishes a 64-byte message every millisecond (the separate-programs bench).
const rclnodejs = require('rclnodejs');

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('ping');
  const publisher = node.createPublisher('std_msgs/msg/String', 'ping');
  const text = 'x'.repeat(64);
  node.createTimer(1_000_000n, () => publisher.publish({ data: text }));
  rclnodejs.spin(node);
});
