import { readFileSync } from 'node:fs';
import { timeMsg } from '../base/timeMsg.js';
import { readXml } from '../base/xmlReader.js';
import type { ScheduledAction } from '../engine/ScheduledActions.js';
import { LoggingSeverity } from '../ros/LogOutput.js';
import { NodeOptions } from '../ros/NodeOptions.js';
import { QoS } from '../ros/QoS.js';
import type { BridgeEntry } from '../world/bridge/BridgeEntry.js';
import { conversionOf, type RosMessage } from '../world/bridge/conversions.js';
import type { Model } from '../world/description/description.js';
import { readModelByName, readModelText, readWorldText } from '../world/description/sdfFile.js';
import { DescriptionError } from '../world/description/sdfValues.js';
import { readUrdfText } from '../world/description/urdfFile.js';
import { quatFromEuler } from '../world/geometry/pose.js';
import type { GzContacts, GzMessages, GzPoseV, GzType } from '../world/gz/messages.js';
import { withMaps } from '../world/maps/mapModel.js';
import { SimulatedWorld } from '../world/SimulatedWorld.js';
import { CONTACTS_TOPIC } from '../world/systems/ContactReport.js';
import { POSES_TOPIC } from '../world/systems/GroundTruth.js';
import type { BridgeGroup, DescriptionSource, SpawnEntry, WorldConfig } from '../world/WorldConfig.js';
import { classicServer } from './ClassicRosNodes.js';
import { WorldFaults } from './faults/WorldFaults.js';
import { Node } from './Node.js';
import type { Publisher } from './Publisher.js';
import type { Simulation } from './Simulation.js';
import { type SpawnLine, spawnLines } from './spawnLines.js';
import { WorldScene } from './WorldScene.js';
import { WorldView } from './WorldView.js';

/** The world's rules for its spawn and bridge nodes' log lines: where rclcpp would say they come from. */
const LOCATION = () => ({ function: '', file: '', line: 0 });

/**
 * The world in a run: the running world (world/SimulatedWorld.ts) stepped by engine actions at
 * the steps where it publishes (it catches up lazily to any other moment it is looked at), its
 * spawns at their times, and its bridges as ROS entities of their own nodes (ros_gz_bridge's
 * publishers and subscriptions, with its QoS and log lines). World outputs of an instant come
 * in its first phase (scheduled actions), before that instant's callbacks; a command that arrives
 * during an instant acts from the next step on, as one arriving between gz-sim's iterations does.
 */
export class WorldHost {
  readonly #simulation: Simulation;
  readonly #config: WorldConfig;
  #world: SimulatedWorld | null = null;
  /** The job's faults in the world (null: none). */
  #faults: WorldFaults | null = null;
  #action: ScheduledAction | null = null;
  #scheduledStep: number | null = null;
  #view: WorldView | null = null;

  constructor(simulation: Simulation, config: WorldConfig) {
    this.#simulation = simulation;
    this.#config = config;
  }

  get world(): SimulatedWorld | null {
    return this.#world;
  }

