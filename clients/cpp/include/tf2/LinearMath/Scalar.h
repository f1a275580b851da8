// tf2's scalar helpers (tf2/LinearMath/Scalar.h, from Bullet): double precision, the <cmath>
// functions the client rounds correctly, and the clamps tf2 applies before acos and asin.
#ifndef TF2__LINEARMATH__SCALAR_H_
#define TF2__LINEARMATH__SCALAR_H_

#include <cassert>
#include <cfloat>
#include <cmath>
#include <cstdlib>

#define TF2SIMD_FORCE_INLINE inline
#define ATTRIBUTE_ALIGNED16(a) a
#define ATTRIBUTE_ALIGNED64(a) a
#define ATTRIBUTE_ALIGNED128(a) a
#define tf2Assert(x)
#define tf2FullAssert(x)
#define tf2Likely(_c) _c
#define tf2Unlikely(_c) _c

typedef double tf2Scalar;

#define TF2_LARGE_FLOAT 1e30

inline tf2Scalar tf2Sqrt(tf2Scalar x) {return std::sqrt(x);}
inline tf2Scalar tf2Fabs(tf2Scalar x) {return std::fabs(x);}
inline tf2Scalar tf2Cos(tf2Scalar x) {return std::cos(x);}
inline tf2Scalar tf2Sin(tf2Scalar x) {return std::sin(x);}
inline tf2Scalar tf2Tan(tf2Scalar x) {return std::tan(x);}
// As tf2: arguments outside [-1, 1] are clamped, not NaN.
inline tf2Scalar tf2Acos(tf2Scalar x) {return std::acos(x < -1.0 ? -1.0 : (x > 1.0 ? 1.0 : x));}
inline tf2Scalar tf2Asin(tf2Scalar x) {return std::asin(x < -1.0 ? -1.0 : (x > 1.0 ? 1.0 : x));}
inline tf2Scalar tf2Atan(tf2Scalar x) {return std::atan(x);}
inline tf2Scalar tf2Atan2(tf2Scalar x, tf2Scalar y) {return std::atan2(x, y);}
inline tf2Scalar tf2Exp(tf2Scalar x) {return std::exp(x);}
inline tf2Scalar tf2Log(tf2Scalar x) {return std::log(x);}
inline tf2Scalar tf2Pow(tf2Scalar x, tf2Scalar y) {return std::pow(x, y);}
inline tf2Scalar tf2Fmod(tf2Scalar x, tf2Scalar y) {return std::fmod(x, y);}

#define TF2SIMD_2_PI tf2Scalar(6.283185307179586232)
#define TF2SIMD_PI (TF2SIMD_2_PI * tf2Scalar(0.5))
#define TF2SIMD_HALF_PI (TF2SIMD_2_PI * tf2Scalar(0.25))
#define TF2SIMD_RADS_PER_DEG (TF2SIMD_2_PI / tf2Scalar(360.0))
#define TF2SIMD_DEGS_PER_RAD (tf2Scalar(360.0) / TF2SIMD_2_PI)
#define TF2SIMDSQRT12 tf2Scalar(0.7071067811865475244008443621048490)
#define tf2RecipSqrt(x) ((tf2Scalar)(tf2Scalar(1.0) / tf2Sqrt(tf2Scalar(x))))
#define TF2SIMD_EPSILON DBL_EPSILON
#define TF2SIMD_INFINITY DBL_MAX

inline bool tf2FuzzyZero(tf2Scalar x) {return tf2Fabs(x) < TF2SIMD_EPSILON;}
inline bool tf2Equal(tf2Scalar a, tf2Scalar eps) {return (a <= eps) && !(a < -eps);}
inline bool tf2GreaterEqual(tf2Scalar a, tf2Scalar eps) {return !(a <= eps);}
inline int tf2IsNegative(tf2Scalar x) {return x < tf2Scalar(0.0) ? 1 : 0;}
inline tf2Scalar tf2Radians(tf2Scalar x) {return x * TF2SIMD_RADS_PER_DEG;}
inline tf2Scalar tf2Degrees(tf2Scalar x) {return x * TF2SIMD_DEGS_PER_RAD;}
inline tf2Scalar tf2Fsel(tf2Scalar a, tf2Scalar b, tf2Scalar c) {return a >= 0 ? b : c;}

template<typename T>
inline void tf2Swap(T & a, T & b)
{
  T tmp = a;
  a = b;
  b = tmp;
}

/// An angle in [-pi, pi], as tf2NormalizeAngle.
inline tf2Scalar tf2NormalizeAngle(tf2Scalar angleInRadians)
{
  angleInRadians = tf2Fmod(angleInRadians, TF2SIMD_2_PI);
  if (angleInRadians < -TF2SIMD_PI) {
    return angleInRadians + TF2SIMD_2_PI;
  }
  if (angleInRadians > TF2SIMD_PI) {
    return angleInRadians - TF2SIMD_2_PI;
  }
  return angleInRadians;
}

#endif  // TF2__LINEARMATH__SCALAR_H_
