// The node under test: an unmodified rclnodejs program that turns every /topic message into an
// upper-case /shout, numbered, and reports the gap to the previous message in sim time.
'use strict';
const rclnodejs = require('rclnodejs');

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('shouter');
  const publisher = node.createPublisher('std_msgs/msg/String', 'shout');
  let count = 0;
  let previous;
  node.createSubscription('std_msgs/msg/String', 'topic', (message) => {
    const now = node.getClock().now().nanoseconds;
    const gapMs = previous === undefined ? 0 : Number(now - previous) / 1e6;
    previous = now;
    publisher.publish(`${message.data.toUpperCase()} (#${++count}, +${gapMs.toFixed(3)} ms)`);
  });
  rclnodejs.spin(node);
});
