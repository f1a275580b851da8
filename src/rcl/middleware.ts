/**
 * The middleware the simulation models: ROS 2 Jazzy's default, whatever RMW_IMPLEMENTATION says
 * (as DistroUtils reports Jazzy). Programs see it through RMWUtils and
 * Node#getRMWImplementationIdentifier.
 */
export const SIMULATED_RMW = 'rmw_fastrtps_cpp';
