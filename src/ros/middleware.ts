/**
 * The middleware the simulation models: ROS 2 Jazzy's default, whatever RMW_IMPLEMENTATION says
 * (as DistroUtils reports Jazzy). Programs see it through RMWUtils and
 * Node#getRMWImplementationIdentifier.
 */
export const SIMULATED_RMW = 'rmw_fastrtps_cpp';

/** What rclnodejs does, on Jazzy, for a feature of a newer ROS 2: it warns and answers null. */
export function notOnJazzy(feature: string): null {
  console.warn(`${feature} is not supported by this version of ROS 2`);
  return null;
}
