import { timeMsg } from '../base/timeMsg.js';
import { NodeOptions } from '../ros/NodeOptions.js';
import { QoS } from '../ros/QoS.js';
import { Node } from '../sim/Node.js';
import type { Publisher } from '../sim/Publisher.js';
import type { Simulation } from '../sim/Simulation.js';
import { EngineConnection } from './EngineConnection.js';
import type { EngineWorldConfig, Output } from './EngineWorldConfig.js';
import { SENSOR_TYPES, type SensorType } from './EngineWorldConfig.js';
import { jointStateMessage, sensorMessage, tfMessage } from './engineMessages.js';
import { MujocoWasm } from './MujocoWasm.js';
import { nextOutputStep } from './outputSteps.js';
import type { EngineCommand, EngineFrame, EngineReady, WorldEngine } from './WorldEngine.js';
import { WorldEngineError } from './WorldEngine.js';

/** ros_gz_bridge's queue depth, for the same reason: a world's topics keep the last ten. */
const DEPTH = 10;

/** One output: its publisher, its period, the step it comes next, and what it takes of a frame. */
interface Publishing {
  readonly output: Output;
  readonly publisher: Publisher;
  readonly periodNs: number;
  next: number;
  /** A sensor's index and where its values start in a frame that asks for the sensors of `sensors`; its type. */
  readonly sensor?: { index: number; size: number; type: SensorType };
}

/**
 * A world another physics engine steps, in a run (the job's `world:` with `mujoco:` or
 * `engine:`). The engine goes from output to output: before sim time reaches a step at which
 * something is published, the engine is advanced to that step (one request, whatever the number
 * of physics steps in between) with the commands that arrived meanwhile, each from the step after
 * the instant it arrived at, and answers what is published then; an engine action of that instant
 * publishes it, first in the instant as the built-in world's outputs (sim/WorldHost.ts). A command
 * arriving during an instant acts from the next step on.
 */
export class EngineWorldHost {
  readonly #simulation: Simulation;
  readonly #config: EngineWorldConfig;
  readonly #engine: WorldEngine;
  readonly #ready: EngineReady;
  /** The engine's step 0: the run's start (engine offset, ns). */
  readonly #origin: number;
  readonly #originAbs: bigint;
  readonly #publishing: Publishing[] = [];
  /** Named joints and bodies (the unnamed ones have no frame or name to publish under). */
  readonly #joints: number[];
  readonly #bodies: number[];
  #pending: EngineCommand[] = [];
  /** The step the engine reached, and its frame. */
  #reached = 0;
  #frame: EngineFrame | null = null;

  private constructor(simulation: Simulation, config: EngineWorldConfig, engine: WorldEngine, ready: EngineReady) {
    this.#simulation = simulation;
    this.#config = config;
    this.#engine = engine;
    this.#ready = ready;
    this.#origin = simulation.engine.now;
    this.#originAbs = simulation.engine.nowAbs;
    this.#joints = ready.joints.flatMap((joint, i) => (joint.name === '' ? [] : [i]));
    this.#bodies = ready.bodies.flatMap((body, i) => (body.name === '' ? [] : [i]));
  }

  /** The engine started and given the model, the node's publishers and subscriptions made, the first output scheduled. */
  static async start(simulation: Simulation, config: EngineWorldConfig): Promise<EngineWorldHost> {
    const source = config.engine;
    const engine = source.kind === 'mujoco' ? await MujocoWasm.load() : await EngineConnection.open(source.endpoint, source.timeoutMs);
    // Whatever way the run ends, the engine ends with it.
    simulation.atExit(() => engine.close());
    const model = config.model;
    const ready = await engine.initialize({
      ...('file' in model ? { modelFile: model.file } : { modelText: model.text }),
      seed: simulation.seed,
      stepNs: config.stepNs,
    });
    const host = new EngineWorldHost(simulation, config, engine, ready);
    host.#connect();
    return host;
  }

  /** How the engine describes itself, for the run's log. */
  get description(): string {
    return this.#ready.engine;
  }

