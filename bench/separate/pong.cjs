// Answers every ping with its length (the separate-programs bench).
const rclnodejs = require('rclnodejs');

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('pong');
  const publisher = node.createPublisher('std_msgs/msg/UInt64', 'pong');
  node.createSubscription('std_msgs/msg/String', 'ping', (message) => publisher.publish({ data: BigInt(message.data.length) }));
  rclnodejs.spin(node);
});
