import { AsyncLocalStorage } from 'node:async_hooks';
import { Hash64 } from '../base/Hash64.js';
import { describeProgramEnd, ExitSignal } from '../base/runErrors.js';
import { SeededRandom } from '../base/SeededRandom.js';
import { checkDuration } from '../base/simTimeRange.js';
import { Engine } from '../engine/Engine.js';
import { EngineTimer } from '../engine/EngineTimer.js';
import type { Executor } from '../engine/executors/Executor.js';
import type { SnapshotOrder } from '../engine/executors/WaitSetExecutor.js';
import { InterfaceRegistry, type InterfaceSource } from '../interfaces/InterfaceRegistry.js';
import type { NetworkConfig } from '../network/config.js';
import type { Host } from '../network/Host.js';
import { Network } from '../network/Network.js';
import { LoggingSeverity, LogOutput } from '../ros/LogOutput.js';
import type { ParameterOverride } from '../ros/NodeParameters.js';
import type { RemapRule } from '../ros/RosArguments.js';
import type { GazeboRos2Control } from '../world/systems/GazeboRos2Control.js';
import type { WorldConfig } from '../world/WorldConfig.js';
import { Assertions } from './Assertions.js';
import type { Context } from './Context.js';
import { DelayDraws, type DelayRange } from './DelayDraws.js';
import { Delivery } from './Delivery.js';
import { type ExecutionTimeRule, ExecutionTimes } from './ExecutionTimes.js';
import { type ChainConfig, ExecutorMetrics, type MeteredExecutor, type RunMetrics } from './ExecutorMetrics.js';
import { type ExecutorConfig, Executors } from './Executors.js';
import type { FaultConfig } from './faults/FaultConfig.js';
import { Faults } from './faults/Faults.js';
import { ProgramCrashes } from './faults/ProgramCrashes.js';
import { Graph } from './Graph.js';
import type { Node } from './Node.js';
import { Program } from './Program.js';
import { VirtualTimers } from './ProgramTimers.js';
import { RosoutLoggers } from './Rosout.js';
import { Subscription } from './Subscription.js';
import { ViewTopics } from './ViewTopics.js';
import type { WorldHost } from './WorldHost.js';

export interface SimulationOptions {
  /** Sim time (ns) at which the loop starts; nodes are constructed while the clock reads 0. */
  startTime?: bigint;
  fingerprint?: boolean;
  maxCallbacksPerInstant?: number;
  /** Parameter overrides for a node, by fully qualified node name (params files, job file). */
  parameterOverrides?: (nodeFqn: string) => ParameterOverride[];
  /** Remapping rules applied to every node after its context's own rules. */
  remaps?: readonly RemapRule[];
  /** Fixed delivery delay (ns) per fully qualified topic name. */
  topicDelays?: ReadonlyMap<string, bigint>;
  /** Delivery delays drawn per message, uniformly within a range (ns), per fully qualified topic name. */
  topicDelayRanges?: ReadonlyMap<string, DelayRange>;
  logOutput?: LogOutput;
  /** Folders of user interface packages, ahead of the standard definitions. */
  interfaces?: InterfaceSource[];
  /** Safety cap on a KEEP_ALL buffer; exceeding it fails the run loudly. */
  keepAllLimit?: number;
  /** Seed of every pseudo-random stream of the run (Math.random, crypto, goal ids). */
  seed?: number;
  /**
   * Zero-copy delivery, as rclcpp's intra-process `shared_ptr<const T>`: every subscriber of a
   * message gets the same object, and a publisher's typed arrays are taken over, not copied.
   * Messages are then read-only by contract (not frozen: freezing would cost what copying
   * saves): a subscriber that changes one changes it for the others, deterministically.
   */
  zeroCopy?: boolean;
  /**
   * Messages as strict as rclsim was before it followed rclnodejs's leniency: unknown fields
   * and values of another JavaScript type (numeric strings, …) are errors (MessageType#normalize).
   */
  strictMessages?: boolean;
  /** The built-in network model: hosts own nodes, and messages between hosts cross it. */
  network?: NetworkConfig;
  /** The robot's world (sim/WorldHost.ts runs it). */
  world?: WorldConfig;
  /** Executors besides the default events one, each running the nodes its patterns match first. */
  executors?: readonly ExecutorConfig[];
  /** How Python programs' rclpy executors order their nodes (seeded: `--seeded-order`, explore). */
  rclpyOrder?: SnapshotOrder;
  /** How long callbacks take (the first rule that matches each); none: every callback takes no time. */
  executionTimes?: readonly ExecutionTimeRule[];
  /** Collect executor metrics (callbacks' response times, executors' utilization, these chains' latencies). */
  metrics?: { chains: readonly ChainConfig[] };
  /** The job's faults (docs/design.md#faults-checks-and-hunting). */
  faults?: readonly FaultConfig[];
  /** Swarm testing: the seed also decides which faults are on, and scales them. */
  swarm?: boolean;
}

