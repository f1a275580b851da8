import type { SensorType } from './EngineWorldConfig.js';
import type { BodyPose } from './WorldEngine.js';

export interface Stamp {
  sec: number;
  nanosec: number;
}

/** A sensor's values as a message of `type` (its size checked before). MuJoCo's quaternions are w, x, y, z. */
export function sensorMessage(type: SensorType, values: readonly number[], stamp: Stamp, frameId: string): Record<string, unknown> {
  const header = { stamp, frame_id: frameId };
  switch (type) {
    case 'std_msgs/msg/Float64':
      return { data: values[0] };
    case 'std_msgs/msg/Float64MultiArray':
      return { layout: { dim: [], data_offset: 0 }, data: Float64Array.from(values) };
    case 'geometry_msgs/msg/PointStamped':
      return { header, point: { x: values[0], y: values[1], z: values[2] } };
    case 'geometry_msgs/msg/Vector3Stamped':
      return { header, vector: { x: values[0], y: values[1], z: values[2] } };
    case 'geometry_msgs/msg/QuaternionStamped':
      return { header, quaternion: { x: values[1], y: values[2], z: values[3], w: values[0] } };
  }
}

/** sensor_msgs/msg/JointState of the joints listed (by index into the frame's arrays). */
export function jointStateMessage(
  names: readonly string[],
  indices: readonly number[],
  frame: { jointPositions: readonly number[]; jointVelocities: readonly number[]; jointEfforts: readonly number[] },
  stamp: Stamp,
): Record<string, unknown> {
  return {
    header: { stamp, frame_id: '' },
    name: indices.map((i) => names[i]!),
    position: Float64Array.from(indices, (i) => frame.jointPositions[i]!),
    velocity: Float64Array.from(indices, (i) => frame.jointVelocities[i]!),
    effort: Float64Array.from(indices, (i) => frame.jointEfforts[i]!),
  };
}

/** tf2_msgs/msg/TFMessage: each listed body's pose in the world frame, as the transform from it. */
export function tfMessage(
  names: readonly string[],
  indices: readonly number[],
  poses: readonly BodyPose[],
  stamp: Stamp,
  frameId: string,
): Record<string, unknown> {
  return {
    transforms: indices.map((i) => {
      const p = poses[i]!;
      return {
        header: { stamp, frame_id: frameId },
        child_frame_id: names[i]!,
        transform: { translation: { x: p.x, y: p.y, z: p.z }, rotation: { x: p.qx, y: p.qy, z: p.qz, w: p.qw } },
      };
    }),
  };
}