  #connect(): void {
    const config = this.#config;
    const ready = this.#ready;
    const simulation = this.#simulation;
    const node = new Node(config.node, '', simulation.defaultContext, NodeOptions.from({}));
    const qos = new QoS(QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST, DEPTH);
    const modelName = 'file' in config.model ? config.model.file : config.model.label;
    const names = (list: readonly { name: string }[]): string =>
      list
        .map((item) => item.name)
        .filter((name) => name !== '')
        .join(', ') || 'none';
    for (const output of config.publish) {
      let sensor: Publishing['sensor'];
      let type: string;
      if (output.kind === 'sensor') {
        const index = ready.sensors.findIndex((s) => s.name === output.sensor);
        if (index < 0)
          throw new WorldEngineError(`${output.where}.sensor: ${modelName} has no sensor '${output.sensor}' (its sensors: ${names(ready.sensors)})`);
        const size = ready.sensors[index]!.size;
        const sensorType = output.type ?? (size === 1 ? 'std_msgs/msg/Float64' : 'std_msgs/msg/Float64MultiArray');
        const wanted = SENSOR_TYPES[sensorType];
        if (wanted !== 0 && wanted !== size)
          throw new WorldEngineError(
            `${output.where}.type: ${sensorType} takes ${wanted} values, and sensor '${output.sensor}' (${ready.sensors[index]!.kind}) has ${size}`,
          );
        sensor = { index, size, type: sensorType };
        type = sensorType;
      } else type = output.kind === 'tf' ? 'tf2_msgs/msg/TFMessage' : 'sensor_msgs/msg/JointState';
      const publisher = node.createPublisher(type, output.topic, { qos }) as Publisher;
      const periodNs = Math.max(1, Math.round(1e9 / output.rate));
      this.#publishing.push({ output, publisher, periodNs, next: nextOutputStep(0, periodNs, ready.stepNs), ...(sensor === undefined ? {} : { sensor }) });
    }
    for (const actuation of config.actuate) {
      const actuator = ready.actuators.findIndex((a) => a.name === actuation.actuator);
      if (actuator < 0)
        throw new WorldEngineError(
          `${actuation.where}.actuator: ${modelName} has no actuator '${actuation.actuator}' (its actuators: ${names(ready.actuators)})`,
        );
      node.createSubscription(
        'std_msgs/msg/Float64',
        actuation.topic,
        { qos },
        { deliver: (message: unknown) => this.#command(actuator, (message as { data: number }).data) },
      );
    }
    simulation.engine.beforeAdvance.push(this.#beforeAdvance);
    this.#schedule();
  }

  /** A command that arrives now acts from the next step on. */
  #command(actuator: number, value: number): void {
    const engine = this.#simulation.engine;
    const step = Math.floor((engine.now - this.#origin) / this.#ready.stepNs) + 1;
    this.#pending.push({ step, actuator, value });
  }

  /** The step of the next output (Infinity: nothing is published). */
  #nextStep(): number {
    let next = Infinity;
    for (const p of this.#publishing) if (p.next < next) next = p.next;
    return next;
  }

  #timeOf(step: number): number {
    return this.#origin + step * this.#ready.stepNs;
  }

  #schedule(): void {
    const step = this.#nextStep();
    if (step === Infinity) return;
    this.#simulation.engine.scheduleAt(this.#originAbs + BigInt(step) * BigInt(this.#ready.stepNs), () => this.#publish(step));
  }

  /** Before sim time reaches the next output, the engine goes there. */
  readonly #beforeAdvance = (target: number): Promise<void> | null => {
    const step = this.#nextStep();
    if (step === Infinity || this.#reached >= step || target < this.#timeOf(step)) return null;
    return this.#advance(step);
  };

  async #advance(step: number): Promise<void> {
    const due = this.#publishing.filter((p) => p.next === step);
    const commands = this.#pending;
    this.#pending = [];
    this.#frame = await this.#engine.advance({
      untilStep: step,
      commands,
      sensors: due.flatMap((p) => (p.sensor === undefined ? [] : [p.sensor.index])),
      joints: due.some((p) => p.output.kind === 'joint_states'),
      bodies: due.some((p) => p.output.kind === 'tf'),
    });
    this.#reached = step;
  }

  #publish(step: number): void {
    const frame = this.#frame;
    if (frame === null || frame.step !== step)
      throw new WorldEngineError(`the world engine was not advanced to step ${step} before its outputs (rclsim's fault)`);
    const stamp = timeMsg(this.#originAbs + BigInt(step) * BigInt(this.#ready.stepNs));
    const ready = this.#ready;
    let at = 0;
    for (const p of this.#publishing) {
      if (p.next !== step) continue;
      const output = p.output;
      if (p.sensor !== undefined && output.kind === 'sensor') {
        p.publisher.publish(sensorMessage(p.sensor.type, frame.sensorValues.slice(at, at + p.sensor.size), stamp, output.frameId));
        at += p.sensor.size;
      } else if (output.kind === 'joint_states') {
        p.publisher.publish(
          jointStateMessage(
            ready.joints.map((j) => j.name),
            this.#joints,
            frame,
            stamp,
          ),
        );
      } else if (output.kind === 'tf') {
        p.publisher.publish(
          tfMessage(
            ready.bodies.map((b) => b.name),
            this.#bodies,
            frame.poses,
            stamp,
            output.frameId,
          ),
        );
      }
      p.next = nextOutputStep(step, p.periodNs, ready.stepNs);
    }
    this.#schedule();
  }
}
