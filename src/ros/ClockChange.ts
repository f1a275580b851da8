/** rcl's `rcl_clock_change_t`, the kind of a time jump, with rclnodejs's numbering. */
export const ClockChange = {
  ROS_TIME_NO_CHANGE: 1,
  ROS_TIME_ACTIVATED: 2,
  ROS_TIME_DEACTIVATED: 3,
  SYSTEM_TIME_NO_CHANGE: 4,
} as const;
export type ClockChange = (typeof ClockChange)[keyof typeof ClockChange];

/** Whether a jump switched ROS time on or off (rather than moving it). */
export function changesSource(change: ClockChange): boolean {
  return change === ClockChange.ROS_TIME_ACTIVATED || change === ClockChange.ROS_TIME_DEACTIVATED;
}
