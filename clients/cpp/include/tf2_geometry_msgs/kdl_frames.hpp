// The part of orocos KDL's frames (kdl/frames.hpp, frames.cpp, frames.inl) that
// tf2_geometry_msgs computes with: a rotation from a quaternion, products of rotations, vectors
// and frames, and the quaternion of a rotation, each with KDL's formula in KDL's order.
#ifndef TF2_GEOMETRY_MSGS__KDL_FRAMES_HPP_
#define TF2_GEOMETRY_MSGS__KDL_FRAMES_HPP_

#include <cmath>

namespace tf2_geometry_msgs::kdl
{

struct Vector
{
  double data[3];
};

inline Vector operator+(const Vector & a, const Vector & b)
{
  return Vector{{a.data[0] + b.data[0], a.data[1] + b.data[1], a.data[2] + b.data[2]}};
}

/// A 3x3 rotation, row-major.
struct Rotation
{
  double data[9];

  double operator()(int i, int j) const {return data[i * 3 + j];}

  static Rotation Quaternion(double x, double y, double z, double w)
  {
    double x2 = x * x;
    double y2 = y * y;
    double z2 = z * z;
    double w2 = w * w;
    return Rotation{{w2 + x2 - y2 - z2, 2 * x * y - 2 * w * z, 2 * x * z + 2 * w * y,
      2 * x * y + 2 * w * z, w2 - x2 + y2 - z2, 2 * y * z - 2 * w * x,
      2 * x * z - 2 * w * y, 2 * y * z + 2 * w * x, w2 - x2 - y2 + z2}};
  }

  void GetQuaternion(double & x, double & y, double & z, double & w) const
  {
    const Rotation & m = *this;
    double trace = m(0, 0) + m(1, 1) + m(2, 2);
    double epsilon = 1E-12;
    if (trace > epsilon) {
      double s = 0.5 / std::sqrt(trace + 1.0);
      w = 0.25 / s;
      x = (m(2, 1) - m(1, 2)) * s;
      y = (m(0, 2) - m(2, 0)) * s;
      z = (m(1, 0) - m(0, 1)) * s;
    } else if (m(0, 0) > m(1, 1) && m(0, 0) > m(2, 2)) {
      double s = 2.0 * std::sqrt(1.0 + m(0, 0) - m(1, 1) - m(2, 2));
      w = (m(2, 1) - m(1, 2)) / s;
      x = 0.25 * s;
      y = (m(0, 1) + m(1, 0)) / s;
      z = (m(0, 2) + m(2, 0)) / s;
    } else if (m(1, 1) > m(2, 2)) {
      double s = 2.0 * std::sqrt(1.0 + m(1, 1) - m(0, 0) - m(2, 2));
      w = (m(0, 2) - m(2, 0)) / s;
      x = (m(0, 1) + m(1, 0)) / s;
      y = 0.25 * s;
      z = (m(1, 2) + m(2, 1)) / s;
    } else {
      double s = 2.0 * std::sqrt(1.0 + m(2, 2) - m(0, 0) - m(1, 1));
      w = (m(1, 0) - m(0, 1)) / s;
      x = (m(0, 2) + m(2, 0)) / s;
      y = (m(1, 2) + m(2, 1)) / s;
      z = 0.25 * s;
    }
  }
};

inline Vector operator*(const Rotation & r, const Vector & v)
{
  return Vector{{r.data[0] * v.data[0] + r.data[1] * v.data[1] + r.data[2] * v.data[2],
    r.data[3] * v.data[0] + r.data[4] * v.data[1] + r.data[5] * v.data[2],
    r.data[6] * v.data[0] + r.data[7] * v.data[1] + r.data[8] * v.data[2]}};
}

inline Rotation operator*(const Rotation & lhs, const Rotation & rhs)
{
  Rotation out;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      out.data[i * 3 + j] = lhs.data[i * 3] * rhs.data[j] + lhs.data[i * 3 + 1] * rhs.data[3 + j] + lhs.data[i * 3 + 2] * rhs.data[6 + j];
    }
  }
  return out;
}

struct Frame
{
  Rotation M;
  Vector p;
};

inline Vector operator*(const Frame & f, const Vector & v) {return f.M * v + f.p;}

inline Frame operator*(const Frame & lhs, const Frame & rhs) {return Frame{lhs.M * rhs.M, lhs.M * rhs.p + lhs.p};}

}  // namespace tf2_geometry_msgs::kdl

#endif  // TF2_GEOMETRY_MSGS__KDL_FRAMES_HPP_
