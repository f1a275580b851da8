/**
 * The rclnodejs module as programs load it (`require('rclnodejs')` is the module object, whose
 * `default` is the module again, as rclnodejs's index.js has it).
 */
import * as rclnodejs from './rclnodejs.js';

export * from './rclnodejs.js';
export default rclnodejs;
