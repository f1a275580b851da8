// What `rclsim` is in a separate program's process: the rclnodejs API of the client and rclsim's
// escape hatches (the job and the simulation stay in the simulation's process).
export { realRandomInt, wallClockNanoseconds } from '../compat/escapeHatch.js';
export * from './rclnodejs.js';
