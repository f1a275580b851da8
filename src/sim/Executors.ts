import { namedStream, SeededRandom } from '../base/SeededRandom.js';
import type { Executable } from '../engine/Executable.js';
import type { CallbackGroup, Executor } from '../engine/executors/Executor.js';
import { RclcExecutor, type RclcTrigger } from '../engine/executors/RclcExecutor.js';
import { RclpyExecutor, type TasksTurn } from '../engine/executors/RclpyExecutor.js';
import { type SnapshotOrder, WaitSetExecutor } from '../engine/executors/WaitSetExecutor.js';
import { NodePatterns } from '../ros/NodePatterns.js';
import { Entity } from './Entity.js';
import { type EntityMatch, EntitySelector, entityOf, nodeOf } from './EntitySelector.js';
import type { Node } from './Node.js';
import type { Program } from './Program.js';
import { ProgramTasks } from './ProgramTasks.js';
import type { Simulation } from './Simulation.js';

interface ExecutorCommon {
  name: string;
  /** Node-name patterns (see NodePatterns): a node runs in the first executor that matches it. */
  nodes: readonly string[];
  /** How a wait result orders entities of one kind (rclc executors keep their handle order). */
  order: SnapshotOrder;
  /** Made by rclsim, not the job (`--seeded-order` of a job without executors): a Python program's nodes keep rclpy's executor. */
  implicit?: boolean;
}

/** A callback group of a job: entities it matches join it, one group per node (rclcpp's groups belong to nodes). */
export interface CallbackGroupConfig extends EntityMatch {
  name: string;
  type: 'reentrant' | 'mutually_exclusive';
}

/** An executor of a job (docs/design.md#executors-and-execution-time). */
export type ExecutorConfig =
  | (ExecutorCommon & { type: 'events' })
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
/** Seeded streams of Python programs' rclpy executors, keyed by the program. */
const RCLPY_STREAM = 0x46_0000;
/** Seeded streams of C++ programs' MultiThreadedExecutors, keyed by the program. */
const RCLCPP_POOL_STREAM = 0x47_0000;

/** The callback groups a program put entities in (rclpy's, rclcpp's). */
interface ProgramGroups {
  /** The program's groups by the ids it gave them. */
  groups: Map<number, CallbackGroup>;
  /** Entities in a group other than their node's default one. */
  placed: Map<number, CallbackGroup>;
}

/** A Python program's rclpy executor and the callback groups its program put entities in. */
interface ProgramExecutor extends ProgramGroups {
  executor: RclpyExecutor;
  /** The program's tasks as a callback (made when it first has some). */
  tasks: ProgramTasks | null;
}

/**
 * A C++ program's callback groups and, once it spun a node with a MultiThreadedExecutor, the
 * model of rclcpp's that runs the nodes it spun so (the others stay in the events executor).
 */
interface ProgramPool extends ProgramGroups {
  executor: WaitSetExecutor | null;
}

/** The job's executors and which nodes each runs. */
export class Executors {
  readonly #entries: { executor: Executor | null; config: ExecutorConfig; patterns: NodePatterns; handles: (() => readonly Executable[]) | null }[];
  readonly #simulation: Simulation;
  /** How Python programs' rclpy executors order their nodes, and C++ programs' MultiThreadedExecutors their wait results. */
  readonly #rclpyOrder: SnapshotOrder;
  readonly #programExecutors = new Map<Program, ProgramExecutor>();
  readonly #programPools = new Map<Program, ProgramPool>();

