import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { parse as parseYaml } from 'yaml';
import { BridgeConfigError, type BridgeEntry, bridgeFromArgument, bridgesFromConfig } from '../world/bridge/BridgeEntry.js';
import { resourcePathsOf } from '../world/description/resources.js';
import type { SpawnEntry, WorldConfig } from '../world/WorldConfig.js';
import { type Actuation, type EngineWorldConfig, type Output, SENSOR_TYPES, type SensorType } from '../worldEngine/EngineWorldConfig.js';

/** A duration as job files write it: '1.5s', '200ms', or nanoseconds. */
type Duration = string | number;

import type { SectionContext } from './sectionContext.js';
import { type MapItem, mapOf } from './worldMaps.js';

const duration = { anyOf: [{ type: 'string' }, { type: 'integer', minimum: 0 }] };
const bridgeMap = {
  type: 'object',
  additionalProperties: false,
  properties: {
    topic_name: { type: 'string' },
    ros_topic_name: { type: 'string' },
    gz_topic_name: { type: 'string' },
    ros_type_name: { type: 'string' },
    gz_type_name: { type: 'string' },
    direction: { enum: ['BIDIRECTIONAL', 'GZ_TO_ROS', 'ROS_TO_GZ'] },
    publisher_queue: { type: 'integer', minimum: 0 },
    subscriber_queue: { type: 'integer', minimum: 0 },
    lazy: { type: 'boolean' },
    config_file: { type: 'string' },
  },
};

const mapItem = {
  type: 'object',
  additionalProperties: false,
  required: ['file'],
  properties: {
    file: { type: 'string', minLength: 1 },
    height: { type: 'number', exclusiveMinimum: 0, maximum: 1e6 },
    pose: { type: 'array', items: { type: 'number' }, minItems: 6, maxItems: 6 },
    name: { type: 'string', minLength: 1 },
  },
};

/** The job file's `world:` section (documented in docs/world.md). */
export const worldSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    sdf: { type: 'string', minLength: 1 },
    sdf_string: { type: 'string', minLength: 1 },
    resource_path: { type: 'array', items: { type: 'string', minLength: 1 } },
    spawn: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          file: { type: 'string', minLength: 1 },
          string: { type: 'string', minLength: 1 },
          topic: { type: 'string', minLength: 1 },
          database: { type: 'string', minLength: 1 },
          name: { type: 'string', minLength: 1 },
          pose: { type: 'array', items: { type: 'number' }, minItems: 6, maxItems: 6 },
          allow_renaming: { type: 'boolean' },
          timeout: { type: 'number', minimum: 0 },
          at: duration,
          id: { type: 'string', minLength: 1 },
        },
      },
    },
    bridge: { type: 'array', items: { anyOf: [{ type: 'string', minLength: 1 }, bridgeMap] } },
    bridge_nodes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'bridge'],
        properties: {
          name: { type: 'string', minLength: 1 },
          namespace: { type: 'string' },
          at: duration,
          bridge: { type: 'array', items: { anyOf: [{ type: 'string', minLength: 1 }, bridgeMap] } },
        },
      },
    },
    paused: { type: 'boolean' },
    gzserver: {
      type: 'object',
      additionalProperties: false,
      properties: { plugins: { type: 'array', items: { type: 'string', minLength: 1 } }, ros_arguments: { type: 'array', items: { type: 'string' } } },
    },
    contacts: { type: 'boolean' },
    ground_truth: { type: 'number', exclusiveMinimum: 0, maximum: 1000 },
    maps: { type: 'array', items: { anyOf: [{ type: 'string', minLength: 1 }, mapItem] } },
    // Another engine's world (worldEngine/): MuJoCo in-process, or any engine behind proto/world.proto.
    mujoco: { type: 'string', minLength: 1 },
    engine: {
      type: 'object',
      additionalProperties: false,
      properties: {
        command: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
        connect: { type: 'string', minLength: 1 },
        model: { type: 'string', minLength: 1 },
        model_string: { type: 'string', minLength: 1 },
        timeout: duration,
      },
    },
    step: duration,
    node: { type: 'string', minLength: 1 },
    publish: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['rate'],
        properties: {
          sensor: { type: 'string', minLength: 1 },
          joint_states: { type: 'string', minLength: 1 },
          tf: { type: 'string', minLength: 1 },
          topic: { type: 'string', minLength: 1 },
          type: { enum: Object.keys(SENSOR_TYPES) },
          frame_id: { type: 'string' },
          rate: { type: 'number', exclusiveMinimum: 0, maximum: 1e9 },
        },
      },
    },
    actuate: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['actuator', 'topic'],
        properties: { actuator: { type: 'string', minLength: 1 }, topic: { type: 'string', minLength: 1 } },
      },
    },
  },
};

