import { friisLossDb } from '../network/channel.js';
import { DEFAULT_FREQUENCY, DEFAULT_RADIO, DEFAULT_TRANSPORT, type NetworkConfig, type PositionSource } from '../network/config.js';
import type { ExternalConfig } from '../network/external/ExternalMedium.js';
import type { Point, Prism } from '../network/geometry.js';
import type { WorldConfig } from '../world/WorldConfig.js';
import { DEFAULT_OBSTACLE_LOSS_DB, loadEnvironment, type ObstacleEntry, obstacleFrom, obstacleSchema } from './environmentFile.js';
import type { SectionContext } from './sectionContext.js';
import { worldObstacles } from './worldObstacles.js';

const duration = { anyOf: [{ type: 'string' }, { type: 'integer', minimum: 0 }] };
const point = { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 3 };
const positive = { type: 'number', exclusiveMinimum: 0 };

/** The job file's `network:` section (documented in docs/network.md). */
export const networkSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['hosts'],
  properties: {
    hosts: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'nodes', 'position'],
        properties: {
          name: { type: 'string', minLength: 1 },
          nodes: { type: 'array', items: { type: 'string', minLength: 1 } },
          position: {
            anyOf: [
              point,
              { type: 'object', additionalProperties: false, required: ['topic'], properties: { topic: { type: 'string' }, initial: point } },
              { type: 'object', additionalProperties: false, required: ['body'], properties: { body: { type: 'string', minLength: 1 } } },
              {
                type: 'object',
                additionalProperties: false,
                required: ['waypoints'],
                properties: {
                  waypoints: {
                    type: 'array',
                    minItems: 1,
                    items: { type: 'object', additionalProperties: false, required: ['at', 'position'], properties: { at: duration, position: point } },
                  },
                },
              },
            ],
          },
        },
      },
    },
    environment: { type: 'string' },
    obstacles: { type: 'array', items: obstacleSchema },
    world_obstacles: {
      type: 'object',
      additionalProperties: false,
      properties: {
        loss_db: { type: 'number', minimum: 0 },
        models: { type: 'object', additionalProperties: { type: 'number', minimum: 0 } },
      },
    },
    channel: {
      type: 'object',
      additionalProperties: false,
      properties: {
        model: { enum: ['log-distance', 'disk'] },
        exponent: positive,
        reference_distance: positive,
        reference_loss_db: { type: 'number' },
        frequency: positive,
        range: positive,
        shadowing: {
          type: 'object',
          additionalProperties: false,
          required: ['sigma_db'],
          properties: { sigma_db: { type: 'number', minimum: 0 }, decorrelation: positive },
        },
      },
    },
    radio: {
      type: 'object',
      additionalProperties: false,
      properties: {
        tx_power_dbm: { type: 'number' },
        noise_figure_db: { type: 'number', minimum: 0 },
        detection_threshold_dbm: { type: 'number' },
        mcs: { enum: ['ideal', 0, 1, 2, 3, 4, 5, 6, 7] },
        ampdu: { type: 'boolean' },
        retry_limit: { type: 'integer', minimum: 1 },
        queue: { type: 'integer', minimum: 1 },
      },
    },
    transport: {
      type: 'object',
      additionalProperties: false,
      properties: {
        mtu: { type: 'integer', minimum: 576, maximum: 65535 },
        max_message_size: { type: 'integer', minimum: 1024, maximum: 65500 },
        send_buffer: { type: 'integer', minimum: 1 },
        heartbeat_period: duration,
        heartbeat_response_delay: duration,
      },
    },
    metrics: { type: 'object', additionalProperties: false, properties: { period: duration, topic: { type: 'string' } } },
    external: {
      type: 'object',
      additionalProperties: false,
      properties: {
        command: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
        connect: { type: 'string', minLength: 1 },
        window: duration,
        timeout: duration,
      },
    },
  },
} as const;

