// rcppmath::RollingMeanAccumulator (rcpputils' rcppmath/rolling_mean_accumulator.hpp): Jazzy's
// name for rcpputils::RollingMeanAccumulator, which Jazzy's diff_drive_controller includes
// (later releases deprecate it for the rcpputils header).
#ifndef RCPPMATH__ROLLING_MEAN_ACCUMULATOR_HPP_
#define RCPPMATH__ROLLING_MEAN_ACCUMULATOR_HPP_

#include "rcpputils/rolling_mean_accumulator.hpp"

namespace rcppmath
{

template<typename T>
using RollingMeanAccumulator = rcpputils::RollingMeanAccumulator<T>;

}  // namespace rcppmath

#endif  // RCPPMATH__ROLLING_MEAN_ACCUMULATOR_HPP_