/** A bridge as a job or a launch file gives it: ros_gz_bridge's command-line form, one YAML entry, or a config file. */
type BridgeItem = string | Record<string, unknown>;

export interface WorldEntry {
  sdf?: string;
  sdf_string?: string;
  resource_path?: string[];
  spawn?: {
    file?: string;
    string?: string;
    topic?: string;
    database?: string;
    name?: string;
    pose?: number[];
    allow_renaming?: boolean;
    timeout?: number;
    at?: Duration;
    id?: string;
  }[];
  bridge?: BridgeItem[];
  bridge_nodes?: { name: string; namespace?: string; at?: Duration; bridge: BridgeItem[] }[];
  paused?: boolean;
  gzserver?: { plugins?: string[]; ros_arguments?: string[] };
  contacts?: boolean;
  ground_truth?: number;
  maps?: (string | MapItem)[];
  mujoco?: string;
  engine?: { command?: string[]; connect?: string; model?: string; model_string?: string; timeout?: Duration };
  step?: Duration;
  node?: string;
  publish?: { sensor?: string; joint_states?: string; tf?: string; topic?: string; type?: SensorType; frame_id?: string; rate: number }[];
  actuate?: { actuator: string; topic: string }[];
}

/** The keys of the built-in world's form, and of another engine's. */
const SDF_KEYS = ['sdf', 'sdf_string', 'resource_path', 'spawn', 'bridge', 'bridge_nodes', 'paused', 'contacts', 'ground_truth', 'maps'] as const;
const ENGINE_KEYS = ['mujoco', 'engine', 'step', 'node', 'publish', 'actuate'] as const;

/** Whether the section is another engine's world (`mujoco:` or `engine:`) rather than an SDF world. */
export function isEngineWorld(entry: WorldEntry): boolean {
  return entry.mujoco !== undefined || entry.engine !== undefined;
}

/** What a world engine waits for an answer by default (wall time), as network.external. */
const DEFAULT_ENGINE_TIMEOUT = '60s';

/**
 * Another engine's world (docs/world.md "Another physics engine"): MuJoCo's model file run
 * in-process, or an engine rclsim starts (a relative program path from the job file's folder) or
 * connects to, with its model; the ROS topics its sensors are published on and its actuators
 * commanded from.
 */