  /** Reads the world and starts it at the run's start; its spawns and bridges at their times. */
  start(): void {
    const simulation = this.#simulation;
    const engine = simulation.engine;
    const warn = (line: string) => simulation.warn(line);
    const options = { paths: this.#config.paths, warn };
    const source = this.#config.world;
    const description = withMaps(readWorldText(textOf(source), 'file' in source ? source.file : source.label, options), this.#config.maps ?? []);
    this.#world = new SimulatedWorld(description, {
      originNs: engine.nowAbs,
      seed: simulation.seed,
      warn,
      contacts: this.#config.contacts,
      groundTruthHz: this.#config.groundTruthHz,
      ...(this.#config.gzserver === null
        ? {}
        : {
            classic: classicServer(simulation, this.#config.gzserver, (handler) => {
              this.caughtUp();
              handler();
              this.#reschedule();
            }),
          }),
    });
    simulation.worldHost = this;
    const faults = simulation.faults;
    if (faults?.inWorld) this.#faults = faults.world = new WorldFaults(this.#world, faults, simulation.seed);
    simulation.graph.subscriptionAdded.push(() => this.#reschedule());
    this.#placeHosts();
    this.#publishTruth();
    if (this.#config.paused) {
      simulation.warn(
        `world '${description.name}' starts paused (${this.#config.gzserver === null ? 'gz sim without -r' : 'gzserver -u'}), as Gazebo does: it does not step, and rclsim has no way to play it yet`,
      );
    }
    for (const group of this.#config.bridges) this.#at(group.afterNs, () => this.#bridge(group));
    for (const spawn of this.#config.spawns) this.#at(spawn.afterNs, () => this.#spawn(spawn));
    for (const model of this.#world.ros2Control.keys()) this.#pluginPrograms(model);
    this.#reschedule();
    // Those told see the world with what it starts with: its spawns at the start are in it.
    for (const told of simulation.worldStarts) told(this);
    if (WorldScene.watched(simulation.viewTopics)) new WorldScene(this.view, simulation.viewTopics);
  }

  /** The world as those who draw it look at it (the report, the scene): made for the first who asks. */
  get view(): WorldView {
    this.#view ??= WorldView.of(this.#simulation, this.#world!, this.#config.paused);
    return this.#view;
  }

  /**
   * What the world knows and a robot does not, for checks: contacts as they begin on
   * /rclsim/world/contacts, each moving model's true pose on /rclsim/world/<model>/pose, by the
   * off-network node /rclsim_world (its publishes are outputs, as every one is).
   */
  #publishTruth(): void {
    const config = this.#config;
    if (!config.contacts && config.groundTruthHz <= 0) return;
    const simulation = this.#simulation;
    simulation.placeNode('/rclsim_world', null);
    const node = new Node(
      'rclsim_world',
      '',
      simulation.defaultContext,
      NodeOptions.from({ startParameterServices: false, startTypeDescriptionService: false, enableRosout: false }),
    );
    const bus = this.#world!.bus;
    if (config.contacts) {
      const publisher = node.createPublisher('rclsim_msgs/msg/WorldContact', CONTACTS_TOPIC) as Publisher;
      bus.subscribe(CONTACTS_TOPIC, (_type, message) => {
        const contacts = message as GzContacts;
        for (const contact of contacts.contacts) {
          const split = contact.collision1.indexOf('::');
          publisher.publish({
            header: { stamp: timeMsg(contacts.header.stampNs), frame_id: 'world' },
            model: contact.collision1.slice(0, split),
            collision: contact.collision1.slice(split + 2),
            other: contact.collision2,
            x: contact.positions[0]!.x,
            y: contact.positions[0]!.y,
            normal_x: contact.normals[0]!.x,
            normal_y: contact.normals[0]!.y,
            depth: contact.depths[0]!,
          });
        }
      });
    }
    if (config.groundTruthHz > 0) {
      const publishers = new Map<string, Publisher>();
      bus.subscribe(POSES_TOPIC, (_type, message) => {
        for (const pose of (message as GzPoseV).poses) {
          let publisher = publishers.get(pose.name);
          if (publisher === undefined) {
            publisher = node.createPublisher('geometry_msgs/msg/PoseStamped', `/rclsim/world/${pose.name}/pose`) as Publisher;
            publishers.set(pose.name, publisher);
          }
          const { position: p, orientation: q } = pose;
          publisher.publish({
            header: { stamp: timeMsg(pose.header.stampNs), frame_id: 'world' },
            pose: { position: { x: p.x, y: p.y, z: p.z }, orientation: { x: q.x, y: q.y, z: q.z, w: q.w } },
          });
        }
      });
    }
  }

  /** Network hosts that ride a body of the world are where that body is, whenever a link asks. */
  #placeHosts(): void {
    const world = this.#world!;
    const spawned = new Set(this.#config.spawns.map((spawn) => spawn.name));
    for (const host of this.#simulation.network?.hosts ?? []) {
      const body = host.body;
      if (body === null) continue;
      if (world.model(body) === undefined && !spawned.has(body) && !spawned.has(null)) {
        this.#simulation.warn(`network host '${host.name}' rides body '${body}', which the world has not and no spawn names: it has no position`);
      }
      host.follow(() => this.caughtUp().model(body)?.pose().position ?? null);
    }
  }

  #at(afterNs: bigint, run: () => void): void {
    const engine = this.#simulation.engine;
    if (afterNs <= 0n) run();
    else engine.scheduleAt(this.#world!.originNs + afterNs, run);
  }

  /** The last step at or before now: where the world must be before it is looked at. */
  #stepNow(): number {
    const world = this.#world!;
    return Number((this.#simulation.engine.nowAbs - world.originNs) / BigInt(world.stepNs));
  }

  /** The world caught up to now (a paused world stays at its start): what it is when looked at now. */
  caughtUp(): SimulatedWorld {
    const world = this.#world!;
    if (!this.#config.paused) world.advanceTo(this.#stepNow());
    return world;
  }

  /** An engine action at the world's next output or fault, if it moved. */
  #reschedule(): void {
    const world = this.#world;
    if (world === null || this.#config.paused) return;
    const output = world.nextOutputStep();
    const fault = this.#faults?.nextFiring() ?? null;
    const next = output === null ? fault : fault === null ? output : Math.min(output, fault);
    if (next === this.#scheduledStep) return;
    const engine = this.#simulation.engine;
    if (this.#action !== null) engine.cancelAction(this.#action);
    this.#scheduledStep = next;
    this.#action =
      next === null
        ? null
        : engine.scheduleAt(world.originNs + BigInt(next) * BigInt(world.stepNs), () => {
            this.#action = null;
            this.#scheduledStep = null;
            world.advanceTo(next);
            // A fault that starts at this step fires before the step's outputs, which it may change.
            this.#faults?.fire(next);
            world.output();
            this.#reschedule();
          });
  }

  /** A bridge node and its bridges, as parameter_bridge makes them (its log lines first). */
  #bridge(group: BridgeGroup): void {
    const simulation = this.#simulation;
    this.caughtUp();
    const node = new Node(group.node, group.namespace, simulation.defaultContext, NodeOptions.from({}));
    const log = (severity: LoggingSeverity, text: string) => node.getLogger().logAt(severity, text, LOCATION);
    for (const entry of group.entries) {
      const conversion = conversionOf(entry.rosType, entry.gzType);
      const toGz = entry.direction !== 'ROS_TO_GZ';
      const fromGz = entry.direction !== 'GZ_TO_ROS';
      if (toGz)
        log(
          LoggingSeverity.INFO,
          `Creating GZ->ROS Bridge: [${entry.gzTopic} (${entry.gzType}) -> ${entry.rosTopic} (${entry.rosType})] (Lazy ${entry.lazy ? 1 : 0})`,
        );
      if (fromGz)
        log(
          LoggingSeverity.INFO,
          `Creating ROS->GZ Bridge: [${entry.rosTopic} (${entry.rosType}) -> ${entry.gzTopic} (${entry.gzType})] (Lazy ${entry.lazy ? 1 : 0})`,
        );
      if (conversion === undefined || (toGz && conversion.toRos === undefined) || (fromGz && conversion.fromRos === undefined)) {
        log(
          LoggingSeverity.WARN,
          `Failed to create a bridge for topic [${entry.rosTopic}] with ROS2 type [${entry.rosType}] to topic [${entry.gzTopic}] with Gazebo Transport type [${entry.gzType}]`,
        );
        simulation.warn(`ros_gz_bridge: rclsim's world has no conversion between ${entry.rosType} and ${entry.gzType} (docs/world.md lists those it has)`);
        continue;
      }
      if (toGz) this.#gzToRos(node, entry, conversion.toRos!);
      if (fromGz) this.#rosToGz(node, entry, conversion.fromRos!, log);
    }
    this.#reschedule();
  }

  #gzToRos(node: Node, entry: BridgeEntry, toRos: (message: never) => RosMessage): void {
    const qos = new QoS(QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST, entry.publisherQueue);
    const publisher = node.createPublisher(entry.rosType, entry.rosTopic, { qos }) as Publisher;
    // The clock, and a bridge marked lazy, listen only while something listens to them on ROS's side.
    const lazy = entry.lazy || entry.gzType === 'gz.msgs.Clock';
    const live = lazy ? () => publisher.matched.length > 0 : () => true;
    this.#world!.bus.subscribe(
      entry.gzTopic,
      <T extends GzType>(type: T, message: GzMessages[T]) => {
        if (type === entry.gzType) publisher.publish(toRos(message as never));
      },
      live,
    );
  }

  #rosToGz(node: Node, entry: BridgeEntry, fromRos: (message: RosMessage) => GzMessages[GzType], log: (severity: LoggingSeverity, text: string) => void): void {
    const qos = new QoS(QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST, entry.subscriberQueue);
    let told = false;
    node.createSubscription(
      entry.rosType,
      entry.rosTopic,
      { qos },
      {
        deliver: (message: unknown) => {
          if (!told) {
            told = true;
            log(LoggingSeverity.INFO, `Passing message from ROS ${entry.rosType} to Gazebo ${entry.gzType} (showing msg only once per type)`);
          }
          const world = this.caughtUp();
          world.bus.publish(entry.gzTopic, entry.gzType as GzType, fromRos(message as RosMessage));
          this.#reschedule();
        },
      },
    );
  }

  /**
   * A model into the world, as ros_gz_sim's create puts it there, or gazebo_ros's spawn_entity.py
   * through gazebo_ros_factory's /spawn_entity (its node while it waits, its lines: sim/spawnLines.ts).
   */
  #spawn(spawn: SpawnEntry): void {
    const simulation = this.#simulation;
    const node = new Node(spawn.node, '', simulation.defaultContext, NodeOptions.from({ startParameterServices: false, startTypeDescriptionService: false }));
    const log = (severity: LoggingSeverity, text: string) => node.getLogger().logAt(severity, text, LOCATION);
    const lines = spawnLines(spawn);
    const say = (said: readonly SpawnLine[]) => {
      for (const [severity, text] of said) log(severity, text);
    };
    const create = (source: DescriptionSource | { readonly database: string }): void => {
      const world = this.caughtUp();
      const model = 'database' in source ? readModelByName(source.database, this.#modelOptions()) : this.#modelOf(source);
      let name = spawn.name ?? model.name;
      if (world.model(name) !== undefined) {
        if (spawn.classic !== undefined) {
          // gazebo_ros_factory answers that it exists; spawn_entity.py fails, the world goes on.
          say(lines.exists(name));
          node.destroy();
          return;
        }
        if (!spawn.allowRenaming) {
          say(lines.exists(name));
          throw new DescriptionError(
            { file: 'database' in source ? `model://${source.database}` : labelOf(source), line: 0 },
            `the world already has a model named '${name}' (create's -allow_renaming makes another name)`,
          );
        }
        let k = 1;
        while (world.model(`${name}_${k}`) !== undefined) k++;
        name = `${name}_${k}`;
      }
      const [x, y, z, roll, pitch, yaw] = spawn.pose;
      world.spawn({ ...model, name }, { position: { x, y, z }, rotation: quatFromEuler(roll, pitch, yaw) });
      say(lines.created(name));
      this.#pluginPrograms(name);
      if (spawn.id !== undefined) for (const told of simulation.spawnsDone) told(spawn.id);
      node.destroy();
      this.#reschedule();
    };
    const source = spawn.source;
    say(lines.started);
    if (!('topic' in source)) {
      create(source);
      return;
    }
    const qos = new QoS(
      QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
      1,
      QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE,
      QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL,
    );
    let done = false;
    node.createSubscription(
      'std_msgs/msg/String',
      source.topic,
      { qos },
      {
        deliver: (message: unknown) => {
          if (done) return;
          done = true;
          create({ text: (message as { data: string }).data, label: source.topic });
        },
      },
    );
  }

  /** Gazebo loads a model's gz_ros2_control plugin with the model: its controller manager starts now (the job's listeners). */
  #pluginPrograms(model: string): void {
    const system = this.#world?.ros2Control.get(model);
    if (system !== undefined) for (const listener of this.#simulation.ros2ControlModels) listener(system);
  }

  #modelOptions() {
    return { paths: this.#config.paths, warn: (line: string) => this.#simulation.warn(line) };
  }

  /** A model from SDF or URDF text, told apart by its root element. */
  #modelOf(source: DescriptionSource): Model {
    const label = labelOf(source);
    const text = textOf(source);
    const options = this.#modelOptions();
    let root: string | undefined;
    try {
      root = readXml(text).find(() => true)?.name;
    } catch (error) {
      throw new DescriptionError({ file: label, line: 0 }, `not XML: ${(error as Error).message}`);
    }
    if (root === 'robot') return readUrdfText(text, label, options);
    return readModelText(text, label, options);
  }
}

function labelOf(source: DescriptionSource): string {
  return 'file' in source ? source.file : source.label;
}

function textOf(source: DescriptionSource): string {
  if (!('file' in source)) return source.text;
  try {
    return readFileSync(source.file, 'utf8');
  } catch (error) {
    throw new DescriptionError({ file: source.file, line: 0 }, `cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}
