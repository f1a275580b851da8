// sin and cos correctly rounded (to nearest) without MPFR on the common path: the correctly
// rounded value is unique, so an evaluation that knows its own error bound may return it when
// that bound decides the rounding, and leave the rest to MPFR (Ziv's strategy; Ziv, "Fast
// evaluation of elementary mathematical functions with correctly rounded last bit", ACM TOMS
// 17(3), 1991; Muller et al., "Handbook of Floating-Point Arithmetic", ch. 11-12).
//
// Error analysis (absolute error of y = hi + lo against the true sin or cos of x):
// - Reduction, |x| < 2^20: k = nearest integer to x·2/π (|k| < 2^20, |r| ≤ π/4 + 2^-30), and
//   r = x - k·π/2 with π/2 = P1 + P2 + P3 + P4 + δ (P1, P2, P3 of at most 33 bits so k·Pi is
//   exact; |δ| < 2^-159). x - k·P1 is exact (Sterbenz), two TwoSums subtract k·P2 and k·P3
//   exactly, leaving two errors below 2^-53 each; those, k·P4 (< 2^-83, split exactly by
//   TwoProduct) and k·δ (< 2^-139) are summed with three roundings of terms below 2^-51: r is
//   known as rh + rl within 2^-100 (where k = 0, r = x exactly). sin and cos have slopes ≤ 1,
//   so that is also y's share.
// - Polynomials on |r| ≤ π/4 + 2^-30 (z = r², z < 0.617): sin r = r + r·z·S(z) with S's 12
//   Taylor terms (to 1/25!), cos r = 1 + z·C(z) with C's 13 (to 1/26!); the first left out is
//   below 2^-101 of the result. Coefficients are 1/n! as double-doubles (relative error
//   < 2^-106). Horner's steps in double-double (double_double.hpp: each add and multiply
//   < 2^-102 relative) never cancel: each term is at most 0.052 of the one before, so the
//   error stays below 2^-100 relative; the final r + (…) and 1 + (…) lose at most a factor 1.5.
//   With margin, the polynomials' share is below 2^-90·|y|.
// - Rounding test: with |lo| ≤ ulp(hi)/2 and error ε = 2^-89·|hi| (+ 2^-99 where k ≠ 0), the
//   true value lies strictly inside hi's rounding interval (half the gap to either neighbour)
//   when |lo| + ε is below half the smaller gap: then hi is the correctly rounded result. For
//   float, the interval is bounded by the midpoints to the float's neighbours, exact in double.
//   Else (a result within about 2^-35 ulp of a midpoint: a few arguments in 10^10, and a few near
//   multiples of π/2 far from 0, where 2^-99 is large against the result) MPFR decides.
// - A quick phase comes first, most of the series in double (QUICK_ERROR below): the same test
//   with its larger bound decides about 99 arguments in 100; the rest go on to the analysis above.
// Tiny arguments: |x| < 2^-26 (float 2^-12) has sin x = x and |x| < 2^-27 (float 2^-12)
// cos x = 1 to nearest, as x²/6 and x²/2 are below half the gap under x and under 1.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "double_double.hpp"

