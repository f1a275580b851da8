/**
 * turtlesim's mimic (tutorials/mimic.cpp): the node `turtle_mimic` turns each pose it hears on
 * `input/pose` into the velocity command that repeats it on `output/cmd_vel` (remap both, as the
 * tutorials do: `--ros-args -r /input/pose:=/turtle1/pose -r /output/cmd_vel:=/turtle2/cmd_vel`).
 */
import rclnodejs from 'rclnodejs';
import { topicQos } from './frame/Turtle.js';

await rclnodejs.init();
const node = rclnodejs.createNode('turtle_mimic');
const qos = topicQos();
const twist = node.createPublisher('geometry_msgs/msg/Twist', 'output/cmd_vel', { qos });
node.createSubscription('turtlesim/msg/Pose', 'input/pose', { qos }, (pose) => {
  twist.publish({ linear: { x: pose.linear_velocity, y: 0, z: 0 }, angular: { x: 0, y: 0, z: pose.angular_velocity } });
});
rclnodejs.spin(node);
