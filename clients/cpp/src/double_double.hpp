// Double-double arithmetic: a value as hi + lo, two doubles, |lo| ≤ ulp(hi)/2 (about 106 bits).
// Built on error-free transforms (Knuth's TwoSum, Dekker's FastTwoSum, and Dekker's product with
// Veltkamp's split; Dekker, "A floating-point technique for extending the available precision",
// Numer. Math. 18, 1971) in plain double operations: no fma, which some CPUs have and others not,
// and the client is compiled with -ffp-contract=off so the compiler fuses none. Same bits on every
// IEEE 754 CPU, as long as no product underflows (callers keep their magnitudes above 2^-900).
#pragma once

namespace rclsim::portable_math
{

struct DoubleDouble
{
  double hi;
  double lo;
};

/** a + b exactly, as the rounded sum and its error (Knuth: no condition on a and b). */
inline DoubleDouble two_sum(double a, double b)
{
  const double sum = a + b;
  const double b_part = sum - a;
  const double a_part = sum - b_part;
  return {sum, (a - a_part) + (b - b_part)};
}

/** a + b exactly where |a| ≥ |b| (or a is 0), in three operations (Dekker). */
inline DoubleDouble fast_two_sum(double a, double b)
{
  const double sum = a + b;
  return {sum, b - (sum - a)};
}

/** a as two halves of 26 bits each, whose products are exact (Veltkamp: 2^27 + 1). */
inline DoubleDouble split(double a)
{
  const double scaled = 134217729.0 * a;
  const double high = scaled - (scaled - a);
  return {high, a - high};
}

/** a · b exactly, as the rounded product and its error, without fma (Dekker). */
inline DoubleDouble two_product(double a, double b)
{
  const double product = a * b;
  const DoubleDouble x = split(a);
  const DoubleDouble y = split(b);
  const double error = ((x.hi * y.hi - product) + x.hi * y.lo + x.lo * y.hi) + x.lo * y.lo;
  return {product, error};
}

/** a · b to a relative error below 2^-102: a.lo · b.lo (< 2^-106 relative) dropped, three roundings of terms below 2^-51. */
inline DoubleDouble multiply(DoubleDouble a, DoubleDouble b)
{
  const DoubleDouble product = two_product(a.hi, b.hi);
  return fast_two_sum(product.hi, (a.hi * b.lo + a.lo * b.hi) + product.lo);
}

/**
 * a + b, for |b| at most a third of |a| or of one sign with it (no cancellation): two roundings
 * of terms below 2^-52 |a + b|, a relative error below 2^-102.
 */
inline DoubleDouble add(DoubleDouble a, DoubleDouble b)
{
  const DoubleDouble sum = two_sum(a.hi, b.hi);
  return fast_two_sum(sum.hi, (sum.lo + a.lo) + b.lo);
}

}  // namespace rclsim::portable_math
