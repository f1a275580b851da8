// A plain rclnodejs subscriber; it prints what it hears with the time it heard it.
'use strict';

const rclnodejs = require('rclnodejs');

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('listener');
  node.createSubscription('std_msgs/msg/String', 'chatter', (msg, info) => {
    const latencyMs = Number(info.receivedTimestamp - info.sourceTimestamp) / 1e6;
    console.log(`I heard: [${msg.data}] at ${new Date().toISOString()} (${latencyMs} ms in transit)`);
  });
  rclnodejs.spin(node);
});
