// <cmath> with the same bits on every CPU (docs/cpp-process.md "The same bits on every CPU"). libm's
// sin, exp, pow… are not correctly rounded: their last bits differ between CPUs (arm64, x86-64) and
// between x86-64 machines with and without FMA (glibc picks its code by CPU). The functions here
// stand in for libm's, as machine.cpp's do for libc's clocks: the program links the client whole,
// so its calls (and those of the libraries it loads: the executable exports them) come here. Each
// runs libm's own first, for its errno, its special values (NaN, ±inf, poles, signed zeros) and its
// domain errors, then gives finite arguments MPFR's correctly rounded result, which is unique: the
// same bits everywhere; sin and cos (sine_cosine.hpp) first try an evaluation that knows its error
// and gives that result without libm or MPFR wherever its rounding is decided. MPFR is loaded with dlopen at the first call, so that a program links as
// before; where the client was built without mpfr.h, or libmpfr.so.6 does not load, libm's values
// stand and the program is told so in one line.
#include <dlfcn.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <mutex>
#include <string>

#include "sine_cosine.hpp"

#ifdef RCLSIM_HAVE_MPFR
#include <mpfr.h>
#endif

namespace rclsim::portable_math
{
namespace
{

/** libm's own definition of `name`: the next one after the executable's (these). */
template<typename Function>
Function libm_function(const char * name)
{
  return reinterpret_cast<Function>(dlsym(RTLD_NEXT, name));
}

void say_libm_stands(const std::string & why)
{
  const std::string line = "rclsim: " + why +
    ", so this program's math functions (sin, exp, pow…) are the C library's, whose last bits differ "
    "between CPUs (Debian's libmpfr-dev; docs/cpp-process.md)\n";
  ssize_t written = ::write(STDERR_FILENO, line.data(), line.size());
  (void)written;
}

#ifdef RCLSIM_HAVE_MPFR

/** MPFR's functions, from libmpfr.so.6 (their types from mpfr.h). */
struct Mpfr
{
  decltype(&::mpfr_set_d) set_d;
  decltype(&::mpfr_set_flt) set_flt;
  decltype(&::mpfr_get_d) get_d;
  decltype(&::mpfr_get_flt) get_flt;
  decltype(&::mpfr_subnormalize) subnormalize;
  decltype(&::mpfr_get_emin) get_emin;
  decltype(&::mpfr_get_emax) get_emax;
  decltype(&::mpfr_set_emin) set_emin;
  decltype(&::mpfr_set_emax) set_emax;
  decltype(&::mpfr_sin) sin, cos, tan, asin, acos, atan, sinh, cosh, tanh, asinh, acosh, atanh;
  decltype(&::mpfr_sin) exp, exp2, expm1, log, log2, log10, log1p, cbrt, erf, erfc, gamma;
  decltype(&::mpfr_lgamma) lgamma;
  decltype(&::mpfr_atan2) atan2, pow, hypot;
};

/** MPFR loaded, or nullptr (said once) where libmpfr.so.6 cannot be. */
const Mpfr * mpfr()
{
  static const Mpfr * loaded = [] () -> const Mpfr * {
      void * library = dlopen("libmpfr.so.6", RTLD_NOW | RTLD_LOCAL);
      if (library == nullptr) {
        say_libm_stands(std::string("libmpfr.so.6 does not load (") + dlerror() + ")");
        return nullptr;
      }
      static Mpfr functions;
      bool complete = true;
      auto take = [&](auto & slot, const char * name) {
          slot = reinterpret_cast<std::remove_reference_t<decltype(slot)>>(dlsym(library, name));
          complete = complete && slot != nullptr;
        };
      take(functions.set_d, "mpfr_set_d");
      take(functions.set_flt, "mpfr_set_flt");
      take(functions.get_d, "mpfr_get_d");
      take(functions.get_flt, "mpfr_get_flt");
      take(functions.subnormalize, "mpfr_subnormalize");
      take(functions.get_emin, "mpfr_get_emin");
      take(functions.get_emax, "mpfr_get_emax");
      take(functions.set_emin, "mpfr_set_emin");
      take(functions.set_emax, "mpfr_set_emax");
      take(functions.sin, "mpfr_sin");
      take(functions.cos, "mpfr_cos");
      take(functions.tan, "mpfr_tan");
      take(functions.asin, "mpfr_asin");
      take(functions.acos, "mpfr_acos");
      take(functions.atan, "mpfr_atan");
      take(functions.sinh, "mpfr_sinh");
      take(functions.cosh, "mpfr_cosh");
      take(functions.tanh, "mpfr_tanh");
      take(functions.asinh, "mpfr_asinh");
      take(functions.acosh, "mpfr_acosh");
      take(functions.atanh, "mpfr_atanh");
      take(functions.exp, "mpfr_exp");
      take(functions.exp2, "mpfr_exp2");
      take(functions.expm1, "mpfr_expm1");
      take(functions.log, "mpfr_log");
      take(functions.log2, "mpfr_log2");
      take(functions.log10, "mpfr_log10");
      take(functions.log1p, "mpfr_log1p");
      take(functions.cbrt, "mpfr_cbrt");
      take(functions.erf, "mpfr_erf");
      take(functions.erfc, "mpfr_erfc");
      take(functions.gamma, "mpfr_gamma");
      take(functions.lgamma, "mpfr_lgamma");
      take(functions.atan2, "mpfr_atan2");
      take(functions.pow, "mpfr_pow");
      take(functions.hypot, "mpfr_hypot");
      if (!complete) {
        say_libm_stands("libmpfr.so.6 lacks a function the client uses (MPFR 4.0 or newer is needed)");
        return nullptr;
      }
      return &functions;
    }();
  return loaded;
}

/** A floating-point type's format as MPFR emulates it: precision and exponent range (subnormals too). */
template<typename Real>
struct Format;

template<>
struct Format<double>
{
  static constexpr mpfr_prec_t precision = 53;
  static constexpr mpfr_exp_t emin = -1073;
  static constexpr mpfr_exp_t emax = 1024;
  static int set(const Mpfr & m, mpfr_ptr to, double value) {return m.set_d(to, value, MPFR_RNDN);}
  static double get(const Mpfr & m, mpfr_srcptr from) {return m.get_d(from, MPFR_RNDN);}
};

template<>
struct Format<float>
{
  static constexpr mpfr_prec_t precision = 24;
  static constexpr mpfr_exp_t emin = -148;
  static constexpr mpfr_exp_t emax = 128;
  static int set(const Mpfr & m, mpfr_ptr to, float value) {return m.set_flt(to, value, MPFR_RNDN);}
  static float get(const Mpfr & m, mpfr_srcptr from) {return m.get_flt(from, MPFR_RNDN);}
};

/** MPFR's exponent range set to the type's for one computation, and the caller's put back after. */
class ExponentRange
{
public:
  ExponentRange(const Mpfr & m, mpfr_exp_t emin, mpfr_exp_t emax)
  : m_(m), emin_(m.get_emin()), emax_(m.get_emax())
  {
    m.set_emin(emin);
    m.set_emax(emax);
  }
  ~ExponentRange()
  {
    m_.set_emin(emin_);
    m_.set_emax(emax_);
  }
  ExponentRange(const ExponentRange &) = delete;
  ExponentRange & operator=(const ExponentRange &) = delete;

private:
  const Mpfr & m_;
  mpfr_exp_t emin_;
  mpfr_exp_t emax_;
};

/** Set while MPFR computes: a libm call of its own (or of a library it uses) gets libm's value. */
thread_local bool computing = false;

/**
 * libm's result of finite arguments replaced by the correctly rounded one that `compute(mpfr,
 * result, arguments…)` (an MPFR function at the type's precision, to nearest) gives; libm's where
 * MPFR's is not a finite number (poles, domain errors, overflow: errno and value as libm gave
 * them) but a NaN of no NaN argument is the positive quiet NaN, and a zero has the sign of libm's.
 * `errno_before` is errno before libm's call.
 */
template<typename Real, typename Compute, typename ... Arguments>
Real correctly_rounded(Real libm_result, int errno_before, Compute compute, Arguments... arguments)
{
  if (std::isnan(libm_result) && !(std::isnan(arguments) || ...)) {
    // A domain error's NaN: x86-64's libm gives one with the sign bit set, arm64's without.
    return std::numeric_limits<Real>::quiet_NaN();
  }
  if (computing || !(std::isfinite(arguments) && ...)) {
    return libm_result;
  }
  const Mpfr * m = mpfr();
  if (m == nullptr) {
    return libm_result;
  }
  using F = Format<Real>;
  computing = true;
  Real value;
  {
    ExponentRange range(*m, F::emin, F::emax);
    MPFR_DECL_INIT(result, F::precision);
    MPFR_DECL_INIT(first, F::precision);
    MPFR_DECL_INIT(second, F::precision);
    mpfr_ptr operands[] = {first, second};
    size_t at = 0;
    ((void)F::set(*m, operands[at++], arguments), ...);
    int ternary = 0;
    if constexpr (sizeof...(Arguments) == 1) {
      ternary = compute(*m, result, first);
    } else {
      ternary = compute(*m, result, first, second);
    }
    m->subnormalize(result, ternary, MPFR_RNDN);
    value = F::get(*m, result);
  }
  computing = false;
  if (!std::isfinite(value)) {
    return libm_result;
  }
  if (value == 0) {
    return std::copysign(value, libm_result);
  }
  if (!std::isfinite(libm_result)) {
    // libm overflowed where the correctly rounded value is finite: no range error after all.
    errno = errno_before;
  }
  return value;
}

/** An MPFR function of one or two arguments, to nearest. */
template<typename Member>
auto to_nearest(Member function)
{
  return [function](const Mpfr & m, mpfr_ptr result, auto... operands) {
           return (m.*function)(result, operands..., MPFR_RNDN);
         };
}

/** log|Γ(x)| (MPFR gives Γ's sign apart, as libm's signgam, which libm's call set). */
int log_gamma(const Mpfr & m, mpfr_ptr result, mpfr_srcptr x)
{
  int sign = 0;
  return m.lgamma(result, &sign, x, MPFR_RNDN);
}

#define RCLSIM_MPFR(name) rclsim::portable_math::to_nearest(&rclsim::portable_math::Mpfr::name)
#define RCLSIM_MPFR_LGAMMA rclsim::portable_math::log_gamma

/** Whether results are MPFR's (so a fast path's, the same bits, may stand in): not while it computes. */
bool correctly_rounding() {return !computing && mpfr() != nullptr;}

#else

/** No MPFR: libm's results, and the program told so at the first call. */
void say_built_without_mpfr()
{
  static std::once_flag said;
  std::call_once(said, [] {say_libm_stands("the C++ client was built without MPFR (no mpfr.h)");});
}

template<typename Real, typename Compute, typename ... Arguments>
Real correctly_rounded(Real libm_result, int, Compute, Arguments...)
{
  say_built_without_mpfr();
  return libm_result;
}

#define RCLSIM_MPFR(name) 0
#define RCLSIM_MPFR_LGAMMA 0

constexpr bool computing = false;

constexpr bool correctly_rounding() {return false;}

#endif

/** A function's fast path (sine_cosine.hpp): true with the correctly rounded result where it decides it. */
template<typename Real>
bool fast_sine(Real & result, Real x) {return correctly_rounding() && fast_sine_or_cosine(x, 0, result);}

template<typename Real>
bool fast_cosine(Real & result, Real x) {return correctly_rounding() && fast_sine_or_cosine(x, 1, result);}

/** The functions without one. */
template<typename Real, typename ... Arguments>
bool no_fast_path(Real &, Arguments...) {return false;}

/**
 * One function's last call on this thread: its arguments (their bits: -0 is not 0) and result.
 * A correctly rounded value depends on the arguments alone, so the same call again (a sine of
 * one angle for each of ten joints) returns it without libm or MPFR. Kept only where the call
 * did nothing else: finite arguments and results, errno as it was; never while MPFR computes
 * (its own calls get libm's values, which are not these).
 */
template<typename Real>
class LastCall
{
public:
  template<typename ... Arguments>
  bool find(Real & result, Arguments... arguments) const
  {
    if (!held_ || computing || key(arguments...) != key_) {
      return false;
    }
    result = result_;
    return true;
  }

