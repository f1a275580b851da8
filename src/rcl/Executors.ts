import type { Executable } from '../engine/Executable.js';
import type { CallbackGroup, Executor } from '../engine/executors/Executor.js';
import { RclcExecutor, type RclcTrigger } from '../engine/executors/RclcExecutor.js';
import { type SnapshotOrder, WaitSetExecutor } from '../engine/executors/WaitSetExecutor.js';
import { NodePatterns } from '../engine/NodePatterns.js';
import { SeededRandom } from '../engine/SeededRandom.js';
import { type EntityMatch, EntitySelector, nodeOf } from './EntitySelector.js';
import type { Node } from './Node.js';
import type { Simulation } from './Simulation.js';

interface ExecutorCommon {
  name: string;
  /** Node-name patterns (see NodePatterns): a node runs in the first executor that matches it. */
  nodes: readonly string[];
  /** How a wait result orders entities of one kind (rclc executors keep their handle order). */
  order: SnapshotOrder;
}

/** A callback group of a job: entities it matches join it, one group per node (rclcpp's groups belong to nodes). */
export interface CallbackGroupConfig extends EntityMatch {
  name: string;
  type: 'reentrant' | 'mutually_exclusive';
}

/** An executor of a job (DESIGN "Executors"). */
export type ExecutorConfig =
  | (ExecutorCommon & { type: 'single_threaded' })
  | (ExecutorCommon & { type: 'multi_threaded'; threads: number; groups: readonly CallbackGroupConfig[] })
  | (ExecutorCommon & {
      type: 'rclc';
      /** Its handles in handle order (default: every callback entity of its nodes, by creation). */
      handles?: readonly EntityMatch[];
      trigger: RclcTrigger;
      semantics: 'rclcpp_executor' | 'let';
      /** ns; 0: rclc_executor_spin. */
      period: number;
      timeout: number;
    });

/** Seeded streams of executors (one each, apart from every other consumer's). */
const EXECUTOR_STREAM = 0x45_0000;

/** The job's executors and which nodes each runs. */
export class Executors {
  readonly #entries: { executor: Executor; config: ExecutorConfig; patterns: NodePatterns; handles: (() => readonly Executable[]) | null }[];
  readonly #simulation: Simulation;

  constructor(configs: readonly ExecutorConfig[], simulation: Simulation) {
    this.#simulation = simulation;
    this.#entries = configs.map((config, i) => {
      const { executor, handles } = createExecutor(
        config,
        simulation,
        config.order === 'seeded' ? new SeededRandom(simulation.seed, EXECUTOR_STREAM + i) : null,
      );
      simulation.engine.executors.push(executor);
      return { executor, config, patterns: new NodePatterns(config.nodes), handles };
    });
  }

  /** What the job asked that came to nothing: an executor that ran no node, an rclc trigger on a topic none of its handles has. */
  warnings(): string[] {
    const warnings: string[] = [];
    for (const { executor, config, handles } of this.#entries) {
      if (!this.#simulation.nodes.some((node) => node.executor === executor)) {
        warnings.push(`executor '${config.name}' ran no node: its patterns (${config.nodes.join(', ')}) matched none`);
      } else if (config.type === 'rclc' && config.trigger.kind === 'one' && handles !== null) {
        const channel = config.trigger.channel;
        if (!handles().some((handle) => handle.channel === channel))
          warnings.push(`executor '${config.name}' has no handle on ${channel}: its trigger { one: ${channel} } never held`);
      }
    }
    return warnings;
  }

  /** The executors in declaration order, with their types. */
  list(): { executor: Executor; type: string }[] {
    return this.#entries.map(({ executor, config }) => ({ executor, type: config.type }));
  }

  /** The executor that runs a node's callbacks (null: the default events executor). */
  of(fullyQualifiedName: string, name: string): Executor | null {
    for (const { executor, patterns } of this.#entries) if (patterns.matches(fullyQualifiedName, name)) return executor;
    return null;
  }
}

/** An engine executor for a job's entry, and (rclc) its handle list. */
function createExecutor(
  config: ExecutorConfig,
  simulation: Simulation,
  random: SeededRandom | null,
): { executor: Executor; handles: (() => readonly Executable[]) | null } {
  const engine = simulation.engine;
  switch (config.type) {
    case 'single_threaded':
      return { executor: new WaitSetExecutor(config.name, random, engine.callTimerOf), handles: null };
    case 'multi_threaded':
      return { executor: new WaitSetExecutor(config.name, random, engine.callTimerOf, config.threads, groupsOf(config.groups)), handles: null };
    case 'rclc': {
      let executor: RclcExecutor | null = null;
      const handles = handlesOf(config.handles, simulation, (node) => node.executor === executor);
      executor = new RclcExecutor(config.name, config, handles, engine.callTimerOf);
      return { executor, handles };
    }
  }
}

/**
 * The callback group of each entity: the first of the job's groups that matches it (a group of
 * that name in the entity's node), else its node's default group, mutually exclusive as
 * rclcpp's default callback group is.
 */
function groupsOf(configs: readonly CallbackGroupConfig[]): (entity: Executable) => CallbackGroup {
  const selectors = configs.map((config) => ({ config, selector: new EntitySelector(config) }));
  const groups = new Map<string, CallbackGroup>();
  return (entity) => {
    const node = nodeOf(entity)?.getFullyQualifiedName() ?? entity.owner;
    const match = selectors.find(({ selector }) => selector.matches(entity));
    const name = match === undefined ? `${node} default` : `${node} ${match.config.name}`;
    let group = groups.get(name);
    if (group === undefined)
      groups.set(name, (group = { name, exclusive: match === undefined || match.config.type === 'mutually_exclusive', busyUntil: -Infinity }));
    return group;
  };
}

/**
 * An rclc executor's handles: its nodes' callback entities, those the job lists in the job's
 * order (each entry's matches by creation), or all of them by creation. Rebuilt when an entity
 * was created or destroyed (rclc rebuilds its wait set on each handle added).
 */
function handlesOf(listed: readonly EntityMatch[] | undefined, simulation: Simulation, isMine: (node: Node) => boolean): () => readonly Executable[] {
  const selectors = listed?.map((match) => new EntitySelector(match));
  let handles: Executable[] = [];
  let generation = -1;
  return () => {
    if (generation === simulation.entityGeneration) return handles;
    generation = simulation.entityGeneration;
    const entities = simulation.nodes.filter((node) => isMine(node) && !node.isDestroyed).flatMap((node) => node._callbackEntities());
    entities.sort((a, b) => a.entityId - b.entityId);
    // An entity two entries match is one handle, at its first place.
    handles = selectors === undefined ? entities : [...new Set(selectors.flatMap((selector) => entities.filter((entity) => selector.matches(entity))))];
    return handles;
  };
}
