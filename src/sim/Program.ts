import { describeProgram } from '../base/runErrors.js';
import { namedStream, type SeededRandom } from '../base/SeededRandom.js';
import { emptyRosArguments, type RosArguments } from '../ros/RosArguments.js';
import { Context } from './Context.js';
import type { Simulation } from './Simulation.js';

/**
 * What plays the part of a process inside a simulation: the job's own code, a component, or an
 * unmodified rclnodejs program. Each has its default context, as a process has one in rclnodejs:
 * once that context shuts down, `Context.defaultContext()` gives a fresh, uninitialized one, so a
 * program may `init()` again (mocha suites do so before every test).
 */
export class Program {
  readonly simulation: Simulation;
  /** Who it is, for messages: 'job', a component's `file#export`, or a program's file. */
  readonly name: string;
  /**
   * Whether it is code the job runs itself (its own, or a component's), not an rclnodejs program.
   * Its nodes run their callbacks without spin() (the simulation's executor spins them, as
   * rslcpp's does) and its contexts start initialized; a program's nodes, as in rclnodejs, run
   * callbacks only while spin() or spinOnce() lets them, and it calls init().
   */
  readonly byJob: boolean;
  /** What a job file says about its nodes (name, namespace, remappings, parameters). */
  readonly jobArguments: RosArguments;
  /** Its language: a Python program's nodes run in rclpy's executor model unless the job's executors name them. */
  readonly language: 'javascript' | 'python' | 'cpp';
  /** Set once its own code used rclsim (its module body is running, not loading). */
  hasRunCode = false;
  /** Set when it called process.exit() (or its process died): none of its code runs any more. */
  exited = false;
  /** Its process died and starts again later (on_exit: respawn): the run waits for it. */
  respawnPending = false;
  /** The sim time (absolute ns) it started at: a respawned life that dies at that instant again would repeat forever. */
  readonly startedAt: bigint;
  /** Set once the engine ran one of its callbacks (a crash at a rate strikes only a life that did). */
  ranCallback = false;
  /** Its JavaScript timers that keep it alive (setTimeout/setInterval not unref'd, pending). */
  pendingTimers = 0;
  /** Its contexts that are not shut down, in creation order. */
  readonly contexts: Context[] = [];
  #defaultContext: Context | null = null;
  /** Its random streams by stream number, each made on its first draw. */
  readonly #randoms = new Map<number, SeededRandom>();

  /**
   * What its random streams are keyed by: its file's name (and a component's export), so that
   * neither where rclsim runs from nor where the job file or the project lies changes a draw (a
   * sweep's case runs as `rclsim run` runs the job); its name otherwise.
   */
  readonly key: string;

  constructor(
    simulation: Simulation,
    name: string,
    options: { byJob: boolean; jobArguments?: RosArguments; key?: string; language?: 'javascript' | 'python' | 'cpp' },
  ) {
    this.simulation = simulation;
    this.name = name;
    this.key = options.key ?? name;
    this.byJob = options.byJob;
    this.jobArguments = options.jobArguments ?? emptyRosArguments();
    this.language = options.language ?? 'javascript';
    this.startedAt = simulation.engine.nowAbs;
  }

  /** The fully qualified names of its nodes that are alive, in the order they were made, for lines about it. */
  nodeNames(): string[] {
    return this.simulation.nodes.filter((node) => node.context.program === this && !node.isDestroyed).map((node) => node.getFullyQualifiedName());
  }

  /**
   * How a line names it, with its nodes alive now (a callback is named by its node where it has
   * one; a program's own timers and microtasks by the program and its nodes): `the job`,
   * `component nodes.ts#Ear (node /ear)`, `program talker.js (node /talker)`.
   */
  describe(): string {
    if (this === this.simulation.job) return 'the job';
    return describeProgram(this.name, this.nodeNames(), this.byJob ? 'component' : 'program');
  }

  /** Its default context; a new one once the last has shut down, as rclnodejs's is. */
  get defaultContext(): Context {
    if (this.#defaultContext === null || this.#defaultContext.isShutdown()) {
      this.#defaultContext = new Context(this);
    }
    return this.#defaultContext;
  }

  isDefaultContext(context: Context): boolean {
    return this.#defaultContext === context;
  }

  /**
   * Its own random stream `stream` (Math.random, crypto …: compat/VirtualGlobals), as a process
   * has its own: seeded by the run's seed and a hash of its key with the stream number only, so
   * it draws the same alone, beside other programs or in a process of its own, and adding a
   * program never shifts another's draws. Made on the first draw: most programs never draw.
   */
  random(stream: number): SeededRandom {
    let random = this.#randoms.get(stream);
    if (random === undefined) {
      random = namedStream(this.simulation.seed, this.key, stream);
      this.#randoms.set(stream, random);
    }
    return random;
  }

  /** Whether it can still do something: an initialized context, or a timer that will fire. */
  get alive(): boolean {
    if (this.respawnPending) return true;
    return !this.exited && (this.pendingTimers > 0 || this.contexts.some((context) => context.isInitialized()));
  }
}
