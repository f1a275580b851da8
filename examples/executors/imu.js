// An IMU driver: angular rate and acceleration at 200 Hz.
'use strict';

const rclnodejs = require('rclnodejs');

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('imu');
  const publisher = node.createPublisher('sensor_msgs/msg/Imu', 'imu', { qos: 10 });
  let sample = 0;
  node.createTimer(5_000_000n, () => {
    const t = sample++ * 0.005;
    publisher.publish({
      header: { stamp: node.now().toMsg(), frame_id: 'imu' },
      orientation: { x: 0, y: 0, z: 0, w: 1 },
      angular_velocity: { x: 0, y: 0, z: 0.2 * Math.sin(t) },
      linear_acceleration: { x: 0.1 * Math.cos(t), y: 0, z: 9.81 },
    });
  });
  rclnodejs.spin(node);
});
