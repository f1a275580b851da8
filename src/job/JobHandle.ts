import { BagError } from '../bag/BagStorage.js';
import { overwritesInput } from '../bag/bagPaths.js';
import type { Player, PlayOptions } from '../bag/Player.js';
import type { Recorder, RecordOptions } from '../bag/Recorder.js';
import { CallbackError } from '../base/runErrors.js';
import { Context } from '../client/Context.js';
import type { EndReason } from '../engine/Engine.js';
import type { InterfaceSource } from '../interfaces/InterfaceRegistry.js';
import type { Message } from '../interfaces/plainMessages.js';
import type { NetworkConfig } from '../network/config.js';
import { DirectPort } from '../port/DirectPort.js';
import type { RemapRule } from '../ros/RosArguments.js';
import type { CheckConfig } from '../sim/checks/CheckConfig.js';
import type { DelayRange } from '../sim/DelayDraws.js';
import type { ExecutionTimeRule } from '../sim/ExecutionTimes.js';
import type { ChainConfig } from '../sim/ExecutorMetrics.js';
import type { ExecutorConfig } from '../sim/Executors.js';
import type { FaultConfig } from '../sim/faults/FaultConfig.js';
import type { ParamsRule } from '../sim/ParamsFile.js';
import type { Simulation } from '../sim/Simulation.js';
import type { WorldConfig } from '../world/WorldConfig.js';
import type { EngineWorldConfig } from '../worldEngine/EngineWorldConfig.js';

/**
 * A job, in rslcpp's sense: it builds the nodes, gives the start time, says when it is finished
 * and with which exit code, and publishes named results.
 */
export interface JobDefinition {
  name?: string;
  /** Sim time (ns) at which the loop starts; nodes are constructed while the clock reads 0. */
  startTime?: bigint | number;
  /** Stop after this much sim time (ns) past the start, if the job has not finished before. */
  endAfter?: bigint | number;
  /** Seed of Math.random, crypto.randomUUID/getRandomValues and other seeded streams (default 0). */
  seed?: number;
  /** Parameter rules for every node (params files, inline parameters), before --params-file. */
  parameterRules?: ParamsRule[];
  /** Remappings for every node, applied after each node's own. */
  remaps?: RemapRule[];
  /** Fixed delivery delays (ns) by fully qualified topic name. */
  topicDelays?: ReadonlyMap<string, bigint>;
  /** Delivery delays drawn per message from a range (ns), by fully qualified topic name. */
  topicDelayRanges?: ReadonlyMap<string, DelayRange>;
  /** Folders of user interface packages (.msg/.srv/.action), ahead of the standard ones. */
  interfaces?: InterfaceSource[];
  /** Subscribers share each message instead of getting a copy each (see SimulationOptions.zeroCopy). */
  zeroCopy?: boolean;
  /** Messages checked as strictly as before rclsim followed rclnodejs's leniency (SimulationOptions.strictMessages). */
  strictMessages?: boolean;
  /** The built-in network model (hosts, positions, environment, channel, radio, transport). */
  network?: NetworkConfig;
  /** The robot's world: an SDF world, the models spawned into it, its bridges to ROS topics. */
  world?: WorldConfig;
  /** What the HTML report (--report) draws: the World section's lidar scans at these instants (ns from the start). */
  report?: { world?: { scansAt?: readonly bigint[] } };
  /** A world another physics engine steps (MuJoCo, an engine behind proto/world.proto), with its topics. */
  engineWorld?: EngineWorldConfig;
  /** Executors besides the default events one (their nodes by pattern). */
  executors?: readonly ExecutorConfig[];
  /** How long callbacks take (rules, the first that matches). */
  executionTimes?: readonly ExecutionTimeRule[];
  /** Causal chains of topics whose end-to-end latency the run's metrics report. */
  chains?: readonly ChainConfig[];
  /** Faults injected into deliveries and programs (docs/design.md#faults-checks-and-hunting). */
  faults?: readonly FaultConfig[];
  /** Swarm testing: the seed also decides which faults are on, and scales them. */
  swarm?: boolean;
  /** Properties of what the system publishes; one that fails fails the run (exit code 8). */
  checks?: readonly CheckConfig[];
  /** Builds the nodes (the simulation is active: `new Node(...)`, `rclnodejs.createNode` work). */
  setup(job: JobHandle): void | Promise<void>;
}

/** Declares a job module's default export, with type checking. */
export function defineJob(definition: JobDefinition): JobDefinition {
  if (typeof definition?.setup !== 'function') throw new TypeError('a job needs a setup(job) function');
  return definition;
}

/** What a job's code sees while it runs. */
export class JobHandle {
  readonly simulation: Simulation;
  readonly name: string;
  readonly results = new Map<string, unknown>();
  readonly #onEnd: (() => void | Promise<void>)[] = [];
  /** Why the engine stopped (its end time, nothing left to do, the job finished), known when the end callbacks run. */
  endReason: EndReason | null = null;
  /** Players and recorders: closed when the run ends, however it ends (in the order they opened). */
  readonly #bags: (Player | Recorder)[] = [];
  readonly #players: Player[] = [];
  readonly #recorders: Recorder[] = [];
  #startTimeGiven: boolean;
  #startTimeFromBags = false;

