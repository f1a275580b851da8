/**
 * The rclnodejs-shaped module: a program imports this (named or default import) instead of
 * `rclnodejs` and runs unmodified inside a simulation.
 */
import * as rclnodejs from './api.js';

export * from './api.js';
export default rclnodejs;
