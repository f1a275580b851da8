import { timeMsg } from '../../base/timeMsg.js';
import type {
  GzCameraInfo,
  GzContacts,
  GzDouble,
  GzHeader,
  GzImage,
  GzImu,
  GzJointState,
  GzLaserScan,
  GzMessages,
  GzModel,
  GzOdometry,
  GzPointCloudPacked,
  GzPoseV,
  GzTwist,
  GzType,
} from '../gz/messages.js';

/** A ROS message as a plain object shaped as rclnodejs shapes it. */
export type RosMessage = Record<string, unknown>;

/** How one pair of types crosses: from Gazebo to ROS, from ROS to Gazebo, or both. */
interface Conversion {
  readonly toRos?: (message: never) => RosMessage;
  readonly fromRos?: (message: RosMessage) => GzMessages[GzType];
}

/** ros_gz_bridge's frame_id_gz_to_ros: Gazebo's scoped names (`model::link::sensor`) as ROS frames. */
function frame(name: string | undefined): string {
  return (name ?? '').replaceAll('::', '/');
}

function header(gz: GzHeader): RosMessage {
  return { stamp: timeMsg(gz.stampNs), frame_id: frame(gz.frameId) };
}

const vector = (v: { x: number; y: number; z: number }): RosMessage => ({ x: v.x, y: v.y, z: v.z });
const quaternion = (q: { x: number; y: number; z: number; w: number }): RosMessage => ({ x: q.x, y: q.y, z: q.z, w: q.w });

/**
 * ros_gz_bridge's conversions (convert/*.cpp) for the types the world publishes and reads, by
 * `ros type|gz type`: headers by its common rule (stamp; the frame_id entry, `::` as `/`), a
 * LaserScan's middle layer only, odometry and IMU covariances as it fills them.
 */
