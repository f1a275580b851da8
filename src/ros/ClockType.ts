/** rcl's clock types, with rclnodejs's numbering. Inside a simulation every clock reads sim time. */
export const ClockType = {
  UNINITIALIZED_TIME: 0,
  ROS_TIME: 1,
  SYSTEM_TIME: 2,
  STEADY_TIME: 3,
} as const;
export type ClockType = (typeof ClockType)[keyof typeof ClockType];