export function engineWorldConfig(entry: WorldEntry, context: SectionContext): EngineWorldConfig {
  const location = (...rest: (string | number)[]) => ['world', ...rest];
  if ((entry.mujoco === undefined) === (entry.engine === undefined)) context.fail(location(), "needs one of 'mujoco' (a model file) and 'engine', not both");
  for (const key of SDF_KEYS)
    if (entry[key] !== undefined) context.fail(location(key), `is the built-in world's, not another engine's (${ENGINE_KEYS.join(', ')})`);
  let engine: EngineWorldConfig['engine'];
  let model: EngineWorldConfig['model'];
  if (entry.mujoco !== undefined) {
    engine = { kind: 'mujoco' };
    model = { file: context.file(location('mujoco'), entry.mujoco) };
  } else {
    const e = entry.engine!;
    if ((e.command === undefined) === (e.connect === undefined))
      context.fail(location('engine'), "needs either 'command' (rclsim starts it) or 'connect' (an address), not both");
    if ((e.model === undefined) === (e.model_string === undefined)) context.fail(location('engine'), "needs one of 'model' (a file) and 'model_string'");
    const timeout = context.duration(location('engine', 'timeout'), e.timeout ?? DEFAULT_ENGINE_TIMEOUT);
    if (timeout < 1_000_000n) context.fail(location('engine', 'timeout'), 'must be at least 1ms');
    const timeoutMs = Number(timeout / 1_000_000n);
    if (e.connect !== undefined) engine = { kind: 'protocol', endpoint: { connect: e.connect }, timeoutMs };
    else {
      const [program, ...args] = e.command!;
      const resolved = program!.includes('/') ? context.file(location('engine', 'command', 0), program!) : program!;
      engine = { kind: 'protocol', endpoint: { command: [resolved, ...args] }, timeoutMs };
    }
    model =
      e.model !== undefined ? { file: context.file(location('engine', 'model'), e.model) } : { text: e.model_string!, label: 'world.engine.model_string' };
  }
  const publish = (entry.publish ?? []).map((item, i): Output => {
    const where = `world.publish[${i}]`;
    const kinds = (['sensor', 'joint_states', 'tf'] as const).filter((key) => item[key] !== undefined);
    if (kinds.length !== 1) context.fail(location('publish', i), "needs one of 'sensor', 'joint_states' and 'tf'");
    const rate = item.rate;
    if (item.sensor !== undefined) {
      if (item.topic === undefined) context.fail(location('publish', i), "needs 'topic': where the sensor's values go");
      return {
        where,
        kind: 'sensor',
        sensor: item.sensor,
        topic: context.topic(location('publish', i, 'topic'), item.topic),
        type: item.type ?? null,
        frameId: item.frame_id ?? 'world',
        rate,
      };
    }
    for (const key of ['topic', 'type'] as const)
      if (item[key] !== undefined) context.fail(location('publish', i, key), `is a sensor's: '${kinds[0]}' names the topic`);
    if (item.tf !== undefined)
      return { where, kind: 'tf', topic: context.topic(location('publish', i, 'tf'), item.tf), frameId: item.frame_id ?? 'world', rate };
    if (item.frame_id !== undefined) context.fail(location('publish', i, 'frame_id'), 'is for a sensor or tf');
    return { where, kind: 'joint_states', topic: context.topic(location('publish', i, 'joint_states'), item.joint_states!), rate };
  });
  const actuate = (entry.actuate ?? []).map(
    (item, i): Actuation => ({ where: `world.actuate[${i}]`, actuator: item.actuator, topic: context.topic(location('actuate', i, 'topic'), item.topic) }),
  );
  const stepNs = entry.step === undefined ? 0 : Number(context.duration(location('step'), entry.step));
  if (entry.step !== undefined && stepNs <= 0) context.fail(location('step'), 'must be at least 1ns');
  return { engine, model, stepNs, node: entry.node ?? (entry.mujoco !== undefined ? 'mujoco' : 'world_engine'), publish, actuate };
}

/**
 * The world a job file describes: its SDF world, where its models are found (the section's
 * `resource_path`, then GZ_SIM_RESOURCE_PATH and the rest of Gazebo's search path from the
 * environment), the models it spawns and the bridges of one `ros_gz_bridge` node.
 */
