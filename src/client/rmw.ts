import { SIMULATED_RMW } from '../ros/middleware.js';

/** rclnodejs's RMWUtils: the RMW programs see is the one the simulation models. */
const RMWNames = Object.freeze({
  FASTRTPS: 'rmw_fastrtps_cpp',
  CONNEXT: 'rmw_connext_cpp',
  CYCLONEDDS: 'rmw_cyclonedds_cpp',
  GURUMDDS: 'rmw_gurumdds_cpp',
  ZENOH: 'rmw_zenoh_cpp',
});

export const RMWUtils = Object.freeze({
  RMWNames,
  getRMWName: (): string => SIMULATED_RMW,
});
