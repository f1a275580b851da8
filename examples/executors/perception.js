// Finds bright columns in each image and reports them as obstacles 2 m ahead, keeping the
// image's stamp. Processes only the latest image (depth 1): an older one is stale.
'use strict';

const rclnodejs = require('rclnodejs');

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('perception');
  const publisher = node.createPublisher('geometry_msgs/msg/PoseArray', 'obstacles', { qos: 5 });
  node.createSubscription('sensor_msgs/msg/Image', 'camera/image', { qos: 1 }, (image) => {
    const poses = [];
    for (let column = 0; column < image.width; column++) {
      if (image.data[column] > 128) {
        poses.push({ position: { x: 2, y: (image.width / 2 - column) * 0.01, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } });
      }
    }
    publisher.publish({ header: image.header, poses });
  });
  rclnodejs.spin(node);
});