export function worldConfig(entry: WorldEntry, context: SectionContext, env: Readonly<Record<string, string | undefined>>): WorldConfig {
  const location = (...rest: (string | number)[]) => ['world', ...rest];
  for (const key of ENGINE_KEYS)
    if (entry[key] !== undefined) context.fail(location(key), "is another engine's world's (with 'mujoco' or 'engine'), not an SDF world's");
  if ((entry.sdf === undefined) === (entry.sdf_string === undefined)) context.fail(location(), "needs one of 'sdf' (a world file) and 'sdf_string'");
  const world = entry.sdf !== undefined ? { file: context.file(location('sdf'), entry.sdf) } : { text: entry.sdf_string!, label: 'world.sdf_string' };
  const paths = resourcePathsOf(env, homedir());
  const own = (entry.resource_path ?? []).map((folder, i) => context.file(location('resource_path', i), folder, 'folder'));
  // Classic Gazebo's server: its spawns are gazebo_ros's spawn_entity.py's.
  const classic = entry.gzserver !== undefined;
  const spawns = (entry.spawn ?? []).map((spawn, i): SpawnEntry => {
    const sources = [spawn.file, spawn.string, spawn.topic, spawn.database].filter((value) => value !== undefined);
    if (sources.length !== 1)
      context.fail(location('spawn', i), `needs one of ${classic ? "'file', 'string', 'topic' and 'database'" : "'file', 'string' and 'topic'"}`);
    for (const key of ['database', 'timeout'] as const)
      if (!classic && spawn[key] !== undefined)
        context.fail(location('spawn', i, key), "is spawn_entity.py's, for a world classic Gazebo runs (world.gzserver)");
    if (classic && spawn.allow_renaming !== undefined) context.fail(location('spawn', i, 'allow_renaming'), "is create's (gz sim): spawn_entity.py has none");
    const pose = (spawn.pose ?? [0, 0, 0, 0, 0, 0]) as [number, number, number, number, number, number];
    return {
      afterNs: spawn.at === undefined ? 0n : context.duration(location('spawn', i, 'at'), spawn.at),
      source:
        spawn.file !== undefined
          ? { file: context.file(location('spawn', i, 'file'), spawn.file) }
          : spawn.string !== undefined
            ? { text: spawn.string, label: `world.spawn[${i}].string` }
            : spawn.database !== undefined
              ? { database: spawn.database }
              : { topic: context.topic(location('spawn', i, 'topic'), spawn.topic!), given: spawn.topic! },
      name: spawn.name ?? null,
      pose,
      allowRenaming: spawn.allow_renaming ?? false,
      node: classic ? 'spawn_entity' : 'ros_gz_sim',
      ...(spawn.id === undefined ? {} : { id: spawn.id }),
      ...(classic ? { classic: { timeout: spawn.timeout ?? 30 } } : {}),
    };
  });
  const entriesOf = (items: readonly BridgeItem[], location: (string | number)[]): BridgeEntry[] =>
    items.flatMap((item, i) => {
      try {
        if (typeof item === 'string') return [bridgeFromArgument(item)];
        if (typeof item.config_file === 'string') return bridgesFromFile(context.file([...location, i, 'config_file'], item.config_file));
        return bridgesFromConfig([item], () => '');
      } catch (error) {
        if (!(error instanceof BridgeConfigError)) throw error;
        return context.fail([...location, i], error.message.replace(/^: /, ''));
      }
    });
  const entries = entriesOf(entry.bridge ?? [], location('bridge'));
  const groups = (entry.bridge_nodes ?? []).map((node, i) => ({
    afterNs: node.at === undefined ? 0n : context.duration(location('bridge_nodes', i, 'at'), node.at),
    node: node.name,
    namespace: node.namespace === undefined || node.namespace === '' ? '/' : node.namespace,
    entries: entriesOf(node.bridge, location('bridge_nodes', i, 'bridge')),
  }));
  return {
    world,
    paths: { ...paths, modelFolders: [...own, ...paths.modelFolders] },
    spawns,
    bridges: [...(entries.length === 0 ? [] : [{ afterNs: 0n, node: 'ros_gz_bridge', namespace: '/', entries }]), ...groups],
    paused: entry.paused ?? false,
    gzserver: classic ? { plugins: entry.gzserver!.plugins ?? [], rosArguments: entry.gzserver!.ros_arguments ?? [] } : null,
    contacts: entry.contacts ?? false,
    groundTruthHz: entry.ground_truth ?? 0,
    maps: (entry.maps ?? []).map((item, i) => mapOf(item, location('maps', i), context)),
  };
}

/** A ros_gz_bridge YAML config file's bridges; errors name the file and the entry. */
export function bridgesFromFile(file: string): BridgeEntry[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new BridgeConfigError(`${file}: cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new BridgeConfigError(`${file}: not YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  return bridgesFromConfig(data, (index, key) => `${file}: entry ${index + 1}${key === undefined ? '' : `, ${key}`}`);
}
