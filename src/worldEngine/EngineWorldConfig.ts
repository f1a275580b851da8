import type { PeerEndpoint } from '../base/FramedPeer.js';

/** The ROS types a sensor's values can be published as, and how many values each takes (0: any). */
export const SENSOR_TYPES = {
  'std_msgs/msg/Float64': 1,
  'std_msgs/msg/Float64MultiArray': 0,
  'geometry_msgs/msg/PointStamped': 3,
  'geometry_msgs/msg/Vector3Stamped': 3,
  'geometry_msgs/msg/QuaternionStamped': 4,
} as const;

export type SensorType = keyof typeof SENSOR_TYPES;

/** Where an entry is in the job file (`world.publish[0]`), for messages. */
interface Placed {
  readonly where: string;
}

/** What is published, on which topic, how often (Hz). */
export type Output = Placed & { readonly topic: string; readonly rate: number } & (
    | { readonly kind: 'sensor'; readonly sensor: string; readonly type: SensorType | null; readonly frameId: string }
    | { readonly kind: 'joint_states' }
    | { readonly kind: 'tf'; readonly frameId: string }
  );

/** An actuator commanded by the std_msgs/msg/Float64 messages of a topic. */
export interface Actuation extends Placed {
  readonly actuator: string;
  readonly topic: string;
}

/** A world stepped by another engine (the job file's `world:` with `mujoco:` or `engine:`). */
export interface EngineWorldConfig {
  /** MuJoCo in-process, or an engine behind the world protocol. */
  readonly engine: { readonly kind: 'mujoco' } | { readonly kind: 'protocol'; readonly endpoint: PeerEndpoint; readonly timeoutMs: number };
  /** The model: a file (absolute) or text, with a name for messages. */
  readonly model: { readonly file: string } | { readonly text: string; readonly label: string };
  /** The physics step, ns (0: the model's own). */
  readonly stepNs: number;
  /** The ROS node that publishes and subscribes. */
  readonly node: string;
  readonly publish: readonly Output[];
  readonly actuate: readonly Actuation[];
}
