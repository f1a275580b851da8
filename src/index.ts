/** rclsim's programmatic API: jobs, the simulation and its ROS 2 client library. */
export { defineJob, JobHandle, type JobDefinition } from './job/Job.js';
export type { ComponentFactory, ComponentOptions } from './job/components.js';
export { runJob, type RunOptions } from './job/runJob.js';
export { loadJobModule } from './job/loadJobModule.js';
export { loadParamsFile, parseParamsFile, overridesFor, type ParamsRule } from './rcl/ParamsFile.js';
export { summaryToJson, type RunSummary } from './job/RunSummary.js';
export { Simulation, type SimulationOptions } from './rcl/Simulation.js';
export { LogOutput, type LogRecord } from './rcl/LogOutput.js';
export { Engine, type EndReason } from './engine/Engine.js';
export { CallbackError, LivelockError, SimTimeRangeError, formatSimTime } from './engine/errors.js';
export * from './compat/api.js';
export { realRandomInt, wallClockNanoseconds } from './compat/escapeHatch.js';
