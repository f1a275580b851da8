// Raises the arm: a PD torque on the shoulder toward −0.4 rad (above the horizontal: the hinge turns about y,
// positive down) from each /joint_states, the elbow's servo told −0.6 rad once; says once a
// second where the joints and the tip are.
const rclnodejs = require('rclnodejs');
rclnodejs.init().then(() => {
  const node = new rclnodejs.Node('controller');
  const shoulder = node.createPublisher('std_msgs/msg/Float64', '/arm/shoulder_cmd');
  const elbow = node.createPublisher('std_msgs/msg/Float64', '/arm/elbow_cmd');
  let joints = null;
  let tip = null;
  node.createSubscription('geometry_msgs/msg/PointStamped', '/arm/tip', (point) => {
    tip = point.point;
  });
  node.createSubscription('sensor_msgs/msg/JointState', '/joint_states', (state) => {
    if (joints === null) elbow.publish({ data: -0.6 });
    joints = state;
    shoulder.publish({ data: 60 * (-0.4 - state.position[0]) - 6 * state.velocity[0] });
  });
  node.createTimer(1000000000n, () => {
    if (joints === null || tip === null) return;
    const [q1, q2] = joints.position;
    node.getLogger().info(`shoulder ${q1.toFixed(3)} rad, elbow ${q2.toFixed(3)} rad, tip at x ${tip.x.toFixed(3)} z ${tip.z.toFixed(3)} m`);
  });
  rclnodejs.spin(node);
});
