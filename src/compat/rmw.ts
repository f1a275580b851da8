/**
 * rclnodejs's RMWUtils. The simulation models ROS 2 Jazzy's default middleware, so that is the
 * RMW programs see, whatever RMW_IMPLEMENTATION says (as DistroUtils reports Jazzy).
 */
const RMWNames = Object.freeze({
  FASTRTPS: 'rmw_fastrtps_cpp',
  CONNEXT: 'rmw_connext_cpp',
  CYCLONEDDS: 'rmw_cyclonedds_cpp',
  GURUMDDS: 'rmw_gurumdds_cpp',
  ZENOH: 'rmw_zenoh_cpp',
});

export const RMWUtils = Object.freeze({
  RMWNames,
  getRMWName: (): string => RMWNames.FASTRTPS,
});
