// Drives the rover a loop through the hall: straight legs and turns, a command every 0.1 s.
const rclnodejs = require('rclnodejs');
// [until (s), forward m/s, turn rad/s]
const legs = [
  [1, 0, 0],
  [5, 0.6, 0],
  [7, 0.3, 0.8],
  [11, 0.6, 0],
  [13, 0.3, 0.8],
  [16, 0.6, 0.1],
  [18, 0.3, -0.6],
  [20, 0.6, 0],
];
rclnodejs.init().then(() => {
  const node = new rclnodejs.Node('drive');
  const cmd = node.createPublisher('geometry_msgs/msg/Twist', 'cmd_vel');
  node.createTimer(100000000n, () => {
    const t = Number(node.now().nanoseconds) / 1e9;
    const [, v, w] = legs.find(([until]) => t < until) ?? [0, 0, 0];
    cmd.publish({ linear: { x: v, y: 0, z: 0 }, angular: { x: 0, y: 0, z: w } });
  });
  rclnodejs.spin(node);
});