type Duration = string | number;
type PointEntry = number[];
export interface NetworkEntry {
  hosts: {
    name: string;
    nodes: string[];
    position: PointEntry | { topic: string; initial?: PointEntry } | { body: string } | { waypoints: { at: Duration; position: PointEntry }[] };
  }[];
  environment?: string;
  obstacles?: ObstacleEntry[];
  world_obstacles?: { loss_db?: number; models?: Record<string, number> };
  channel?: {
    model?: 'log-distance' | 'disk';
    exponent?: number;
    reference_distance?: number;
    reference_loss_db?: number;
    frequency?: number;
    range?: number;
    shadowing?: { sigma_db: number; decorrelation?: number };
  };
  radio?: {
    tx_power_dbm?: number;
    noise_figure_db?: number;
    detection_threshold_dbm?: number;
    mcs?: 'ideal' | number;
    ampdu?: boolean;
    retry_limit?: number;
    queue?: number;
  };
  transport?: { mtu?: number; max_message_size?: number; send_buffer?: number; heartbeat_period?: Duration; heartbeat_response_delay?: Duration };
  metrics?: { period?: Duration; topic?: string };
  external?: { command?: string[]; connect?: string; window?: Duration; timeout?: Duration };
}

/** The world's static geometry as obstacles, when the section asks (`world_obstacles`). */
function worldWalls(entry: NetworkEntry, context: SectionContext, world: WorldConfig | undefined): Prism[] {
  if (entry.world_obstacles === undefined) return [];
  if (world === undefined) context.fail(['network', 'world_obstacles'], "takes the world's walls, but the job has no 'world'");
  const fallback = entry.world_obstacles.loss_db ?? DEFAULT_OBSTACLE_LOSS_DB;
  const losses = entry.world_obstacles.models ?? {};
  const prisms = worldObstacles(world, (model) => losses[model] ?? fallback);
  for (const model of Object.keys(losses)) {
    if (!prisms.some((prism) => prism.name.startsWith(`${model}::`)))
      context.fail(['network', 'world_obstacles', 'models', model], `the world has no static model named '${model}'`);
  }
  return prisms;
}

/** Log-distance exponent when none is given: ns-3's LogDistancePropagationLossModel default. */
const DEFAULT_EXPONENT = 3;
/** Shadowing decorrelation distance when none is given, m (Gudmundson's suburban measurements: tens of metres). */
const DEFAULT_DECORRELATION = 20;
const DEFAULT_METRICS_PERIOD = 1_000_000_000n;
/** How long an external simulator may take to answer, when the job does not say. */
const DEFAULT_EXTERNAL_TIMEOUT = 60_000_000_000n;
export const DEFAULT_LINKS_TOPIC = '/rclsim/network/links';

