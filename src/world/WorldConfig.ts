import type { BridgeEntry } from './bridge/BridgeEntry.js';
import type { Model } from './description/description.js';
import type { ResourcePaths } from './description/resources.js';

/** A description to read: a file, or text (an SDF or URDF string) with a name for messages. */
export type DescriptionSource = { readonly file: string } | { readonly text: string; readonly label: string };

/** A model spawned into the world (ros_gz_sim's `create`, classic gazebo_ros's spawn_entity.py). */
export interface SpawnEntry {
  /** When, ns after the run's start. */
  readonly afterNs: bigint;
  /**
   * From a file or a string (SDF or URDF, told apart by its root element), the first message on a
   * topic (std_msgs/String; its name expanded, and as given), or a model of the model path by its
   * folder's name (spawn_entity.py's -database).
   */
  readonly source: DescriptionSource | { readonly topic: string; readonly given: string } | { readonly database: string };
  /** The model's name (null: the description's). */
  readonly name: string | null;
  /** x, y, z, roll, pitch, yaw. */
  readonly pose: readonly [number, number, number, number, number, number];
  readonly allowRenaming: boolean;
  /** The node that asks (its name in log lines): `ros_gz_sim` for create, `spawn_entity` for spawn_entity.py. */
  readonly node: string;
  /** spawn_entity.py's: its service timeout (s), which it logs. */
  readonly classic?: { readonly timeout: number };
  /** The launch action of the process that spawns it (create, spawn_entity.py): its OnProcessExit handlers run once the model is in the world. */
  readonly id?: string;
}

/** The bridges one bridge node carries (ros_gz_bridge's parameter_bridge). */
export interface BridgeGroup {
  /** When it starts, ns after the run's start. */
  readonly afterNs: bigint;
  /** Its node: name and namespace (`ros_gz_bridge`, `/`). */
  readonly node: string;
  readonly namespace: string;
  readonly entries: readonly BridgeEntry[];
}

/** The world a job runs (the job file's `world:` section, or what its launch files start). */
export interface WorldConfig {
  /** The SDF world. */
  readonly world: DescriptionSource;
  readonly paths: ResourcePaths;
  readonly spawns: readonly SpawnEntry[];
  readonly bridges: readonly BridgeGroup[];
  /** Started paused (gz sim without -r, gzserver -u): nothing steps, nothing publishes. */
  readonly paused: boolean;
  /** Classic Gazebo's server runs it (gazebo_ros's plugins): its system plugins (`-s`) and ROS arguments; null for gz sim. */
  readonly gzserver: { readonly plugins: readonly string[]; readonly rosArguments: readonly string[] } | null;
  /** Publish contacts as they begin on /rclsim/world/contacts. */
  readonly contacts: boolean;
  /** Publish each moving model's true pose on /rclsim/world/<model>/pose at this rate (Hz; 0: not). */
  readonly groundTruthHz: number;
  /** Occupancy maps' walls as static models (maps/mapModel.ts), added after the world file's. */
  readonly maps?: readonly Model[];
}