/** Seeded streams of delay ranges: this xor a hash of the topic's name. */
const DELAY_STREAM = 0x44_0000;

const GOAL_ID_STREAM = 3;

/**
 * Everything one simulation run owns: the engine, the ROS graph, the nodes, logs and warnings.
 * Runs are values: nothing of a simulation lives in module state, except the one per-process
 * slot `current` that the rclnodejs-shaped API (Context.defaultContext(), new Node(...)) uses to
 * find the simulation that is being set up or run.
 */
/** What a run's supervisor (the CLI) asks of the processes of separate programs. */
export interface ProgramWatch {
  /**
   * --callback-timeout (wall ms), for a separate program whose on_exit goes on without it: its
   * process is killed when a callback of it runs longer (the supervisor watches the rest).
   */
  callbackTimeoutMs: number | undefined;
  /** A program's process started: the supervisor kills it if the run is stopped where it stands. */
  started(pid: number): void;
}

export class Simulation {
  static #current: Simulation | null = null;

  readonly engine: Engine;
  readonly graph: Graph;
  readonly delivery: Delivery;
  readonly interfaces: InterfaceRegistry;
  readonly logOutput: LogOutput;
  /** Which loggers publish on /rosout, through which node's publisher. */
  readonly rosout = new RosoutLoggers();
  /** Every program's JavaScript timers (setTimeout & co.) on sim time. */
  readonly programTimers = new VirtualTimers(this);
  /** The job's own code: its nodes spin without spin(), its default context is initialized. */
  readonly job: Program;
  readonly nodes: Node[] = [];
  readonly warnings: string[] = [];
  /** Separate programs' processes running now (each ProgramServer counts itself): whether they may read on for their next message (Run.read_polls). */
  readonly separateProcesses = { running: 0 };
  /** The thread of a separate program whose code runs now, as its client last told it (Turn), named where a stuck callback is; null when none told. */
  programThread: ProgramThread | null = null;
  /** What the run's supervisor asks of separate programs' processes. */
  programWatch: ProgramWatch = { callbackTimeoutMs: undefined, started: () => {} };
  readonly keepAllLimit: number;
  readonly remaps: readonly RemapRule[];
  readonly seed: number;
  readonly zeroCopy: boolean;
  readonly strictMessages: boolean;
  /** The network between hosts; null: every node talks to every other directly. */
  readonly network: Network | null;
  /** The world the job runs, if any. */
  readonly worldConfig: WorldConfig | null;
  /** Told when the world starts (sim/WorldHost.ts): checks on the world read it from then, the report draws it. */
  readonly worldStarts: ((host: WorldHost) => void)[] = [];
  /** The world once it started (null: none, or not yet). */
  worldHost: WorldHost | null = null;
  /** Told of each model with gz_ros2_control's plugin as it enters the world (its model's system): the job starts its controller manager. */
  readonly ros2ControlModels: ((system: GazeboRos2Control) => void)[] = [];
  /** Told when a spawn that a launch action made (create, spawn_entity.py: its id) put its model in the world, as that process exits with 0 then. */
  readonly spawnsDone: ((id: string) => void)[] = [];
  /** What recordings and the live view are shown besides the run's topics: the world's scene (no outputs). */
  readonly viewTopics: ViewTopics;
  /** The job's faults, asked by Delivery at every arrival (null: none). */
  readonly faults: Faults | null;
  /** Crash faults of separate programs (null: none). */
  readonly crashes: ProgramCrashes | null;
  /** How long callbacks take (null: no time). */
  readonly executionTimes: ExecutionTimes | null;
  /** The run's executor metrics (null: not collected). */
  readonly metrics: ExecutorMetrics | null;
  /** Executors besides the events one, and the nodes they run. */
  readonly #executors: Executors;
  /** Nodes placed on a host (or off the network, null) by name, ahead of the hosts' patterns. */
  readonly #placements = new Map<string, Host | null>();
  messagesDelivered = 0;
  /** Reused for every message digest (one simulation runs on one thread). */
  readonly messageHash = new Hash64();
  /** What node code asserted (rclsim's `always`, `sometimes`, …). */
  readonly assertions: Assertions;
  readonly #parameterOverrides: (nodeFqn: string) => ParameterOverride[];
  readonly #topicDelays: ReadonlyMap<string, bigint>;
  readonly #topicDelayRanges: ReadonlyMap<string, DelayRange>;
  /** One stream per topic with a delay range, shared by its publishers in publish order. */
  readonly #delayDraws = new Map<string, DelayDraws>();
  #entityIds = 0;
  readonly #goalIdRandom: SeededRandom;
  /** The program whose code (or promise continuation) is running, across awaits. */
  readonly #programScope = new AsyncLocalStorage<Program>();
  readonly #programs: Program[] = [];