/** The `network:` section (schema-valid) as the model's configuration. */
export function networkConfig(entry: NetworkEntry, context: SectionContext, world: WorldConfig | undefined): NetworkConfig {
  const at = (p: PointEntry): Point => ({ x: p[0]!, y: p[1]!, z: p[2] ?? 0 });
  const ns = (location: (string | number)[], value: Duration): number => Number(context.duration(location, value));
  const names = new Set<string>();
  const hosts = entry.hosts.map((host, i) => {
    const location = ['network', 'hosts', i];
    if (names.has(host.name)) context.fail([...location, 'name'], `a second host named '${host.name}'`);
    names.add(host.name);
    const given = host.position;
    let position: PositionSource;
    if (Array.isArray(given)) {
      position = { kind: 'fixed', at: at(given) };
    } else if ('body' in given) {
      position = { kind: 'body', body: given.body };
    } else if ('topic' in given) {
      const topic = context.topic([...location, 'position', 'topic'], given.topic);
      position = { kind: 'topic', topic, initial: given.initial === undefined ? null : at(given.initial) };
    } else {
      const points = given.waypoints.map((waypoint, k) => ({
        at: ns([...location, 'position', 'waypoints', k, 'at'], waypoint.at),
        position: at(waypoint.position),
      }));
      points.forEach((point, k) => {
        if (k > 0 && point.at <= points[k - 1]!.at) context.fail([...location, 'position', 'waypoints', k, 'at'], 'must come after the waypoint before it');
      });
      position = { kind: 'waypoints', points };
    }
    return { name: host.name, nodes: host.nodes, position };
  });

  const obstacles: Prism[] = [
    ...(entry.environment === undefined ? [] : loadEnvironment(context.file(['network', 'environment'], entry.environment))),
    ...(entry.obstacles ?? []).map((obstacle, i) => obstacleFrom(obstacle, `network.obstacles[${i}]`)),
    ...worldWalls(entry, context, world),
  ];

  const channel = entry.channel ?? {};
  const frequency = channel.frequency ?? DEFAULT_FREQUENCY;
  const disk = channel.model === 'disk';
  if (disk && channel.range === undefined) context.fail(['network', 'channel'], "the disk model needs a 'range' (metres)");
  if (!disk && channel.range !== undefined) context.fail(['network', 'channel', 'range'], 'belongs to the disk model (model: disk)');
  const referenceDistance = channel.reference_distance ?? 1;
  const radio = entry.radio ?? {};
  const transport = entry.transport ?? {};
  const metrics = entry.metrics ?? {};
  const period = ns(['network', 'metrics', 'period'], metrics.period ?? DEFAULT_METRICS_PERIOD.toString());
  if (period === 0) context.fail(['network', 'metrics', 'period'], 'must be longer than 0');
  const heartbeat = ns(['network', 'transport', 'heartbeat_period'], transport.heartbeat_period ?? DEFAULT_TRANSPORT.heartbeatPeriod);
  if (heartbeat === 0) context.fail(['network', 'transport', 'heartbeat_period'], 'must be longer than 0');
  return {
    hosts,
    obstacles,
    external: entry.external === undefined ? null : externalConfig(entry.external, context),
    channel: {
      pathLoss: disk
        ? { kind: 'disk', range: channel.range! }
        : {
            kind: 'log-distance',
            exponent: channel.exponent ?? DEFAULT_EXPONENT,
            referenceDistance,
            referenceLossDb: channel.reference_loss_db ?? friisLossDb(referenceDistance, frequency),
          },
      frequency,
      shadowingSigmaDb: channel.shadowing?.sigma_db ?? 0,
      shadowingDecorrelation: channel.shadowing?.decorrelation ?? DEFAULT_DECORRELATION,
    },
    radio: {
      txPowerDbm: radio.tx_power_dbm ?? DEFAULT_RADIO.txPowerDbm,
      noiseFigureDb: radio.noise_figure_db ?? DEFAULT_RADIO.noiseFigureDb,
      detectionThresholdDbm: radio.detection_threshold_dbm ?? DEFAULT_RADIO.detectionThresholdDbm,
      mcs: radio.mcs === undefined || radio.mcs === 'ideal' ? null : radio.mcs,
      ampdu: radio.ampdu ?? DEFAULT_RADIO.ampdu,
      retryLimit: radio.retry_limit ?? DEFAULT_RADIO.retryLimit,
      queuePackets: radio.queue ?? DEFAULT_RADIO.queuePackets,
    },
    transport: {
      mtu: transport.mtu ?? DEFAULT_TRANSPORT.mtu,
      maxMessageSize: transport.max_message_size ?? DEFAULT_TRANSPORT.maxMessageSize,
      sendBuffer: transport.send_buffer ?? DEFAULT_TRANSPORT.sendBuffer,
      heartbeatPeriod: heartbeat,
      heartbeatResponseDelay: ns(
        ['network', 'transport', 'heartbeat_response_delay'],
        transport.heartbeat_response_delay ?? DEFAULT_TRANSPORT.heartbeatResponseDelay,
      ),
    },
    metricsPeriod: period,
    linksTopic: context.topic(['network', 'metrics', 'topic'], metrics.topic ?? DEFAULT_LINKS_TOPIC),
  };
}

/** `network.external`: a command rclsim starts (a relative program path from the job file's folder) or an address. */
function externalConfig(entry: NonNullable<NetworkEntry['external']>, context: SectionContext): ExternalConfig {
  const location = ['network', 'external'];
  if ((entry.command === undefined) === (entry.connect === undefined))
    context.fail(location, "needs either 'command' (rclsim starts it) or 'connect' (an address), not both");
  const window = Number(context.duration([...location, 'window'], entry.window ?? 0));
  const timeout = context.duration([...location, 'timeout'], entry.timeout ?? DEFAULT_EXTERNAL_TIMEOUT.toString());
  if (timeout < 1_000_000n) context.fail([...location, 'timeout'], 'must be at least 1ms');
  const timeoutMs = Number(timeout / 1_000_000n);
  if (entry.connect !== undefined) return { endpoint: { connect: entry.connect }, window, timeoutMs };
  const [program, ...args] = entry.command!;
  const resolved = program!.includes('/') ? context.file([...location, 'command', 0], program!) : program!;
  return { endpoint: { command: [resolved, ...args] }, window, timeoutMs };
}
