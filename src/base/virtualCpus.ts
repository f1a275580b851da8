/**
 * The CPUs every program sees (docs/determinism.md), JavaScript, Python and C++ alike: programs
 * and their libraries size thread pools, executors (rclpy's MultiThreadedExecutor) and parallel
 * reductions (oneTBB, OpenMP) by the count, which must not be the machine's.
 */
export const VIRTUAL_CPUS = 4;