  template<typename ... Arguments>
  void keep(Real result, Real libm_result, int errno_before, Arguments... arguments)
  {
    if (computing || errno != errno_before || !std::isfinite(result) || !std::isfinite(libm_result) ||
      !(std::isfinite(arguments) && ...))
    {
      return;
    }
    hold(result, arguments...);
  }

  /** keep's, for a result that is finite of finite arguments and left errno alone (a fast path's). */
  template<typename ... Arguments>
  void hold(Real result, Arguments... arguments)
  {
    key_ = key(arguments...);
    result_ = result;
    held_ = true;
  }

private:
  struct Key
  {
    uint64_t first = 0;
    uint64_t second = 0;
    bool operator!=(const Key & other) const {return first != other.first || second != other.second;}
  };

  template<typename ... Arguments>
  static Key key(Arguments... arguments)
  {
    static_assert(sizeof...(Arguments) <= 2 && ((sizeof(Arguments) <= sizeof(uint64_t)) && ...), "a key holds two arguments' bits");
    Key made;
    uint64_t * slot = &made.first;
    ((std::memcpy(slot++, &arguments, sizeof(arguments))), ...);
    return made;
  }

  bool held_ = false;
  Key key_;
  Real result_ = 0;
};

}  // namespace
}  // namespace rclsim::portable_math

