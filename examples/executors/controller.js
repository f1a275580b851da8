// The control loop: every 10 ms (100 Hz) it steers toward the latest path's first pose,
// damped by the IMU's yaw rate. A late loop is a missed deadline: the run's metrics count them
// (timer overruns) and give the loop's waiting and response times.
'use strict';

const rclnodejs = require('rclnodejs');

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('controller');
  const publisher = node.createPublisher('geometry_msgs/msg/TwistStamped', 'cmd_vel', { qos: 5 });
  let path = null;
  let yawRate = 0;
  node.createSubscription('nav_msgs/msg/Path', 'path', { qos: 1 }, (message) => {
    path = message;
  });
  node.createSubscription('sensor_msgs/msg/Imu', 'imu', { qos: 10 }, (imu) => {
    yawRate = imu.angular_velocity.z;
  });
  node.createTimer(10_000_000n, () => {
    if (path === null) return;
    const target = path.poses[0].pose.position;
    publisher.publish({
      header: { stamp: node.now().toMsg(), frame_id: 'base_link' },
      twist: { linear: { x: 0.5, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 2 * Math.atan2(target.y, target.x) - 0.3 * yawRate } },
    });
  });
  rclnodejs.spin(node);
});
