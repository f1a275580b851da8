// A plain rclnodejs publisher: it paces itself with setInterval, as many rclnodejs programs do.
'use strict';

const rclnodejs = require('rclnodejs');

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('talker');
  const publisher = node.createPublisher('std_msgs/msg/String', 'chatter');
  let count = 0;
  setInterval(() => {
    const text = `Hello World: ${count++}`;
    node.getLogger().info(`Publishing: '${text}'`);
    publisher.publish(text);
  }, 500);
  rclnodejs.spin(node);
});
