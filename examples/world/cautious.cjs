// Drives the rover east at 0.5 m/s and stops when its lidar sees the wall within 0.4 m ahead:
// safe while scans arrive, but it keeps going on the last command when they do not.
const rclnodejs = require('rclnodejs');
rclnodejs.init().then(() => {
  const node = new rclnodejs.Node('cautious');
  const cmd = node.createPublisher('geometry_msgs/msg/Twist', 'cmd_vel');
  node.createSubscription('sensor_msgs/msg/LaserScan', 'scan', (scan) => {
    const front = scan.ranges[180];
    const blocked = front < 0.4;
    cmd.publish({ linear: { x: blocked ? 0 : 0.5, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0 } });
  });
  rclnodejs.spin(node);
});
