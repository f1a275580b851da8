import type { Quat, Vec3 } from '../geometry/pose.js';

/**
 * Gazebo's messages (gz-msgs) as the world publishes them on its own topics, before a bridge
 * turns them into ROS messages: only the fields a bridge reads, named after gz-msgs' fields.
 * Stamps are absolute sim time in nanoseconds.
 */
export interface GzHeader {
  readonly stampNs: bigint;
  /** The header's `frame_id` data entry, if any. */
  readonly frameId?: string;
  /** The header's `child_frame_id` data entry, if any. */
  readonly childFrameId?: string;
}

export interface GzLaserScan {
  readonly header: GzHeader;
  readonly frame: string;
  readonly angleMin: number;
  readonly angleMax: number;
  readonly angleStep: number;
  readonly rangeMin: number;
  readonly rangeMax: number;
  readonly count: number;
  readonly verticalAngleMin: number;
  readonly verticalAngleMax: number;
  readonly verticalAngleStep: number;
  readonly verticalCount: number;
  /** count × verticalCount ranges, horizontal index fastest. */
  readonly ranges: Float64Array;
  readonly intensities: Float64Array;
}

export interface GzPose {
  readonly name: string;
  readonly header: GzHeader;
  readonly position: Vec3;
  readonly orientation: Quat;
}

export interface GzPoseV {
  readonly header: GzHeader;
  readonly poses: readonly GzPose[];
}

export interface GzOdometry {
  readonly header: GzHeader;
  readonly position: Vec3;
  readonly orientation: Quat;
  /** In the child frame (the robot's). */
  readonly linear: Vec3;
  readonly angular: Vec3;
}

export interface GzJointState {
  readonly name: string;
  readonly position: number;
  readonly velocity: number;
  readonly effort: number;
}

/** gz.msgs.Model as JointStatePublisher fills it. */
export interface GzModel {
  readonly header: GzHeader;
  readonly name: string;
  readonly joints: readonly GzJointState[];
}

export interface GzImu {
  readonly header: GzHeader;
  readonly orientation: Quat;
  readonly angularVelocity: Vec3;
  readonly linearAcceleration: Vec3;
  /** Row-major 3×3. */
  readonly angularVelocityCovariance: Float64Array;
  readonly linearAccelerationCovariance: Float64Array;
}

export interface GzTwist {
  readonly linear: Vec3;
  readonly angular: Vec3;
}

/** gz.msgs.Double: a steering angle, a joint's target. */
export interface GzDouble {
  readonly data: number;
}

export interface GzClock {
  readonly stampNs: bigint;
}

export interface GzContact {
  readonly collision1: string;
  readonly collision2: string;
  readonly positions: readonly Vec3[];
  readonly normals: readonly Vec3[];
  readonly depths: readonly number[];
  /** Per position, the force on each side (gz.msgs.JointWrench as gz-sim's Physics fills it: forces, no torques, names or header). */
  readonly wrenches?: readonly GzContactWrench[];
}

export interface GzContactWrench {
  readonly body1Force: Vec3;
  readonly body2Force: Vec3;
}

export interface GzContacts {
  readonly header: GzHeader;
  readonly contacts: readonly GzContact[];
}

export interface GzPointField {
  readonly name: string;
  readonly offset: number;
  /** sensor_msgs/PointField's datatype codes (FLOAT32 7, UINT16 4). */
  readonly datatype: number;
  readonly count: number;
}

export interface GzPointCloudPacked {
  readonly header: GzHeader;
  readonly fields: readonly GzPointField[];
  readonly width: number;
  readonly height: number;
  readonly pointStep: number;
  readonly rowStep: number;
  readonly isDense: boolean;
  /** Little-endian. */
  readonly data: Uint8Array;
}

/** gz.msgs.PixelFormatType: the formats cameras publish. */
export type GzPixelFormat = 'L_INT8' | 'L_INT16' | 'RGB_INT8' | 'R_FLOAT32';

export interface GzImage {
  readonly header: GzHeader;
  readonly width: number;
  readonly height: number;
  /** Bytes a row. */
  readonly step: number;
  readonly pixelFormat: GzPixelFormat;
  /** Rows from the top, little-endian where a channel has more than a byte. */
  readonly data: Uint8Array;
}

/** gz.msgs.CameraInfo as gz-sensors fills it (a plumb-bob distortion). */
export interface GzCameraInfo {
  readonly header: GzHeader;
  readonly width: number;
  readonly height: number;
  /** k1, k2, p1, p2, k3. */
  readonly distortion: readonly number[];
  /** K, row-major 3×3. */
  readonly intrinsics: readonly number[];
  /** P, row-major 3×4. */
  readonly projection: readonly number[];
  /** R, row-major 3×3. */
  readonly rectification: readonly number[];
}

/** Each gz-msgs type the world knows, by its full name. */
export interface GzMessages {
  'gz.msgs.LaserScan': GzLaserScan;
  'gz.msgs.Pose_V': GzPoseV;
  'gz.msgs.Odometry': GzOdometry;
  'gz.msgs.Model': GzModel;
  'gz.msgs.IMU': GzImu;
  'gz.msgs.Twist': GzTwist;
  'gz.msgs.Clock': GzClock;
  'gz.msgs.Double': GzDouble;
  'gz.msgs.Contacts': GzContacts;
  'gz.msgs.PointCloudPacked': GzPointCloudPacked;
  'gz.msgs.Image': GzImage;
  'gz.msgs.CameraInfo': GzCameraInfo;
}

export type GzType = keyof GzMessages;