  constructor(configs: readonly ExecutorConfig[], simulation: Simulation, rclpyOrder: SnapshotOrder = 'creation') {
    this.#simulation = simulation;
    this.#rclpyOrder = rclpyOrder;
    this.#entries = configs.map((config, i) => {
      const { executor, handles } = createExecutor(
        config,
        simulation,
        config.order === 'seeded' ? new SeededRandom(simulation.seed, EXECUTOR_STREAM + i) : null,
      );
      if (executor !== null) simulation.engine.executors.push(executor);
      return { executor, config, patterns: new NodePatterns(config.nodes), handles };
    });
  }

  /** What the job asked that came to nothing: an executor that ran no node, an rclc trigger on a topic none of its handles has. */
  warnings(): string[] {
    const warnings: string[] = [];
    for (const { executor, config, handles, patterns } of this.#entries) {
      const ran =
        executor === null
          ? (node: Node) => node.executor === null && patterns.matches(node.getFullyQualifiedName(), node.name())
          : (node: Node) => node.executor === executor;
      if (!this.#simulation.nodes.some(ran)) {
        warnings.push(`executor '${config.name}' ran no node: its patterns (${config.nodes.join(', ')}) matched none`);
      } else if (config.type === 'rclc' && config.trigger.kind === 'one' && handles !== null) {
        const channel = config.trigger.channel;
        if (!handles().some((handle) => handle.channel === channel))
          warnings.push(`executor '${config.name}' has no handle on ${channel}: its trigger { one: ${channel} } never held`);
      }
    }
    return warnings;
  }

  /** The executors in declaration order, with their types (the job's, then the Python programs' rclpy executors). */
  list(): { executor: Executor; type: string }[] {
    return [
      ...this.#entries.flatMap(({ executor, config }) => (executor === null ? [] : [{ executor, type: config.type }])),
      ...[...this.#programExecutors.values()].map(({ executor }) => ({ executor, type: 'rclpy' })),
      ...[...this.#programPools.values()].flatMap(({ executor }) => (executor === null ? [] : [{ executor, type: 'multi_threaded' }])),
    ];
  }

  /**
   * The executor that runs a node's callbacks (null: the default events executor): the first of
   * the job's that names it; else a Python program's node runs in its program's rclpy executor
   * (docs/design.md#python-programs), any other in the events executor.
   */
  of(fullyQualifiedName: string, name: string, program: Program): Executor | null {
    for (const { executor, patterns, config } of this.#entries) {
      if (config.implicit === true && program.language === 'python') continue;
      if (patterns.matches(fullyQualifiedName, name)) return executor;
    }
    return program.language === 'python' ? this.#programExecutor(program).executor : null;
  }

  /**
   * A program spins `node` with an executor of `threads` threads. A Python program's nodes run in
   * its rclpy executor, with that many threads (rclpy's MultiThreadedExecutor; 1: single-threaded).
   * A C++ program's node that the job's executors do not name runs in the events executor until a
   * MultiThreadedExecutor spins it; from then on it runs in the program's model of that executor
   * (rclcpp's wait-set executor with its threads and the program's callback groups).
   */
  spinWith(program: Program, threads: number, node: Node): void {
    if (program.language === 'python') {
      this.#programExecutors.get(program)?.executor.setThreads(threads);
      return;
    }
    if (program.language !== 'cpp') return;
    const pool = this.#programPools.get(program);
    if (node.executor !== null && node.executor === pool?.executor) {
      pool.executor.setThreads(threads);
      return;
    }
    if (threads < 2 || node.executor !== null || this.#named(node, program)) return;
    const found = this.#programPool(program);
    found.executor ??= this.#poolExecutor(program, found, threads);
    found.executor.setThreads(threads);
    node._runIn(found.executor);
  }

  /**
   * A callback of a program's entity (null: its tasks) waits on a thread of its executor, or ended
   * after it waited (WaitResultExecutor#hold): a Python program's rclpy executor, a C++ program's
   * MultiThreadedExecutor.
   */
  hold(program: Program, entity: number | null, on: boolean): void {
    const now = this.#simulation.engine.now;
    if (program.language === 'python') this.#programExecutors.get(program)?.executor.hold(entity, on, now);
    else if (entity !== null) this.#programPools.get(program)?.executor?.holdIfRan(entity, on, now);
  }

  /**
   * A Python program has tasks not done (Done.pending): `run` lets them go on when its rclpy
   * executor's generator next loops. False when the program has no rclpy executor (its nodes run
   * in the job's executors): then they go on right after the callback, as continuations do.
   */
  tasksWaiting(program: Program, run: () => void, how: TasksTurn): boolean {
    const found = this.#programExecutors.get(program);
    if (found === undefined) return false;
    found.tasks ??= new ProgramTasks(program);
    found.tasks.run = run;
    found.executor.tasksWaiting(found.tasks, how);
    return true;
  }

  /** Whether a Python program's tasks go on in its rclpy executor's model (else right after each callback). */
  runsTasksOf(program: Program): boolean {
    return this.#programExecutors.has(program);
  }

  /**
   * A Python program put an entity in one of its callback groups (`group`: its id for it): the
   * program's rclpy executor schedules by it; a group of the program's own class is asked
   * (`mayRun`) before each of its callbacks. Entities of nodes the job's executors run keep the
   * groups the job gives them.
   */
  placeInGroup(program: Program, entity: number, group: number, reentrant: boolean, mayRun?: (entity: Executable) => boolean): void {
    const found = program.language === 'cpp' ? this.#programPool(program) : this.#programExecutors.get(program);
    if (found === undefined) return;
    let placed = found.groups.get(group);
    if (placed === undefined) {
      placed = { name: `${program.name} group ${group}`, exclusive: !reentrant, busyUntil: -Infinity, ...(mayRun === undefined ? {} : { mayRun }) };
      found.groups.set(group, placed);
    }
    found.placed.set(entity, placed);
  }

  /** Whether one of the job's executors names the node (it runs there, or in the events executor by `type: events`). */
  #named(node: Node, program: Program): boolean {
    return this.#entries.some(
      ({ patterns, config }) => !(config.implicit === true && program.language === 'python') && patterns.matches(node.getFullyQualifiedName(), node.name()),
    );
  }

  #programPool(program: Program): ProgramPool {
    let found = this.#programPools.get(program);
    if (found === undefined) this.#programPools.set(program, (found = { executor: null, groups: new Map(), placed: new Map() }));
    return found;
  }

  /** A C++ program's MultiThreadedExecutor, in the order the program's nodes' entities were made (or seeded, as rclpy's). */
  #poolExecutor(program: Program, groups: ProgramGroups, threads: number): WaitSetExecutor {
    const engine = this.#simulation.engine;
    const random = this.#rclpyOrder === 'seeded' ? namedStream(this.#simulation.seed, program.key, RCLCPP_POOL_STREAM) : null;
    const executor = new WaitSetExecutor(`rclcpp ${program.name}`, random, engine.callTimerOf, threads, groupsOfProgram(groups.placed));
    engine.executors.push(executor);
    return executor;
  }

  #programExecutor(program: Program): ProgramExecutor {
    let found = this.#programExecutors.get(program);
    if (found !== undefined) return found;
    const engine = this.#simulation.engine;
    const random = this.#rclpyOrder === 'seeded' ? namedStream(this.#simulation.seed, program.key, RCLPY_STREAM) : null;
    const placed = new Map<number, CallbackGroup>();
    const groupOf = groupsOfProgram(placed);
    const isWaitable = (entity: Executable): boolean => {
      if (entity.kind === 'event') return true;
      const part = entityOf(entity);
      return part instanceof Entity && part.node._isActionPart(part);
    };
    // A destroyed entity is taken (and runs nothing), so that it leaves the wait result.
    const spins = (entity: Executable): boolean => {
      const part = entityOf(entity);
      return part === null || part.spinning || part.isDestroyed();
    };
    const executor = new RclpyExecutor(`rclpy ${program.name}`, random, engine.callTimerOf, groupOf, isWaitable, spins);
    engine.executors.push(executor);
    found = { executor, groups: new Map(), placed, tasks: null };
    this.#programExecutors.set(program, found);
    return found;
  }
}

/** An engine executor for a job's entry, and (rclc) its handle list. */
function createExecutor(
  config: ExecutorConfig,
  simulation: Simulation,
  random: SeededRandom | null,
): { executor: Executor | null; handles: (() => readonly Executable[]) | null } {
  const engine = simulation.engine;
  switch (config.type) {
    case 'events':
      return { executor: null, handles: null };
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
 * The callback group of each entity of a program: the one the program put it in, else its node's
 * default group (mutually exclusive, in rclpy as in rclcpp).
 */
function groupsOfProgram(placed: ReadonlyMap<number, CallbackGroup>): (entity: Executable) => CallbackGroup {
  const defaults = new Map<number, CallbackGroup>();
  return (entity) => {
    const group = placed.get(entity.entityId);
    if (group !== undefined) return group;
    let fallback = defaults.get(entity.nodeId);
    if (fallback === undefined) defaults.set(entity.nodeId, (fallback = { name: `${entity.owner} default`, exclusive: true, busyUntil: -Infinity }));
    return fallback;
  };
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
