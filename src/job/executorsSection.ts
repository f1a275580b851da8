import { RCLC_DEFAULT_TIMEOUT } from '../engine/executors/RclcExecutor.js';
import type { EntityMatch } from '../sim/EntitySelector.js';
import type { ExecutionTimeRule } from '../sim/ExecutionTimes.js';
import type { ChainConfig } from '../sim/ExecutorMetrics.js';
import type { ExecutorConfig } from '../sim/Executors.js';
import { given, type Location, type SectionContext } from './sectionContext.js';
import { type DistributionEntry, timeModelAt } from './timeModelEntry.js';

interface EntityMatchEntry {
  nodes?: string[];
  kind?: string;
  topic?: string;
}

export interface ExecutorEntry {
  name?: string;
  type: ExecutorConfig['type'];
  nodes: string[];
  order?: 'creation' | 'seeded';
  threads?: number;
  groups?: (EntityMatchEntry & { name: string; type: 'reentrant' | 'mutually_exclusive' })[];
  handles?: EntityMatchEntry[];
  trigger?: 'any' | 'all' | 'always' | { one: string };
  semantics?: 'rclcpp_executor' | 'let';
  period?: string | number;
  timeout?: string | number;
}

export type ChainEntry = string[] | { name?: string; topics: string[] };

export type ExecutionTimeEntry = EntityMatchEntry & { time: string | number | DistributionEntry };

/** The job's `executors:`, checked: unique names, each key given to the type it applies to. */
export function executorsConfig(entries: readonly ExecutorEntry[], context: SectionContext): ExecutorConfig[] {
  const { fail } = context;
  const names = new Set<string>();
  return entries.map((entry, i) => {
    const name = entry.name ?? `${entry.type}_${i}`;
    if (names.has(name)) fail(['executors', i, 'name'], `a second executor named '${name}'`);
    names.add(name);
    const at = (key: string): Location => ['executors', i, key];
    const common = { name, nodes: entry.nodes, order: entry.order ?? 'creation' };
    const only = (type: ExecutorConfig['type'], keys: (keyof ExecutorEntry)[]): void => {
      for (const key of keys) if (entry[key] !== undefined && entry.type !== type) fail(at(key), `applies to ${type} executors only, not ${entry.type}`);
    };
    only('multi_threaded', ['threads', 'groups']);
    only('rclc', ['handles', 'trigger', 'semantics', 'period', 'timeout']);
    if (entry.type === 'events' && entry.order !== undefined)
      fail(at('order'), 'applies to wait-set executors, not events (which runs events in arrival order)');
    switch (entry.type) {
      case 'events':
      case 'single_threaded':
        return { ...common, type: entry.type };
      case 'multi_threaded':
        return {
          ...common,
          type: entry.type,
          threads: entry.threads ?? fail(['executors', i], "a multi_threaded executor needs 'threads'"),
          groups: (entry.groups ?? []).map((group, g) => ({ ...matchAt([...at('groups'), g], group, context), name: group.name, type: group.type })),
        };
      case 'rclc': {
        const trigger = entry.trigger ?? 'any';
        const ns = (key: 'period' | 'timeout', value: string | number | undefined, fallback: number): number =>
          value === undefined ? fallback : Number(context.duration(at(key), value));
        return {
          ...common,
          type: entry.type,
          ...given('handles', entry.handles, (handles) => handles.map((match, h) => matchAt([...at('handles'), h], match, context))),
          trigger: typeof trigger === 'string' ? { kind: trigger } : { kind: 'one', channel: context.topic([...at('trigger'), 'one'], trigger.one) },
          semantics: entry.semantics ?? 'rclcpp_executor',
          period: ns('period', entry.period, 0),
          timeout: ns('timeout', entry.timeout, RCLC_DEFAULT_TIMEOUT),
        };
      }
    }
  });
}

/** The job's `chains:`: each its list of topics, or { name, topics }. */
export function chainsConfig(entries: readonly ChainEntry[], context: SectionContext): ChainConfig[] {
  return entries.map((entry, i) => {
    const named = Array.isArray(entry) ? { topics: entry } : entry;
    const location = Array.isArray(entry) ? ['chains', i] : ['chains', i, 'topics'];
    return { name: named.name ?? `chain_${i}`, topics: named.topics.map((topic, k) => context.topic([...location, k], topic)) };
  });
}

/** The job's `execution_times:`: which callbacks, and how long each takes. */
export function executionTimesConfig(entries: readonly ExecutionTimeEntry[], context: SectionContext): ExecutionTimeRule[] {
  return entries.map((entry, i) => ({
    ...matchAt(['execution_times', i], entry, context),
    time: timeModelAt(['execution_times', i, 'time'], entry.time, context),
  }));
}

/** The callbacks an entry names: of which nodes, of which kind, on which topic. */
function matchAt(location: Location, match: EntityMatchEntry, context: SectionContext): EntityMatch {
  return {
    ...given('nodes', match.nodes),
    ...given('kind', match.kind),
    ...given('channel', match.topic, (topic) => context.topic([...location, 'topic'], topic)),
  };
}
