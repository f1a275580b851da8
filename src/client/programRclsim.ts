// What `rclsim` is in a separate program's process: the rclnodejs API of the client, rclsim's
// escape hatches and assertions (the job and the simulation stay in the simulation's process).

export { always, reachable, sometimes, unreachable } from './assertions.js';
export { realRandomInt, wallClockNanoseconds } from './escapeHatch.js';
export * from './rclnodejs.js';