using rclsim::portable_math::correctly_rounded;
using rclsim::portable_math::fast_cosine;
using rclsim::portable_math::fast_sine;
using rclsim::portable_math::no_fast_path;
using rclsim::portable_math::LastCall;
using rclsim::portable_math::libm_function;

// One definition per function and type: libm's result first, then the portable value (`value`).
#define RCLSIM_COMPUTED(Signature, Real, name, compute, ...) \
  static const auto libm = libm_function<Signature>(#name); \
  int errno_before = errno; \
  Real libm_result = libm(__VA_ARGS__); \
  Real value = correctly_rounded<Real>(libm_result, errno_before, compute, __VA_ARGS__);

// As computed, unless this is the last call again (then its value) or the fast path decides it.
#define RCLSIM_PORTABLE(Signature, Real, name, compute, fast, ...) \
  static thread_local LastCall<Real> last; \
  Real kept; \
  if (last.find(kept, __VA_ARGS__)) { \
    return kept; \
  } \
  if (fast(kept, __VA_ARGS__)) { \
    last.hold(kept, __VA_ARGS__); \
    return kept; \
  } \
  RCLSIM_COMPUTED(Signature, Real, name, compute, __VA_ARGS__) \
  last.keep(value, libm_result, errno_before, __VA_ARGS__); \
  return value;

#define RCLSIM_UNARY_WITH(name, mpfr_name, fast) \
  double name(double x) noexcept {RCLSIM_PORTABLE(double (*)(double), double, name, RCLSIM_MPFR(mpfr_name), fast, x)} \
  float name ## f(float x) noexcept {RCLSIM_PORTABLE(float (*)(float), float, name ## f, RCLSIM_MPFR(mpfr_name), fast, x)}

#define RCLSIM_UNARY(name, mpfr_name) RCLSIM_UNARY_WITH(name, mpfr_name, no_fast_path)

#define RCLSIM_BINARY(name, mpfr_name) \
  double name(double x, double y) noexcept {RCLSIM_PORTABLE(double (*)(double, double), double, name, RCLSIM_MPFR(mpfr_name), no_fast_path, x, y)} \
  float name ## f(float x, float y) noexcept {RCLSIM_PORTABLE(float (*)(float, float), float, name ## f, RCLSIM_MPFR(mpfr_name), no_fast_path, x, y)}

extern "C" {

RCLSIM_UNARY_WITH(sin, sin, fast_sine)
RCLSIM_UNARY_WITH(cos, cos, fast_cosine)
RCLSIM_UNARY(tan, tan)
RCLSIM_UNARY(asin, asin)
RCLSIM_UNARY(acos, acos)
RCLSIM_UNARY(atan, atan)
RCLSIM_UNARY(sinh, sinh)
RCLSIM_UNARY(cosh, cosh)
RCLSIM_UNARY(tanh, tanh)
RCLSIM_UNARY(asinh, asinh)
RCLSIM_UNARY(acosh, acosh)
RCLSIM_UNARY(atanh, atanh)
RCLSIM_UNARY(exp, exp)
RCLSIM_UNARY(exp2, exp2)
RCLSIM_UNARY(expm1, expm1)
RCLSIM_UNARY(log, log)
RCLSIM_UNARY(log2, log2)
RCLSIM_UNARY(log10, log10)
RCLSIM_UNARY(log1p, log1p)
RCLSIM_UNARY(cbrt, cbrt)
RCLSIM_UNARY(erf, erf)
RCLSIM_UNARY(erfc, erfc)
RCLSIM_UNARY(tgamma, gamma)
RCLSIM_BINARY(atan2, atan2)
RCLSIM_BINARY(pow, pow)
RCLSIM_BINARY(hypot, hypot)

// Never the last call's value: lgamma also sets signgam, which a call in between may have changed.
double lgamma(double x) noexcept {RCLSIM_COMPUTED(double (*)(double), double, lgamma, RCLSIM_MPFR_LGAMMA, x) return value;}
float lgammaf(float x) noexcept {RCLSIM_COMPUTED(float (*)(float), float, lgammaf, RCLSIM_MPFR_LGAMMA, x) return value;}

// GCC makes sin(x) and cos(x) of one x one call of sincos: each part as sin and cos give it.
#define RCLSIM_SINCOS(name, Real) \
  static const auto libm = libm_function<void (*)(Real, Real *, Real *)>(#name); \
  static thread_local LastCall<Real> last_sine, last_cosine; \
  if (last_sine.find(*sine, x) && last_cosine.find(*cosine, x)) { \
    return; \
  } \
  if (fast_sine(*sine, x) && fast_cosine(*cosine, x)) { \
    last_sine.hold(*sine, x); \
    last_cosine.hold(*cosine, x); \
    return; \
  } \
  int errno_before = errno; \
  Real libm_sine, libm_cosine; \
  libm(x, &libm_sine, &libm_cosine); \
  *sine = correctly_rounded<Real>(libm_sine, errno_before, RCLSIM_MPFR(sin), x); \
  *cosine = correctly_rounded<Real>(libm_cosine, errno_before, RCLSIM_MPFR(cos), x); \
  last_sine.keep(*sine, libm_sine, errno_before, x); \
  last_cosine.keep(*cosine, libm_cosine, errno_before, x);

void sincos(double x, double * sine, double * cosine) noexcept {RCLSIM_SINCOS(sincos, double)}

void sincosf(float x, float * sine, float * cosine) noexcept {RCLSIM_SINCOS(sincosf, float)}

}  // extern "C"