namespace rclsim::portable_math
{

/** x reduced by k·π/2: r within 2^-100 (exact where k = 0), and k mod 4. */
struct Reduced
{
  DoubleDouble r;
  int quadrant;
  double error;
};

/** x - k·π/2 for |x| < 2^20 (Cody and Waite's reduction with four words of π/2). */
inline Reduced reduce(double x)
{
  constexpr double P1 = 0x1.921fb544p+0;
  constexpr double P2 = 0x1.0b4611a6p-34;
  constexpr double P3 = 0x1.3198a2ep-69;
  constexpr double P4 = 0x1.b839a252049c1p-104;
  constexpr double TWO_OVER_PI = 0x1.45f306dc9c883p-1;
  // Rounded to an integer by adding and taking away 1.5·2^52 (exact for |x·2/π| < 2^51).
  constexpr double ROUNDER = 0x1.8p52;
  const double k = (x * TWO_OVER_PI + ROUNDER) - ROUNDER;
  if (k == 0) {
    return {{x, 0}, 0, 0};
  }
  const double t = x - k * P1;
  const DoubleDouble first = two_sum(t, -(k * P2));
  const DoubleDouble second = two_sum(first.hi, -(k * P3));
  const DoubleDouble last = two_product(k, P4);
  const double low = ((first.lo + second.lo) - last.hi) - last.lo;
  const auto quadrant = static_cast<int>(static_cast<int64_t>(k) & 3);
  return {two_sum(second.hi, low), quadrant, 0x1p-99};
}

/** The Taylor coefficients 1/n! as double-doubles, n from 0 to 26. */
constexpr DoubleDouble INVERSE_FACTORIAL[] = {
  {1, 0}, {1, 0}, {0x1p-1, 0},
  {0x1.5555555555555p-3, 0x1.5555555555555p-57}, {0x1.5555555555555p-5, 0x1.5555555555555p-59},
  {0x1.1111111111111p-7, 0x1.1111111111111p-63}, {0x1.6c16c16c16c17p-10, -0x1.f49f49f49f49fp-65},
  {0x1.a01a01a01a01ap-13, 0x1.a01a01a01a01ap-73}, {0x1.a01a01a01a01ap-16, 0x1.a01a01a01a01ap-76},
  {0x1.71de3a556c734p-19, -0x1.c154f8ddc6cp-73}, {0x1.27e4fb7789f5cp-22, 0x1.cbbc05b4fa99ap-76},
  {0x1.ae64567f544e4p-26, -0x1.c062e06d1f209p-80}, {0x1.1eed8eff8d898p-29, -0x1.2aec959e14c06p-83},
  {0x1.6124613a86d09p-33, 0x1.f28e0cc748ebep-87}, {0x1.93974a8c07c9dp-37, 0x1.05d6f8a2efd1fp-92},
  {0x1.ae7f3e733b81fp-41, 0x1.1d8656b0ee8cbp-97}, {0x1.ae7f3e733b81fp-45, 0x1.1d8656b0ee8cbp-101},
  {0x1.952c77030ad4ap-49, 0x1.ac981465ddc6cp-103}, {0x1.6827863b97d97p-53, 0x1.eec01221a8b0bp-107},
  {0x1.2f49b46814157p-57, 0x1.2650f61dbdcb4p-112}, {0x1.e542ba4020225p-62, 0x1.ea72b4afe3c2fp-120},
  {0x1.71b8ef6dcf572p-66, -0x1.d043ae40c4647p-120}, {0x1.0ce396db7f853p-70, -0x1.aebcdbd20331cp-124},
  {0x1.761b41316381ap-75, -0x1.3423c7d91404fp-130}, {0x1.f2cf01972f578p-80, -0x1.9ada5fcc1ab14p-135},
  {0x1.3f3ccdd165fa9p-84, -0x1.58ddadf344487p-139}, {0x1.88e85fc6a4e5ap-89, -0x1.71c37ebd1654p-143},
};

/**
 * Σ (-1)^j z^(j-1) / (2j + parity)! for j from 1 to `last`, by Horner's rule: in double-double for
 * the first `exact` terms, in double for the rest (the quick phase, below).
 */
inline DoubleDouble alternating_series(DoubleDouble z, int parity, int last, int exact)
{
  auto term = [parity](int j) {
      const DoubleDouble c = INVERSE_FACTORIAL[2 * j + parity];
      return j % 2 == 0 ? c : DoubleDouble{-c.hi, -c.lo};
    };
  DoubleDouble sum = term(last);
  int j = last - 1;
  if (exact < last) {
    double rest = sum.hi;
    for (; j > exact; --j) {
      rest = term(j).hi + z.hi * rest;
    }
    sum = {rest, 0};
  }
  for (; j >= 1; --j) {
    sum = add(term(j), multiply(z, sum));
  }
  return sum;
}

inline DoubleDouble sine_of(DoubleDouble r, int exact)
{
  const DoubleDouble z = multiply(r, r);
  return add(r, multiply(r, multiply(z, alternating_series(z, 1, 12, exact))));
}

inline DoubleDouble cosine_of(DoubleDouble r, int exact)
{
  const DoubleDouble z = multiply(r, r);
  return add({1, 0}, multiply(z, alternating_series(z, 0, 13, exact)));
}

/**
 * sin (quadrant 0) or cos (quadrant 1) of x = r + quadrant·π/2, by r's sine or cosine and a sign,
 * the series' first `exact` terms in double-double.
 */
inline DoubleDouble sine_in_quadrant(DoubleDouble r, int quadrant, int exact)
{
  const DoubleDouble y = (quadrant & 1) == 0 ? sine_of(r, exact) : cosine_of(r, exact);
  return (quadrant & 2) == 0 ? y : DoubleDouble{-y.hi, -y.lo};
}

/**
 * The quick phase: the series' terms from the fourth on in double. Their sum D is at most its
 * first term, 1/9! for sin and 1/8! for cos, and enters y as r·z⁴·D (sin: at most 4.0e-7·|r|,
 * with sin r ≥ 0.897·r) or z⁴·D (cos: at most 3.6e-6, with cos r ≥ 0.707). D in double, from
 * z's high word, is within 2^-50 relative (each Horner step's terms are at most 0.006 of the one
 * before it), so the quick phase's share is below 2^-71·|y| (sin) and 2^-67·|y| (cos); its bound
 * is taken as 2^-60·|y|. Most arguments are decided there at a third of the cost; about one in a
 * hundred goes on to the accurate phase, which keeps the whole series in double-double.
 */
constexpr int QUICK_EXACT_TERMS = 3;
constexpr double QUICK_ERROR = 0x1p-60;
/** The accurate phase: every term of either series in double-double (the analysis above). */
constexpr int ACCURATE_EXACT_TERMS = 13;
constexpr double ACCURATE_ERROR = 0x1p-89;

/** y rounded to Real where `error` (absolute) cannot change that rounding. */
template<typename Real>
bool rounding_decided(DoubleDouble y, double error, Real & result);

template<>
inline bool rounding_decided<double>(DoubleDouble y, double error, double & result)
{
  uint64_t bits = 0;
  std::memcpy(&bits, &y.hi, sizeof bits);
  const uint64_t exponent = (bits >> 52) & 0x7FF;
  const bool power_of_two = (bits & 0xFFFFFFFFFFFFFULL) == 0;
  // Half the smaller gap to hi's neighbours: 2^(e - 53) of hi in [2^e, 2^(e+1)), half that at 2^e.
  const uint64_t half_gap_bits = (exponent - (power_of_two ? 54 : 53)) << 52;
  double half_gap = 0;
  std::memcpy(&half_gap, &half_gap_bits, sizeof half_gap);
  // Rounding is monotonic and half_gap a double: a rounded sum below it is an exact one below it.
  if (std::fabs(y.lo) + error < half_gap) {
    result = y.hi;
    return true;
  }
  return false;
}

template<>
inline bool rounding_decided<float>(DoubleDouble y, double error, float & result)
{
  const auto nearest = static_cast<float>(y.hi);
  constexpr float INF = std::numeric_limits<float>::infinity();
  // The midpoints to the float's neighbours (exact in double), and y's distance to each: hi - m
  // is exact (Sterbenz), the sum with lo rounded, so the margin is twice the error.
  const double above = (static_cast<double>(nearest) + std::nextafter(nearest, INF)) / 2;
  const double below = (static_cast<double>(nearest) + std::nextafter(nearest, -INF)) / 2;
  if ((above - y.hi) - y.lo > 2 * error && (y.hi - below) + y.lo > 2 * error) {
    result = nearest;
    return true;
  }
  return false;
}

/** Where |x| is below this, sin x is x, and cos x is 1 below the second. */
template<typename Real>
struct Tiny;

template<>
struct Tiny<double>
{
  static constexpr double sine = 0x1p-26;
  static constexpr double cosine = 0x1p-27;
};

template<>
struct Tiny<float>
{
  static constexpr double sine = 0x1p-12;
  static constexpr double cosine = 0x1p-12;
};

/** Arguments from here on are left to MPFR: k·Pi stays exact below. */
constexpr double REDUCTION_BOUND = 0x1p20;

/**
 * sin x (quadrant 0) or cos x (quadrant 1) of a finite x, correctly rounded to nearest, where the
 * evaluation decides it; false where it does not (MPFR's turn).
 */
template<typename Real>
bool fast_sine_or_cosine(Real x, int quadrant, Real & result)
{
  const double magnitude = std::fabs(static_cast<double>(x));
  if (magnitude < (quadrant == 0 ? Tiny<Real>::sine : Tiny<Real>::cosine)) {
    result = quadrant == 0 ? x : Real(1);
    return true;
  }
  if (!(magnitude < REDUCTION_BOUND)) {
    return false;
  }
  const Reduced reduced = reduce(x);
  const DoubleDouble quick = sine_in_quadrant(reduced.r, reduced.quadrant + quadrant, QUICK_EXACT_TERMS);
  if (rounding_decided(quick, QUICK_ERROR * std::fabs(quick.hi) + reduced.error, result)) {
    return true;
  }
  const DoubleDouble y = sine_in_quadrant(reduced.r, reduced.quadrant + quadrant, ACCURATE_EXACT_TERMS);
  return rounding_decided(y, ACCURATE_ERROR * std::fabs(y.hi) + reduced.error, result);
}

}  // namespace rclsim::portable_math
