import { timeMsg } from '../base/timeMsg.js';
import type { Message } from '../interfaces/plainMessages.js';
import type { Point } from '../network/geometry.js';
import type { Link } from '../network/Link.js';
import type { LinkCounters } from '../network/LinkCounters.js';
import type { Network } from '../network/Network.js';
import { NodeOptions } from '../ros/NodeOptions.js';
import { Node } from './Node.js';
import type { Publisher } from './Publisher.js';
import type { Simulation } from './Simulation.js';

const NODE_NAME = 'rclsim_network';
const LINKS_TYPE = 'rclsim_msgs/msg/NetworkLinks';

/** Where a pose message of each supported type keeps its position. */
const POSITION_PATHS: Record<string, readonly string[]> = {
  'nav_msgs/msg/Odometry': ['pose', 'pose', 'position'],
  'geometry_msgs/msg/PoseStamped': ['pose', 'position'],
  'geometry_msgs/msg/PoseWithCovarianceStamped': ['pose', 'pose', 'position'],
  'geometry_msgs/msg/Pose': ['position'],
};

/** One link in the run summary: its state at the end and everything that crossed it. */
export interface LinkSummary {
  from: string;
  to: string;
  distance: number;
  lineOfSight: boolean;
  snrDb: number;
  mcs: number;
  offeredBytes: number;
  deliveredBytes: number;
  messagesSent: number;
  messagesDelivered: number;
  messagesLost: number;
  framesSent: number;
  framesRetried: number;
  framesDropped: number;
  queueDrops: number;
  /** Seconds. */
  latencyMean: number;
  latencyMax: number;
}

/**
 * What a run with a network sees of it: hosts placed by the poses on their topics (watched as a
 * recorder watches, by no entity), and link statistics published every metrics period by the
 * off-network node `/rclsim_network` (its publishes count in the fingerprint, as every output).
 */
export class NetworkMonitor {
  readonly #simulation: Simulation;
  readonly #network: Network;
  readonly #publisher: Publisher;

  constructor(simulation: Simulation, network: Network) {
    this.#simulation = simulation;
    this.#network = network;
    simulation.placeNode(`/${NODE_NAME}`, null);
    const node = new Node(
      NODE_NAME,
      '',
      simulation.defaultContext,
      NodeOptions.from({ startParameterServices: false, startTypeDescriptionService: false, enableRosout: false }),
    );
    this.#publisher = node.createPublisher(LINKS_TYPE, network.config.linksTopic) as Publisher;
    for (const host of network.hosts) {
      const topic = host.positionTopic;
      if (topic === null) continue;
      simulation.delivery.watch(topic, (sample, publisher) => {
        const position = positionIn(sample.message, publisher.typeName);
        if (position === undefined) {
          simulation.engine.fail(
            new Error(
              `network host '${host.name}' takes its position from ${topic}, whose type ${publisher.typeName} is none of ${Object.keys(POSITION_PATHS).join(', ')}`,
            ),
          );
        } else {
          host.report(position);
        }
      });
    }
    // Weak: the statistics never keep a run going by themselves. The first period starts with
    // the run (a played bag may still move the start time).
    const engine = simulation.engine;
    const period = network.config.metricsPeriod;
    const tick = (): void => {
      this.#publish();
      engine.scheduleAfter(period, tick, true);
    };
    engine.scheduleAfter(0, () => engine.scheduleAfter(period, tick, true), true);
  }

  /** After the nodes are built: a host that claims none is most likely a typing mistake. */
  checkPlacement(): void {
    for (const host of this.#network.hosts) {
      if (!this.#simulation.nodes.some((node) => node.host === host)) {
        this.#simulation.warn(
          `network host '${host.name}' runs no node when the run starts: none of its patterns (${this.#network.config.hosts[host.index]!.nodes.join(', ')}) matches a node's name`,
        );
      }
    }
  }

  #publish(): void {
    const period = this.#network.config.metricsPeriod;
    const now = this.#simulation.engine.nowAbs;
    const links = this.#network.closePeriod().map(({ link, counters }) => linkStatistics(link, counters, period));
    this.#publisher.publish({
      header: { stamp: timeMsg(now), frame_id: '' },
      period: period / 1e9,
      links,
    });
  }

  /** Every link over the whole run, for the run summary (and a warning for a host its topic never placed). */
  summary(): { links: LinkSummary[]; framesSent: number } {
    for (const host of this.#network.hosts) {
      const topic = host.positionTopic;
      if (topic !== null && !host.poseReceived)
        this.#simulation.warn(
          `network host '${host.name}' never got a pose on ${topic}: it had no position${host.positionAt(0) === null ? ', and no link' : ' but its initial one'}`,
        );
    }
    const links = this.#network.totals().map((link) => {
      const total = link.total;
      return {
        from: link.from.name,
        to: link.to.name,
        distance: link.distance,
        lineOfSight: link.obstacles === 0,
        snrDb: link.snrDb,
        mcs: link.mcs.index,
        offeredBytes: total.offeredBytes,
        deliveredBytes: total.deliveredBytes,
        messagesSent: total.messagesSent,
        messagesDelivered: total.messagesDelivered,
        messagesLost: total.messagesLost,
        framesSent: total.framesSent,
        framesRetried: total.framesRetried,
        framesDropped: total.framesDropped,
        queueDrops: total.queueDrops,
        latencyMean: total.latencyMean / 1e9,
        latencyMax: total.latencyMax / 1e9,
      };
    });
    return { links, framesSent: this.#network.medium.framesSent };
  }
}

function linkStatistics(link: Link, counters: LinkCounters, period: number): Message {
  return {
    from_host: link.from.name,
    to_host: link.to.name,
    distance: link.distance,
    line_of_sight: link.obstacles === 0,
    obstacles: link.obstacles,
    obstacle_loss_db: link.obstacleLossDb,
    snr_db: link.snrDb,
    mcs: link.mcs.index,
    phy_rate_mbps: link.mcs.rate / 1e6,
    offered_bytes: BigInt(counters.offeredBytes),
    delivered_bytes: BigInt(counters.deliveredBytes),
    throughput_mbps: (counters.deliveredBytes * 8) / (period / 1e9) / 1e6,
    messages_sent: counters.messagesSent,
    messages_delivered: counters.messagesDelivered,
    messages_lost: counters.messagesLost,
    frames_sent: counters.framesSent,
    frames_retried: counters.framesRetried,
    frames_dropped: counters.framesDropped,
    queue_drops: counters.queueDrops,
    latency_mean: counters.latencyMean / 1e9,
    latency_max: counters.latencyMax / 1e9,
  };
}

function positionIn(message: Message | null, typeName: string): Point | undefined {
  const path = POSITION_PATHS[typeName];
  if (path === undefined || message === null) return undefined;
  let value: unknown = message;
  for (const key of path) value = (value as Record<string, unknown>)[key];
  const { x, y, z } = value as { x: number; y: number; z: number };
  return { x, y, z };
}
