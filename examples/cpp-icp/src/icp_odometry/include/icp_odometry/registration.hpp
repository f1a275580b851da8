// Point-to-point ICP as KISS-ICP registers a scan (its core's Registration.cpp): Gauss-Newton
// steps whose 6x6 normal equations are summed over the correspondences by tbb::parallel_reduce
// and solved with Eigen's LDLT.
#ifndef ICP_ODOMETRY__REGISTRATION_HPP_
#define ICP_ODOMETRY__REGISTRATION_HPP_

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cstddef>
#include <vector>

namespace icp_odometry
{

using Points = std::vector<Eigen::Vector3d>;
using Vector6d = Eigen::Matrix<double, 6, 1>;

/// The points of a room (a floor, two walls, boxes) from a fixed integer generator.
Points room(std::size_t count);

/// exp of a twist (translation, rotation vector) as Sophus's SE3::exp gives the rotation: Eigen's AngleAxis.
Eigen::Isometry3d exp_se3(const Vector6d & twist);

/// `iterations` Gauss-Newton steps registering `scan` (point i seen from the robot) onto `map`
/// (point i), from `guess`, with a robust kernel of width `kernel` (m): the robot's pose.
Eigen::Isometry3d register_scan(
  const Points & scan, const Points & map, const Eigen::Isometry3d & guess, int iterations, double kernel);

}  // namespace icp_odometry

#endif  // ICP_ODOMETRY__REGISTRATION_HPP_
