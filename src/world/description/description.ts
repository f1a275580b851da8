import type { XmlElement } from '../../base/xmlReader.js';
import type { Pose, Vec3 } from '../geometry/pose.js';

/**
 * What a world is made of, as read from SDF or URDF: the same shape whichever format it came
 * from, every pose already resolved (SDF's `relative_to` frames, includes, placement frames).
 * Element values keep SDF's defaults; what the world does with them is decided by who reads them.
 */

/** Where an element came from, for one-line errors: `file:line`. */
export interface Place {
  readonly file: string;
  readonly line: number;
}

export type Geometry =
  | { readonly kind: 'box'; readonly size: Vec3 }
  | { readonly kind: 'cylinder'; readonly radius: number; readonly length: number }
  | { readonly kind: 'sphere'; readonly radius: number }
  | { readonly kind: 'capsule'; readonly radius: number; readonly length: number }
  | { readonly kind: 'ellipsoid'; readonly radii: Vec3 }
  /** An infinite plane through the frame's origin (SDF's size only draws it). */
  | { readonly kind: 'plane'; readonly normal: Vec3; readonly size: { readonly x: number; readonly y: number } }
  /** `file` is resolved to a path on this machine. */
  | { readonly kind: 'mesh'; readonly file: string; readonly scale: Vec3; readonly submesh: string | null }
  /** Prisms: each outline of (x, y) points extruded from z = 0 to its height. */
  | { readonly kind: 'polyline'; readonly prisms: readonly Prism[] }
  | { readonly kind: 'empty' };

export interface Prism {
  readonly points: readonly { readonly x: number; readonly y: number }[];
  readonly height: number;
}

export interface Friction {
  /** Coulomb coefficients along the first and second friction directions (SDF's ode mu, mu2). */
  readonly mu: number;
  readonly mu2: number;
  /** Force-dependent slip (SDF's ode slip1, slip2). */
  readonly slip1: number;
  readonly slip2: number;
  /**
   * The first friction direction (SDF's ode fdir1), unit, in its collision's link's frame: written
   * in the collision's frame, or in the link's `gz:expressed_in` names (as gz-physics' DART reads
   * it); null when not given or zero. mu acts along it, mu2 across it.
   */
  readonly fdir1: Vec3 | null;
}

export interface Collision {
  readonly name: string;
  /** In its link's frame. */
  readonly pose: Pose;
  readonly geometry: Geometry;
  readonly friction: Friction;
  /** SDF's laser_retro: the intensity a lidar reads off it. */
  readonly laserRetro: number;
  readonly place: Place;
}

export interface Color {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

export interface Visual {
  readonly name: string;
  readonly pose: Pose;
  readonly geometry: Geometry;
  /** The material's diffuse colour, if it has one. */
  readonly color: Color | null;
  readonly place: Place;
}

export interface Inertial {
  readonly mass: number;
  /** The centre of mass and the inertia's axes, in the link's frame. */
  readonly pose: Pose;
  readonly ixx: number;
  readonly ixy: number;
  readonly ixz: number;
  readonly iyy: number;
  readonly iyz: number;
  readonly izz: number;
}

export interface Sensor {
  readonly name: string;
  /** SDF's type: `gpu_lidar`, `lidar`, `gpu_ray`, `ray`, `imu`, `contact`, `camera`, `depth_camera`, … */
  readonly type: string;
  /** In its link's frame. */
  readonly pose: Pose;
  /** Hz; 0: every step. */
  readonly updateRate: number;
  readonly alwaysOn: boolean;
  /** SDF's `<topic>`, as written (null: the sensor's default). */
  readonly topic: string | null;
  /** `<gz_frame_id>` (or `<ignition_frame_id>`), if given. */
  readonly frameId: string | null;
  /** The whole element: each kind of sensor reads its own part. */
  readonly element: XmlElement;
  readonly place: Place;
}

export interface Link {
  /** Scoped as Gazebo scopes a nested model's: `inner::wheel`. */
  readonly name: string;
  /** In its model's frame, with every joint at 0. */
  readonly pose: Pose;
  readonly inertial: Inertial | null;
  readonly collisions: readonly Collision[];
  readonly visuals: readonly Visual[];
  readonly sensors: readonly Sensor[];
  readonly gravity: boolean;
  readonly kinematic: boolean;
  readonly place: Place;
}

export type JointType = 'fixed' | 'revolute' | 'continuous' | 'prismatic' | 'ball' | 'universal' | 'revolute2' | 'screw' | 'gearbox';

export interface JointAxis {
  /** A unit vector in the model's frame. */
  readonly xyz: Vec3;
  readonly lower: number;
  readonly upper: number;
  /** Negative: no limit (SDF's -1). */
  readonly effort: number;
  readonly velocity: number;
  readonly damping: number;
  readonly friction: number;
}

export interface Joint {
  readonly name: string;
  readonly type: JointType;
  /** A link's scoped name, or `world`. */
  readonly parent: string;
  readonly child: string;
  /** The joint's frame in its model's frame, with every joint at 0. */
  readonly pose: Pose;
  readonly axis: JointAxis | null;
  readonly axis2: JointAxis | null;
  readonly place: Place;
}

export interface Plugin {
  /** `gz-sim-diff-drive-system`, `libgazebo_ros_diff_drive.so`, … */
  readonly filename: string;
  /** `gz::sim::systems::DiffDrive`, … */
  readonly name: string;
  readonly element: XmlElement;
  /** The scope its names are read in (a nested model's plugin: `inner::`), '' at the top. */
  readonly scope: string;
  readonly place: Place;
}

export interface Model {
  readonly name: string;
  readonly static: boolean;
  /** In the world's frame. */
  readonly pose: Pose;
  /** Nested models' links and joints too, their names scoped. */
  readonly links: readonly Link[];
  readonly joints: readonly Joint[];
  readonly plugins: readonly Plugin[];
  readonly selfCollide: boolean;
  /** The link whose frame is the model's to physics (SDF's canonical link). */
  readonly canonicalLink: string | null;
  readonly place: Place;
}

export interface World {
  readonly name: string;
  readonly gravity: Vec3;
  /** The physics step, seconds (SDF's max_step_size). */
  readonly stepSize: number;
  readonly models: readonly Model[];
  readonly plugins: readonly Plugin[];
  readonly place: Place;
}
