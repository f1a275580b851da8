import { drainMicrotasks } from '../base/microtasks.js';
import type { EndReason } from '../engine/Engine.js';
import { NetworkMonitor } from '../sim/NetworkMonitor.js';
import type { Simulation } from '../sim/Simulation.js';
import { WorldHost } from '../sim/WorldHost.js';
import { EngineWorldHost } from '../worldEngine/EngineWorldHost.js';
import { checkedEndTime } from './checkedEndTime.js';
import type { JobDefinition, JobHandle } from './JobHandle.js';
import { Perturbation } from './Perturbation.js';
import type { RunOutputs } from './RunOutputs.js';
import type { RunOptions } from './runJob.js';

/** How a run that went to its end ended: why, and its network (with the external simulator's name, if one ran). */
export interface RunEnd {
  endReason: EndReason;
  monitor: NetworkMonitor | null;
  simulator: string | null;
}

/**
 * The run itself: the job's setup (its programs start), the loop from the start time to the end,
 * then the job's end callbacks. Whatever fails on the way (in the engine too) is thrown.
 */
export async function runToEnd(simulation: Simulation, job: JobHandle, definition: JobDefinition, options: RunOptions, outputs: RunOutputs): Promise<RunEnd> {
  const engine = simulation.engine;
  const supervision = options.supervision;
  outputs.startTrace();
  const monitor = simulation.network === null ? null : new NetworkMonitor(simulation, simulation.network);
  supervision?.heartbeat.enterUserCode();
  await definition.setup(job);
  // Programs that build nodes in promise continuations (rclnodejs.init().then(...)) finish
  // now; a turn of the event loop lets a rejection nothing handles be seen, and fail the run.
  await drainMicrotasks();
  monitor?.checkPlacement();
  // An external network simulator is started and initialized before time begins.
  const simulator = (await simulation.network?.start()) ?? null;
  supervision?.heartbeat.leaveUserCode();
  engine.throwIfFailed();
  // Again once the setup ran, which may set the start (a bag, a job module).
  const endAt = checkedEndTime(engine.base, definition);
  // The world starts with time, at the run's start.
  if (simulation.worldConfig !== null) new WorldHost(simulation, simulation.worldConfig).start();
  if (definition.engineWorld !== undefined) await EngineWorldHost.start(simulation, definition.engineWorld);
  if (options.perturb) engine.observers.push(new Perturbation());
  await supervision?.started(engine.base, endAt);
  const endReason = await engine.run(endAt === undefined ? {} : { endAt });
  await outputs.ended(endReason);
  // What the last callbacks left pending (a rejection, a signal) belongs to this run.
  await drainMicrotasks();
  engine.throwIfFailed();
  await job.runEndCallbacks(endReason);
  await drainMicrotasks();
  engine.throwIfFailed();
  return { endReason, monitor, simulator };
}
