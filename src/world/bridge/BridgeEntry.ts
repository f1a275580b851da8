import { WorldInputError } from '../WorldInputError.js';

export type BridgeDirection = 'BIDIRECTIONAL' | 'GZ_TO_ROS' | 'ROS_TO_GZ';

/** One topic ros_gz_bridge carries, as its YAML config or command line names it. */
export interface BridgeEntry {
  readonly rosTopic: string;
  readonly gzTopic: string;
  /** `pkg/msg/Type`. */
  readonly rosType: string;
  /** `gz.msgs.Type` (`ignition.msgs.Type` read as gz's). */
  readonly gzType: string;
  readonly direction: BridgeDirection;
  /** The ROS publisher's (GZ → ROS) and subscription's (ROS → GZ) depth. */
  readonly publisherQueue: number;
  readonly subscriberQueue: number;
  readonly lazy: boolean;
}

/** A failure to read a bridge's configuration: one line, said by whoever reads it with where it came from. */
export class BridgeConfigError extends WorldInputError {
  override readonly name = 'BridgeConfigError';
}

/**
 * A command-line bridge as parameter_bridge reads it (ros_gz_bridge's parameter_bridge.cpp):
 * `/topic@ROS_TYPE@GZ_TYPE` both ways, `[GZ_TYPE` Gazebo to ROS, `]GZ_TYPE` ROS to Gazebo; the
 * same topic name on both sides.
 */
export function bridgeFromArgument(argument: string): BridgeEntry {
  const at = argument.indexOf('@');
  if (at <= 0) throw new BridgeConfigError(`'${argument}' is not a bridge: it needs the form /topic@ros_type@gz_type (or [gz_type, ]gz_type)`);
  const topic = argument.slice(0, at);
  const rest = argument.slice(at + 1);
  const split = rest.search(/[@[\]]/);
  if (split <= 0) throw new BridgeConfigError(`'${argument}' is not a bridge: it needs the form /topic@ros_type@gz_type (or [gz_type, ]gz_type)`);
  const marker = rest[split]!;
  const direction: BridgeDirection = marker === '@' ? 'BIDIRECTIONAL' : marker === '[' ? 'GZ_TO_ROS' : 'ROS_TO_GZ';
  const rosType = rest.slice(0, split);
  const gzType = gzTypeName(rest.slice(split + 1));
  if (gzType === '') throw new BridgeConfigError(`'${argument}' is not a bridge: no Gazebo type after '${marker}'`);
  return { rosTopic: topic, gzTopic: topic, rosType, gzType, direction, publisherQueue: 10, subscriberQueue: 10, lazy: false };
}

/**
 * The bridges of a YAML config as ros_gz_bridge's bridge_config.cpp reads it: a list of maps with
 * `topic_name` (both sides) or `ros_topic_name` / `gz_topic_name` (either alone names both),
 * `ros_type_name` and `gz_type_name` (both needed), `direction` (BIDIRECTIONAL), `publisher_queue`
 * and `subscriber_queue` (10), `lazy` (false). `where(index, key)` names a place for the error.
 */
export function bridgesFromConfig(config: unknown, where: (index: number, key?: string) => string): BridgeEntry[] {
  if (!Array.isArray(config)) throw new BridgeConfigError(`${where(-1)}: a bridge config must be a YAML list of maps`);
  return config.map((item, index) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw new BridgeConfigError(`${where(index)}: each bridge must be a map`);
    const map = item as Record<string, unknown>;
    const text = (key: string): string | undefined => {
      const value = map[key];
      if (value === undefined || value === null) return undefined;
      if (typeof value !== 'string') throw new BridgeConfigError(`${where(index, key)}: must be a string`);
      return value;
    };
    const known = new Set([
      'topic_name',
      'ros_topic_name',
      'gz_topic_name',
      'ros_type_name',
      'gz_type_name',
      'direction',
      'publisher_queue',
      'subscriber_queue',
      'lazy',
    ]);
    for (const key of Object.keys(map))
      if (!known.has(key)) throw new BridgeConfigError(`${where(index, key)}: not a ros_gz_bridge key (${[...known].join(', ')})`);
    const both = text('topic_name');
    const ros = text('ros_topic_name');
    const gz = text('gz_topic_name');
    if (both !== undefined && (ros !== undefined || gz !== undefined)) {
      throw new BridgeConfigError(`${where(index, 'topic_name')}: topic_name names both sides; it cannot come with ros_topic_name or gz_topic_name`);
    }
    const rosTopic = both ?? ros ?? gz;
    const gzTopic = both ?? gz ?? ros;
    if (rosTopic === undefined || gzTopic === undefined)
      throw new BridgeConfigError(`${where(index)}: needs topic_name, or ros_topic_name and/or gz_topic_name`);
    const rosType = text('ros_type_name');
    const gzType = text('gz_type_name');
    if (rosType === undefined) throw new BridgeConfigError(`${where(index)}: needs ros_type_name`);
    if (gzType === undefined) throw new BridgeConfigError(`${where(index)}: needs gz_type_name`);
    const direction = (text('direction') ?? 'BIDIRECTIONAL').toUpperCase();
    if (direction !== 'BIDIRECTIONAL' && direction !== 'GZ_TO_ROS' && direction !== 'ROS_TO_GZ') {
      throw new BridgeConfigError(`${where(index, 'direction')}: '${direction}' is not BIDIRECTIONAL, GZ_TO_ROS or ROS_TO_GZ`);
    }
    const queue = (key: string): number => {
      const value = map[key];
      if (value === undefined) return 10;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new BridgeConfigError(`${where(index, key)}: must be a whole number`);
      return value;
    };
    const lazy = map.lazy;
    if (lazy !== undefined && typeof lazy !== 'boolean') throw new BridgeConfigError(`${where(index, 'lazy')}: must be true or false`);
    return {
      rosTopic,
      gzTopic,
      rosType,
      gzType: gzTypeName(gzType),
      direction,
      publisherQueue: queue('publisher_queue'),
      subscriberQueue: queue('subscriber_queue'),
      lazy: lazy === true,
    };
  });
}

/** Gazebo's type name as gz-msgs names it now: `ignition.msgs.X` is `gz.msgs.X`. */
function gzTypeName(type: string): string {
  return type.startsWith('ignition.msgs.') ? `gz.msgs.${type.slice('ignition.msgs.'.length)}` : type;
}