const CONVERSIONS: Readonly<Record<string, Conversion>> = {
  'sensor_msgs/msg/LaserScan|gz.msgs.LaserScan': {
    toRos: (gz: GzLaserScan) => {
      const start = Math.trunc(gz.verticalCount / 2) * gz.count;
      return {
        header: { stamp: timeMsg(gz.header.stampNs), frame_id: frame(gz.frame) },
        angle_min: gz.angleMin,
        angle_max: gz.angleMax,
        angle_increment: gz.angleStep,
        time_increment: 0,
        scan_time: 0,
        range_min: gz.rangeMin,
        range_max: gz.rangeMax,
        ranges: Float32Array.from(gz.ranges.subarray(start, start + gz.count)),
        intensities: Float32Array.from(gz.intensities.subarray(start, start + gz.count)),
      };
    },
  },
  'nav_msgs/msg/Odometry|gz.msgs.Odometry': {
    toRos: (gz: GzOdometry) => ({
      header: header(gz.header),
      child_frame_id: frame(gz.header.childFrameId),
      pose: { pose: { position: vector(gz.position), orientation: quaternion(gz.orientation) }, covariance: new Float64Array(36) },
      twist: { twist: { linear: vector(gz.linear), angular: vector(gz.angular) }, covariance: new Float64Array(36) },
    }),
  },
  'tf2_msgs/msg/TFMessage|gz.msgs.Pose_V': {
    toRos: (gz: GzPoseV) => ({
      transforms: gz.poses.map((pose) => ({
        header: header(pose.header),
        child_frame_id: frame(pose.header.childFrameId),
        transform: { translation: vector(pose.position), rotation: quaternion(pose.orientation) },
      })),
    }),
  },
  'sensor_msgs/msg/JointState|gz.msgs.Model': {
    toRos: (gz: GzModel) => ({
      header: header(gz.header),
      name: gz.joints.map((joint: GzJointState) => joint.name),
      position: Float64Array.from(gz.joints, (joint) => joint.position),
      velocity: Float64Array.from(gz.joints, (joint) => joint.velocity),
      effort: Float64Array.from(gz.joints, (joint) => joint.effort),
    }),
  },
  'sensor_msgs/msg/Imu|gz.msgs.IMU': {
    toRos: (gz: GzImu) => ({
      header: header(gz.header),
      orientation: quaternion(gz.orientation),
      orientation_covariance: new Float64Array(9),
      angular_velocity: vector(gz.angularVelocity),
      angular_velocity_covariance: Float64Array.from(gz.angularVelocityCovariance),
      linear_acceleration: vector(gz.linearAcceleration),
      linear_acceleration_covariance: Float64Array.from(gz.linearAccelerationCovariance),
    }),
  },
  'sensor_msgs/msg/PointCloud2|gz.msgs.PointCloudPacked': {
    toRos: (gz: GzPointCloudPacked) => ({
      header: header(gz.header),
      height: gz.height,
      width: gz.width,
      fields: gz.fields.map((field) => ({ name: field.name, offset: field.offset, datatype: field.datatype, count: field.count })),
      is_bigendian: false,
      point_step: gz.pointStep,
      row_step: gz.rowStep,
      data: Uint8Array.from(gz.data),
      is_dense: gz.isDense,
    }),
  },
  'ros_gz_interfaces/msg/Contacts|gz.msgs.Contacts': {
    // Entities by name (rclsim has no entity ids: 0; gz-sim's Physics sets no type); wrenches with an empty header and names.
    toRos: (gz: GzContacts) => ({
      header: header(gz.header),
      contacts: gz.contacts.map((contact) => ({
        collision1: { id: 0n, name: contact.collision1, type: 0 },
        collision2: { id: 0n, name: contact.collision2, type: 0 },
        positions: contact.positions.map(vector),
        normals: contact.normals.map(vector),
        depths: Float64Array.from(contact.depths),
        wrenches: (contact.wrenches ?? []).map((wrench) => ({
          header: { stamp: { sec: 0, nanosec: 0 }, frame_id: '' },
          body_1_name: { data: '' },
          body_1_id: { data: 0 },
          body_2_name: { data: '' },
          body_2_id: { data: 0 },
          body_1_wrench: { force: vector(wrench.body1Force), torque: { x: 0, y: 0, z: 0 } },
          body_2_wrench: { force: vector(wrench.body2Force), torque: { x: 0, y: 0, z: 0 } },
        })),
      })),
    }),
  },
  'sensor_msgs/msg/Image|gz.msgs.Image': {
    toRos: (gz: GzImage) => {
      const { encoding, bytes } = ENCODINGS[gz.pixelFormat];
      return {
        header: header(gz.header),
        height: gz.height,
        width: gz.width,
        encoding,
        is_bigendian: 0,
        step: gz.width * bytes,
        data: Uint8Array.from(gz.data),
      };
    },
  },
  'sensor_msgs/msg/CameraInfo|gz.msgs.CameraInfo': {
    toRos: (gz: GzCameraInfo) => ({
      header: header(gz.header),
      height: gz.height,
      width: gz.width,
      distortion_model: 'plumb_bob',
      d: Float64Array.from(gz.distortion),
      k: Float64Array.from(gz.intrinsics),
      r: Float64Array.from(gz.rectification),
      p: Float64Array.from(gz.projection),
      binning_x: 0,
      binning_y: 0,
      roi: { x_offset: 0, y_offset: 0, height: 0, width: 0, do_rectify: false },
    }),
  },
  'rosgraph_msgs/msg/Clock|gz.msgs.Clock': {
    toRos: (gz: { stampNs: bigint }) => ({ clock: timeMsg(gz.stampNs) }),
  },
  'std_msgs/msg/Float64|gz.msgs.Double': {
    toRos: (gz: GzDouble) => ({ data: gz.data }),
    fromRos: (ros) => ({ data: ros.data as number }),
  },
  'geometry_msgs/msg/Twist|gz.msgs.Twist': {
    toRos: (gz: GzTwist) => ({ linear: vector(gz.linear), angular: vector(gz.angular) }),
    fromRos: (ros) => twist(ros),
  },
  'geometry_msgs/msg/TwistStamped|gz.msgs.Twist': {
    fromRos: (ros) => twist(ros.twist as RosMessage),
  },
};

/** ros_gz_bridge's encodings of gz's pixel formats, and a pixel's bytes (the row step is the width times them). */
const ENCODINGS: Readonly<Record<GzImage['pixelFormat'], { encoding: string; bytes: number }>> = {
  L_INT8: { encoding: 'mono8', bytes: 1 },
  L_INT16: { encoding: 'mono16', bytes: 2 },
  RGB_INT8: { encoding: 'rgb8', bytes: 3 },
  R_FLOAT32: { encoding: '32FC1', bytes: 4 },
};

function twist(ros: RosMessage): GzTwist {
  const linear = ros.linear as { x: number; y: number; z: number };
  const angular = ros.angular as { x: number; y: number; z: number };
  return { linear: { x: linear.x, y: linear.y, z: linear.z }, angular: { x: angular.x, y: angular.y, z: angular.z } };
}

/** The conversion of a pair (the ROS type as `pkg/msg/Type`, exactly, as ros_gz_bridge's factories match it), or undefined. */
export function conversionOf(rosType: string, gzType: string): Conversion | undefined {
  return CONVERSIONS[`${rosType}|${gzType}`];
}