  /** Told of every recording opened (a supervisor finishes them if the run's thread dies). */
  readonly #onRecording: ((file: string, bagDirectory: string | undefined) => void) | undefined;
  #ros2Commands = 0;

  constructor(simulation: Simulation, name: string, startTimeGiven = false, onRecording?: (file: string, bagDirectory: string | undefined) => void) {
    this.simulation = simulation;
    this.name = name;
    this.#startTimeGiven = startTimeGiven;
    this.#onRecording = onRecording;
  }

  /** The next ros2 command's number (`[ros2-N]`, `_ros2cli_N`): one count for the run, whoever starts it (the job's events, a live client). */
  nextRos2Command(): number {
    return ++this.#ros2Commands;
  }

  /** The job's default context, for the nodes its code makes. */
  get context(): Context {
    return Context.defaultContext(DirectPort.of(this.simulation.job));
  }

  get startTime(): bigint {
    return this.simulation.engine.base;
  }

  set startTime(startTime: bigint) {
    this.simulation.engine.setStartTime(BigInt(startTime));
    this.#startTimeGiven = true;
  }

  /** Current sim time in ns. */
  now(): bigint {
    return this.simulation.engine.nowAbs;
  }

  get finished(): boolean {
    return this.simulation.engine.finished;
  }

  /** The job is done: the loop stops at the top of its next step, with this exit code. */
  finish(exitCode = 0): void {
    this.simulation.engine.finish(exitCode);
  }

  /**
   * Finishes the job (exit code 0) when a message on `topic` arrives that satisfies `matches`
   * (any message without it). Watching changes nothing in the graph or the callback order.
   */
  endOnMessage(topic: string, matches: (message: Message) => boolean = () => true): void {
    this.simulation.delivery.watch(topic, (sample) => {
      if (sample.message !== null && matches(sample.message)) this.finish(0);
    });
  }

  setResult(name: string, value: unknown): void {
    this.results.set(name, value);
  }

  /** Runs `callback` after the loop ended (finished, idle or end time): the place to set results. */
  onEnd(callback: () => void | Promise<void>): void {
    this.#onEnd.push(callback);
  }

  /**
   * Plays a bag into the simulation (see Player). Where it lands in sim time: when the job gives
   * no start time, the simulation starts at the earliest first message of its bags and each
   * message is published at its recorded time (plus `startOffset`); when the job gives a start
   * time (or the run is under way), the bag is shifted so that its first played message comes
   * `startOffset` after that start (or after now).
   */
  async play(options: PlayOptions): Promise<Player> {
    for (const recorder of this.#recorders) {
      if (overwritesInput(recorder.path, options.bag) !== undefined) {
        throw new BagError(options.bag, `is being recorded by this job (${recorder.path}): a bag cannot be played and recorded at once`);
      }
    }
    const nodeName = options.nodeName ?? (this.#players.length === 0 ? 'rosbag2_player' : `rosbag2_player_${this.#players.length + 1}`);
    // The bag machinery loads with the first bag a job plays or records.
    const { Player } = await import('../bag/Player.js');
    const player = await Player.open(this.simulation, { ...options, nodeName });
    this.#players.push(player);
    this.#bags.push(player);
    const engine = this.simulation.engine;
    const offset = options.startOffset ?? 0n;
    const first = player.firstTime;
    if (first === undefined) {
      player.start(0n);
    } else if (engine.started || this.#startTimeGiven) {
      player.start((engine.started ? engine.nowAbs : engine.base) + offset - first);
    } else {
      if (!this.#startTimeFromBags || first < engine.base) engine.setStartTime(first);
      this.#startTimeFromBags = true;
      player.start(offset);
    }
    return player;
  }

  /** Records topics to a bag (see Recorder); the file is finished when the run ends. */
  async record(options: RecordOptions): Promise<Recorder> {
    for (const player of this.#players) {
      const overwritten = overwritesInput(options.path, player.bag.path);
      if (overwritten !== undefined) throw new BagError(options.path, `recording here would overwrite ${overwritten}, a file of a bag this job plays`);
    }
    const { Recorder } = await import('../bag/Recorder.js');
    const recorder = await Recorder.open(this.simulation, options);
    this.#recorders.push(recorder);
    this.#bags.push(recorder);
    this.#onRecording?.(recorder.filePath, recorder.bagDirectory);
    return recorder;
  }

  /** Whether a recording is in the middle of a write (see RunControl.finishOutputs). */
  get outputsBusy(): boolean {
    return this.#recorders.some((recorder) => recorder.busy);
  }

  /**
   * Finishes every recording and closes every played bag; returns what failed, each bag whatever
   * became of the others. Synchronous: a run stopped in a stuck callback finishes its outputs with it.
   */
  closeBags(): unknown[] {
    const failures: unknown[] = [];
    for (const bag of this.#bags) {
      try {
        bag.close();
      } catch (error) {
        failures.push(error);
      }
    }
    return failures;
  }

  async runEndCallbacks(endReason: EndReason): Promise<void> {
    this.endReason = endReason;
    for (const callback of this.#onEnd) {
      try {
        await callback();
      } catch (error) {
        // User code failing (exit code 3), not rclsim.
        throw new CallbackError(`an onEnd callback of job ${this.name}`, this.now(), error);
      }
    }
  }
}
