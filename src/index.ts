/** rclsim's programmatic API: jobs, the simulation and its ROS 2 client library. */

export { CallbackError, formatSimTime, LivelockError, SimTimeRangeError } from './base/runErrors.js';
export { always, reachable, sometimes, unreachable } from './client/assertions.js';
export { realRandomInt, wallClockNanoseconds } from './client/escapeHatch.js';
export * from './compat/api.js';
export { type EndReason, Engine } from './engine/Engine.js';
export type { ComponentFactory, ComponentOptions } from './job/components.js';
export { defineJob, type JobDefinition, JobHandle } from './job/JobHandle.js';
export { loadJobModule } from './job/loadJobModule.js';
export { type RunSummary, summaryToJson } from './job/RunSummary.js';
export { type RunOptions, runJob } from './job/runJob.js';
export { LogOutput, type LogRecord } from './ros/LogOutput.js';
export { loadParamsFile, overridesFor, type ParamsRule, parseParamsFile } from './sim/ParamsFile.js';
export { Simulation, type SimulationOptions } from './sim/Simulation.js';
