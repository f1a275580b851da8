#include "icp_odometry/registration.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_reduce.h>

#include <Eigen/Cholesky>
#include <cstdint>

namespace icp_odometry
{

namespace
{

using Matrix6d = Eigen::Matrix<double, 6, 6>;

/// JᵀJ and Jᵀr, summed.
struct LinearSystem
{
  Matrix6d JTJ = Matrix6d::Zero();
  Vector6d JTr = Vector6d::Zero();

  LinearSystem & operator+=(const LinearSystem & other)
  {
    JTJ += other.JTJ;
    JTr += other.JTr;
    return *this;
  }
};

Eigen::Matrix3d skew(const Eigen::Vector3d & v)
{
  Eigen::Matrix3d m;
  m << 0, -v.z(), v.y(), v.z(), 0, -v.x(), -v.y(), v.x(), 0;
  return m;
}

/// One Gauss-Newton step of `scan` moved by `pose` onto `map`: the twist that moves it closer.
Vector6d gauss_newton_step(const Points & scan, const Points & map, const Eigen::Isometry3d & pose, double kernel)
{
  using Range = tbb::blocked_range<std::size_t>;
  // As KISS-ICP's: the default (auto) partitioner, each piece's sum from the identity, the pieces joined.
  const LinearSystem system = tbb::parallel_reduce(
    Range{0, scan.size()}, LinearSystem{},
    [&](const Range & range, LinearSystem sum) {
      for (std::size_t i = range.begin(); i != range.end(); ++i) {
        const Eigen::Vector3d moved = pose * scan[i];
        const Eigen::Vector3d residual = moved - map[i];
        Eigen::Matrix<double, 3, 6> J;
        J.block<3, 3>(0, 0) = Eigen::Matrix3d::Identity();
        J.block<3, 3>(0, 3) = -skew(moved);
        const double spread = kernel + residual.squaredNorm();
        const double weight = kernel * kernel / (spread * spread);
        sum.JTJ.noalias() += J.transpose() * weight * J;
        sum.JTr.noalias() += J.transpose() * weight * residual;
      }
      return sum;
    },
    [](LinearSystem a, const LinearSystem & b) {return a += b;});
  return system.JTJ.ldlt().solve(-system.JTr);
}

}  // namespace

Points room(std::size_t count)
{
  uint64_t state = 0x9E3779B97F4A7C15ULL;
  auto unit = [&state]() {
      state ^= state << 13;
      state ^= state >> 7;
      state ^= state << 17;
      return static_cast<double>(state >> 11) / 9007199254740992.0;
    };
  Points points;
  points.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    // One draw per statement: the order in which a call's arguments are computed is unspecified,
    // and g++ computes them in another order on arm64 than on x86-64.
    const double a = unit();
    const double b = unit();
    const double c = unit();
    switch (i % 4) {
      case 0: points.emplace_back(40 * a - 20, 40 * b - 20, 0.0); break;
      case 1: points.emplace_back(40 * a - 20, 20.0, 3 * c); break;
      case 2: points.emplace_back(-20.0 + 0.5 * a, 40 * b - 20, 3 * c); break;
      default: points.emplace_back(10 * a - 5, 10 * b - 5, 2 * c); break;
    }
  }
  return points;
}

Eigen::Isometry3d exp_se3(const Vector6d & twist)
{
  const Eigen::Vector3d omega = twist.tail<3>();
  const double theta = omega.norm();
  Eigen::Isometry3d pose = Eigen::Isometry3d::Identity();
  if (theta > 0) {
    pose.linear() = Eigen::AngleAxisd(theta, omega / theta).toRotationMatrix();
  }
  pose.translation() = twist.head<3>();
  return pose;
}

Eigen::Isometry3d register_scan(
  const Points & scan, const Points & map, const Eigen::Isometry3d & guess, int iterations, double kernel)
{
  Eigen::Isometry3d pose = guess;
  for (int i = 0; i < iterations; ++i) {
    pose = exp_se3(gauss_newton_step(scan, map, pose, kernel)) * pose;
  }
  return pose;
}

}  // namespace icp_odometry
