// Plans a path around the obstacles: ten poses ahead, bent away from their mean lateral offset.
'use strict';

const rclnodejs = require('rclnodejs');

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('planner');
  const publisher = node.createPublisher('nav_msgs/msg/Path', 'path', { qos: 5 });
  node.createSubscription('geometry_msgs/msg/PoseArray', 'obstacles', { qos: 5 }, (obstacles) => {
    const offset = obstacles.poses.length === 0 ? 0 : obstacles.poses.reduce((sum, pose) => sum + pose.position.y, 0) / obstacles.poses.length;
    const poses = [];
    for (let i = 1; i <= 10; i++) {
      const x = i * 0.3;
      const y = -offset * Math.exp(-((x - 2) ** 2));
      poses.push({ header: obstacles.header, pose: { position: { x, y, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } } });
    }
    publisher.publish({ header: obstacles.header, poses });
  });
  rclnodejs.spin(node);
});
