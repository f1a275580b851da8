import { AsyncLocalStorage } from 'node:async_hooks';
import { Engine } from '../engine/Engine.js';
import { EngineTimer } from '../engine/EngineTimer.js';
import { ExitSignal } from '../engine/errors.js';
import { Hash64 } from '../engine/Hash64.js';
import { SeededRandom } from '../engine/SeededRandom.js';
import { InterfaceRegistry, type InterfaceSource } from '../interfaces/InterfaceRegistry.js';
import { Context } from './Context.js';
import { Delivery } from './Delivery.js';
import { Graph } from './Graph.js';
import { LoggingSeverity, LogOutput } from './LogOutput.js';
import type { Node } from './Node.js';
import type { ParameterOverride } from './NodeParameters.js';
import type { RemapRule } from './RosArguments.js';

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
}

const GOAL_ID_STREAM = 3;

/**
 * Everything one simulation run owns: the engine, the ROS graph, the nodes, logs and warnings.
 * Runs are values: nothing of a simulation lives in module state, except the one per-process
 * slot `current` that the rclnodejs-shaped API (Context.defaultContext(), new Node(...)) uses to
 * find the simulation that is being set up or run.
 */
export class Simulation {
  static #current: Simulation | null = null;

  readonly engine: Engine;
  readonly graph: Graph;
  readonly delivery: Delivery;
  readonly interfaces: InterfaceRegistry;
  readonly logOutput: LogOutput;
  readonly defaultContext: Context;
  readonly nodes: Node[] = [];
  readonly warnings: string[] = [];
  readonly keepAllLimit: number;
  readonly remaps: readonly RemapRule[];
  readonly seed: number;
  readonly zeroCopy: boolean;
  messagesDelivered = 0;
  /** Reused for every message digest (one simulation runs on one thread). */
  readonly messageHash = new Hash64();
  readonly #parameterOverrides: (nodeFqn: string) => ParameterOverride[];
  readonly #topicDelays: ReadonlyMap<string, bigint>;
  #entityIds = 0;
  readonly #goalIdRandom: SeededRandom;
  /** The program whose code (or promise continuation) is running, across awaits. */
  readonly #programScope = new AsyncLocalStorage<Context>();
  readonly #programContexts: Context[] = [];

  constructor(options: SimulationOptions = {}) {
    this.engine = new Engine({
      startTime: options.startTime ?? 0n,
      ...(options.fingerprint === undefined ? {} : { fingerprint: options.fingerprint }),
      ...(options.maxCallbacksPerInstant === undefined ? {} : { maxCallbacksPerInstant: options.maxCallbacksPerInstant }),
    });
    this.interfaces = new InterfaceRegistry(options.interfaces ?? []);
    this.logOutput = options.logOutput ?? new LogOutput();
    this.keepAllLimit = options.keepAllLimit ?? 1_000_000;
    this.remaps = options.remaps ?? [];
    this.seed = options.seed ?? 0;
    this.zeroCopy = options.zeroCopy ?? false;
    this.#goalIdRandom = new SeededRandom(this.seed, GOAL_ID_STREAM);
    this.#parameterOverrides = options.parameterOverrides ?? (() => []);
    this.#topicDelays = options.topicDelays ?? new Map();
    this.graph = new Graph(this);
    this.delivery = new Delivery(this);
    this.defaultContext = new Context(this, 'job');
    // Promise continuations a callback starts belong to the callback's program.
    this.engine.enterScope = (scope) => this.#programScope.enterWith(scope as Context);
  }

  /** The simulation being set up or run in this process. */
  static current(): Simulation {
    if (Simulation.#current === null) {
      throw new Error(
        'no rclsim simulation is active: run this code inside a job (rclsim run) or a program run by rclsim',
      );
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

  exit(): void {
    if (Simulation.#current === this) Simulation.#current = null;
    // An entered AsyncLocalStorage keeps async context tracking on for every promise the
    // process makes afterwards, which slows promise-heavy code long after the run.
    this.#programScope.disable();
  }

  /**
   * The context of the code that is running: the node (or JS timer) whose callback the engine
   * is executing, else the program whose code or promise continuation this is, else the job's.
   */
  currentContext(): Context {
    const executing = this.engine.executing;
    const owner = executing instanceof EngineTimer ? executing.entity : executing;
    const context = (owner as { context?: unknown } | null)?.context;
    if (context instanceof Context) return context;
    const program = this.#programScope.getStore();
    if (program === undefined) return this.defaultContext;
    program.hasRunCode = true;
    return program;
  }

  /** Whose code is running, for errors: a program's file name, or "the job". */
  currentOwner(): string {
    const context = this.currentContext();
    return context === this.defaultContext ? 'the job' : context.name;
  }

  /** Starts `load` (a program's import) as code of the program `context`, across awaits. */
  loadProgram<T>(context: Context, load: () => Promise<T>): Promise<T> {
    this.#programContexts.push(context);
    return this.runInContext(context, load);
  }

  /** Runs `code` (and the promise continuations it starts) with `context` as the current context. */
  runInContext<T>(context: Context, code: () => T): T {
    return this.#programScope.run(context, code);
  }

  /** The job finishes when its own context shuts down, or when every program's has. */
  onContextShutdown(context: Context): void {
    const programsDone =
      this.#programContexts.includes(context) && this.#programContexts.every((c) => c.isShutdown());
    if (context === this.defaultContext || programsDone) this.engine.finish(0);
  }

  /**
   * process.exit(code) from the code of `context`: the program ends as a process would (its
   * context shuts down); a non-zero code, or an exit from the job's own code, ends the run with
   * that code. Throws the ExitSignal that unwinds the caller.
   */
  exitProgram(context: Context, code: number): never {
    context.exited = true;
    if (code !== 0 || context === this.defaultContext) this.engine.finish(code);
    context.shutdown();
    throw new ExitSignal(context.name, code);
  }

  /** Goal ids of action clients, from the run's seed. */
  readonly goalIds = { next: (): Uint8Array => {
    const bytes = new Uint8Array(16);
    this.#goalIdRandom.fillBytes(bytes);
    return bytes;
  } };

  /** An independent pseudo-random stream of this run's seed. */
  createRandom(stream: number): SeededRandom {
    return new SeededRandom(this.seed, stream);
  }

  nextEntityId(): number {
    return this.#entityIds++;
  }

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
    return delay === undefined ? 0 : Engine.checkDuration(delay, `delay of topic ${topic}`);
  }

  /** Records a warning for the run summary and logs it once. */
  warn(message: string): void {
    if (this.warnings.includes(message)) return;
    this.warnings.push(message);
    this.logOutput.log(LoggingSeverity.WARN, 'rclsim', message, this.engine.nowAbs);
  }
}
