/**
 * turtlesim's turtlesim_node (turtlesim.cpp): the node `turtlesim` and its frame, spun until
 * the run ends.
 */
import rclnodejs from 'rclnodejs';
import { TurtleFrame } from './frame/TurtleFrame.js';

await rclnodejs.init();
const node = rclnodejs.createNode('turtlesim');
new TurtleFrame(node);
rclnodejs.spin(node);