  constructor(options: SimulationOptions = {}) {
    this.engine = new Engine({
      startTime: options.startTime ?? 0n,
      startChosen: options.startTime !== undefined,
      ...(options.fingerprint === undefined ? {} : { fingerprint: options.fingerprint }),
      ...(options.maxCallbacksPerInstant === undefined ? {} : { maxCallbacksPerInstant: options.maxCallbacksPerInstant }),
    });
    this.assertions = new Assertions(this.engine);
    this.interfaces = new InterfaceRegistry(options.interfaces ?? []);
    this.viewTopics = new ViewTopics(this.interfaces);
    this.logOutput = options.logOutput ?? new LogOutput();
    this.keepAllLimit = options.keepAllLimit ?? 1_000_000;
    this.remaps = options.remaps ?? [];
    this.seed = options.seed ?? 0;
    this.zeroCopy = options.zeroCopy ?? false;
    this.strictMessages = options.strictMessages ?? false;
    this.#goalIdRandom = new SeededRandom(this.seed, GOAL_ID_STREAM);
    this.#parameterOverrides = options.parameterOverrides ?? (() => []);
    this.#topicDelays = options.topicDelays ?? new Map();
    this.#topicDelayRanges = options.topicDelayRanges ?? new Map();
    this.network = options.network === undefined ? null : new Network(this.engine, options.network, this.seed);
    this.worldConfig = options.world ?? null;
    this.#executors = new Executors(options.executors ?? [], this, options.rclpyOrder);
    this.metrics = options.metrics === undefined ? null : new ExecutorMetrics(this.engine, options.metrics.chains);
    if (this.metrics !== null) {
      this.engine.observers.push(this.metrics);
      this.engine.onEnqueue = this.metrics.queued;
    }
    this.executionTimes = (options.executionTimes ?? []).length > 0 ? new ExecutionTimes(options.executionTimes!, this.seed) : null;
    if (this.executionTimes !== null) this.engine.durationOf = this.executionTimes.durationOf;
    this.faults = (options.faults ?? []).length > 0 ? new Faults(this, options.faults!, options.swarm ?? false) : null;
    this.crashes = this.faults?.crashesPrograms ? new ProgramCrashes(this, this.faults) : null;
    this.graph = new Graph(this);
    this.delivery = new Delivery(this);
    this.job = new Program(this, 'job', { byJob: true });
    // Promise continuations a callback starts belong to the callback's program.
    this.engine.enterScope = (scope) => {
      const program = scope as Program;
      if (!program.ranCallback) {
        program.ranCallback = true;
        this.crashes?.ranCallback(program);
      }
      this.#programScope.enterWith(program);
    };
  }

  /** The simulation being set up or run in this process. */
  static current(): Simulation {
    if (Simulation.#current === null) {
      throw new Error('no rclsim simulation is active: run this code inside a job (rclsim run) or a program run by rclsim');
    }
    return Simulation.#current;
  }

  static get active(): Simulation | null {
    return Simulation.#current;
  }

  /** Makes this the current simulation of the process until `exit()`. */
  enter(): void {
    if (Simulation.#current !== null && Simulation.#current !== this) {
      throw new Error('another rclsim simulation is already active in this process');
    }
    Simulation.#current = this;
  }

  /** What the run started outside itself (separate programs' processes): each ends with the run. */
  readonly #atExit: (() => void)[] = [];

  atExit(close: () => void): void {
    this.#atExit.push(close);
  }

  /** Separate programs stopped when a run ends well, as Ctrl-C stops them (ProgramServer#shutdown), in the order they started, each with what it runs meanwhile. */
  readonly #atRunEnd: { stop: () => string | null; running: string }[] = [];
  /** What runs while stopPrograms waits for a program's own end (what an interrupt then names), or null. */
  stopping: string | null = null;

