import type { ExecutorConfig } from '../sim/Executors.js';
import { loadParamsFile, overridesFor, type ParamsRule } from '../sim/ParamsFile.js';
import type { SimulationOptions } from '../sim/Simulation.js';
import type { JobDefinition } from './JobHandle.js';
import type { RunOptions } from './runJob.js';

/** The options of the simulation that runs `definition`, the run's options (seed, parameter files, delays, order) over the job's. */
export function simulationOptions(definition: JobDefinition, options: RunOptions): SimulationOptions {
  const rules: ParamsRule[] = [...(definition.parameterRules ?? []), ...(options.paramsFiles ?? []).flatMap((file) => loadParamsFile(file))];
  return {
    ...(definition.startTime === undefined ? {} : { startTime: BigInt(definition.startTime) }),
    seed: options.seed ?? definition.seed ?? 0,
    parameterOverrides: (fqn) => overridesFor(rules, fqn),
    ...(options.fingerprint === undefined ? {} : { fingerprint: options.fingerprint }),
    ...(options.maxCallbacksPerInstant === undefined ? {} : { maxCallbacksPerInstant: options.maxCallbacksPerInstant }),
    ...(options.logOutput === undefined ? {} : { logOutput: options.logOutput }),
    topicDelays: new Map([...(definition.topicDelays ?? []), ...(options.topicDelays ?? [])]),
    ...(definition.topicDelayRanges === undefined ? {} : { topicDelayRanges: definition.topicDelayRanges }),
    remaps: definition.remaps ?? [],
    interfaces: definition.interfaces ?? [],
    zeroCopy: definition.zeroCopy ?? false,
    strictMessages: definition.strictMessages ?? false,
    ...(definition.network === undefined ? {} : { network: definition.network }),
    ...(definition.world === undefined ? {} : { world: definition.world }),
    executors: executorsOf(definition, options.seededOrder ?? false) ?? [],
    ...(options.seededOrder ? { rclpyOrder: 'seeded' as const } : {}),
    executionTimes: definition.executionTimes ?? [],
    faults: definition.faults ?? [],
    swarm: options.swarm ?? definition.swarm ?? false,
    ...(wantsMetrics(definition, options) ? { metrics: { chains: definition.chains ?? [] } } : {}),
  };
}

/** The executors of a run: the job's, or with seededOrder every one seeded (see RunOptions). */
function executorsOf(definition: JobDefinition, seededOrder: boolean): readonly ExecutorConfig[] | undefined {
  if (!seededOrder) return definition.executors;
  const executors = definition.executors ?? [];
  if (executors.length === 0) return [{ name: 'explore', type: 'single_threaded', nodes: ['*'], order: 'seeded', implicit: true }];
  return executors.map((executor) => ({ ...executor, order: 'seeded' }));
}

/** Metrics cost a little on every callback: collected where the job models executors, or is asked to. */
function wantsMetrics(definition: JobDefinition, options: RunOptions): boolean {
  return (
    options.metricsPath !== undefined ||
    (definition.executors ?? []).length > 0 ||
    (definition.executionTimes ?? []).length > 0 ||
    (definition.chains ?? []).length > 0
  );
}