  atRunEnd(stop: () => string | null, running: string): void {
    this.#atRunEnd.push({ stop, running });
  }

  /** The run ended well: each program whose code goes on to its end (a Python program's after its KeyboardInterrupt) does so now; what went wrong there is a warning. */
  stopPrograms(): void {
    for (const { stop, running } of this.#atRunEnd.splice(0)) {
      this.stopping = running;
      try {
        const trouble = stop();
        if (trouble !== null) this.warn(trouble);
      } finally {
        this.stopping = null;
      }
    }
  }

  exit(): void {
    for (const close of this.#atExit.splice(0)) close();
    if (Simulation.#current === this) Simulation.#current = null;
    // An entered AsyncLocalStorage keeps async context tracking on for every promise the
    // process makes afterwards, which slows promise-heavy code long after the run.
    this.#programScope.disable();
  }

  /** The job's default context. */
  get defaultContext(): Context {
    return this.job.defaultContext;
  }

  /**
   * The program whose code is running: that of the node (or JS timer) whose callback the engine
   * is executing, else the program whose code or promise continuation this is, else the job.
   */
  currentProgram(): Program {
    const executing = this.engine.executing;
    const owner = executing instanceof EngineTimer ? executing.entity : executing;
    const scope = (owner as { scope?: unknown } | null)?.scope;
    if (scope instanceof Program) return scope;
    const program = this.#programScope.getStore();
    if (program === undefined) return this.job;
    program.hasRunCode = true;
    return program;
  }

  /** The program whose code runs outside any callback (its top-level code, its continuations), if any: only read. */
  programInScope(): Program | undefined {
    return this.#programScope.getStore();
  }

  /** Whose code is running, for errors: `program talker.js (node /talker)`, or "the job" (Program.describe). */
  currentOwner(): string {
    return this.currentProgram().describe();
  }

  /** Runs `load` (a program's import, or a separate program's top-level run) as code of `program`, across awaits. */
  loadProgram<T>(program: Program, load: () => T): T {
    this.#programs.push(program);
    return this.runInProgram(program, load);
  }

  /** Runs `code` (and the promise continuations it starts) as code of `program`. */
  runInProgram<T>(program: Program, code: () => T): T {
    return this.#programScope.run(program, code);
  }

  /**
   * The job finishes when its own default context shuts down, or once every program has nothing
   * left to do: no initialized context and no pending JS timer (a Node.js process would exit).
   * That is checked whenever an instant's callbacks are done, from the first shutdown of a
   * program's context on, since a program may init() again (a test suite between two tests).
   */
  onContextShutdown(context: Context): void {
    if (context.program === this.job && context.isDefaultContext()) this.engine.finish(0);
    else if (this.#programs.includes(context.program)) this.engine.instantEnded = this.#finishIfProgramsDone;
  }

  readonly #finishIfProgramsDone = (): void => {
    if (this.#held === 0 && !this.#programs.some((program) => program.alive)) this.engine.finish(0);
  };

  /** Programs the job has yet to start (a launch's timers and events): while any is, the run goes on. */
  #held = 0;

  /** Keeps the run from ending for want of programs until the function returned is called (once). */
  holdOpen(): () => void {
    this.#held++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#held--;
      this.engine.instantEnded = this.#finishIfProgramsDone;
    };
  }

  /**
   * process.exit(code) from the code of `program`: it ends as a process would (its contexts shut
   * down); a non-zero code, or an exit from the job's own code, ends the run with that code.
   * Throws the ExitSignal that unwinds the caller. `sayWhose`: an in-process program's exit,
   * whose line the simulation writes (a separate program's server writes its own).
   */
  exitProgram(program: Program, code: number, sayWhose = false): never {
    if (sayWhose && code !== 0 && program !== this.job && this.#programs.length > 1) {
      // Among several programs, the line says whose code the run ends with.
      this.warn(`${describeProgramEnd(program.name, program.nodeNames(), this.engine.nowAbs, `exited with code ${code}`)}; the run ends with its code`);
    }
    if (code !== 0 || program === this.job) this.engine.finish(code);
    this.endProgram(program);
    throw new ExitSignal(program.name, code);
  }

  /**
   * The program is gone (it exited, or its process died and the run goes on): its JS timers
   * stop, its contexts shut down and its nodes leave the graph, now.
   */
  endProgram(program: Program): void {
    program.exited = true;
    this.programTimers.cancelAll(program);
    for (const context of [...program.contexts]) context.shutdown();
    this.engine.instantEnded = this.#finishIfProgramsDone;
  }

  /** Goal ids of action clients, from the run's seed. */
  readonly goalIds = {
    next: (): Uint8Array => {
      const bytes = new Uint8Array(16);
      this.#goalIdRandom.fillBytes(bytes);
      return bytes;
    },
  };

  /** The executor that runs a node of a program (Executors#of); null for the events executor. */
  executorOf(fullyQualifiedName: string, name: string, program: Program): Executor | null {
    return this.#executors.of(fullyQualifiedName, name, program);
  }

  /** Programs' own executors and callback groups: a Python program's rclpy executor, a C++ program's MultiThreadedExecutor (Executors#spinWith, #placeInGroup). */
  get programExecutors(): Pick<Executors, 'spinWith' | 'placeInGroup' | 'tasksWaiting' | 'runsTasksOf' | 'hold'> {
    return this.#executors;
  }

  /** What the job's executors were asked that came to nothing (see Executors#warnings). */
  executorWarnings(): string[] {
    return this.#executors.warnings();
  }

  /** The executor metrics so far (null when the run collects none). */
  metricsReport(): RunMetrics | null {
    if (this.metrics === null) return null;
    const engine = this.engine;
    const executors: MeteredExecutor[] = [
      { name: 'events', type: 'events', threads: 1, busyTime: () => engine.eventsBusyTime() },
      ...this.#executors
        .list()
        .map(({ executor, type }) => ({ name: executor.name, type, threads: executor.threads, busyTime: () => executor.busyTime(engine.now) })),
    ];
    const subscriptions = this.nodes.flatMap((node) => node._callbackEntities().filter((entity): entity is Subscription => entity instanceof Subscription));
    return this.metrics.report(executors, (entity) => entity.executor?.name ?? 'events', subscriptions);
  }

  /** The host a node runs on (null: off the network, as every node is without one). */
  hostOf(fullyQualifiedName: string, name: string): Host | null {
    const network = this.network;
    if (network === null) return null;
    const placed = this.#placements.get(fullyQualifiedName);
    return placed !== undefined ? placed : network.hostOf(fullyQualifiedName, name);
  }

  /** Puts the node of that name on a host of the network, or off it (null), whatever the hosts' patterns say. */
  placeNode(fullyQualifiedName: string, hostName: string | null): void {
    const network = this.network;
    if (network === null) {
      if (hostName !== null) throw new Error(`node ${fullyQualifiedName} is to run on host '${hostName}', but the job has no network`);
      return;
    }
    const host = hostName === null ? null : network.host(hostName);
    if (host === undefined) throw new Error(`no host named '${hostName}' in the network (hosts: ${network.hosts.map((h) => h.name).join(', ')})`);
    this.#placements.set(fullyQualifiedName, host);
  }

  nextEntityId(): number {
    this.entityGeneration++;
    return this.#entityIds++;
  }

  /** Moves on whenever an entity is created or destroyed (what caches of entity lists compare). */
  entityGeneration = 0;

  registerNode(node: Node): number {
    this.nodes.push(node);
    return this.nodes.length - 1;
  }

  parameterOverridesFor(nodeFqn: string): ParameterOverride[] {
    return this.#parameterOverrides(nodeFqn);
  }

  /** Fixed delivery delay in ns for a topic (0 for none). */
  topicDelay(topic: string): number {
    const delay = this.#topicDelays.get(topic);
    return delay === undefined ? 0 : checkDuration(delay, `delay of topic ${topic}`);
  }

  /** The per-message delays of a topic with a delay range (null for a fixed delay, or none). */
  topicDelayDraws(topic: string): DelayDraws | null {
    const range = this.#topicDelayRanges.get(topic);
    if (range === undefined) return null;
    let draws = this.#delayDraws.get(topic);
    if (draws === undefined) {
      const hash = new Hash64();
      hash.string(topic);
      hash.finish();
      const min = checkDuration(range.min, `delay of topic ${topic}`);
      const max = checkDuration(range.max, `delay of topic ${topic}`);
      draws = new DelayDraws(min, max, new SeededRandom(this.seed, DELAY_STREAM ^ hash.digestLo));
      this.#delayDraws.set(topic, draws);
    }
    return draws;
  }

  /** Records a warning for the run summary and logs it once. */
  warn(message: string): void {
    if (this.warnings.includes(message)) return;
    this.warnings.push(message);
    this.logOutput.log(LoggingSeverity.WARN, 'rclsim', message, this.engine.nowAbs);
  }
}

/** A separate program's thread, as its client names it (Turn). */
export interface ProgramThread {
  program: string;
  thread: string;
}
